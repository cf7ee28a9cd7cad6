"""What ``verify`` writes besides its report: a progress line on a terminal for runs longer
than a second (nothing else ever sees it), and ``--junit-xml FILE``."""

from __future__ import annotations

import io
import subprocess
import sys
import time
import xml.etree.ElementTree as ET
from pathlib import Path

from test_cli import portcheck

from portcheck.terminal.progress import CLEAR, Progress


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_appears_after_the_delay_and_is_cleared() -> None:
    screen = Terminal()
    with Progress(3, "ports checked", screen, delay=0.05) as progress:
        progress.advance()
        time.sleep(0.4)
        progress.advance()
        time.sleep(0.4)
    text = screen.getvalue()
    assert f"{CLEAR}1/3 ports checked" in text and f"{CLEAR}2/3 ports checked" in text
    assert text.endswith(CLEAR)  # the report that follows starts on a clean line


def test_no_progress_for_a_quick_run() -> None:
    screen = Terminal()
    with Progress(3, "ports checked", screen, delay=1.0) as progress:
        progress.advance()
    assert screen.getvalue() == ""


def test_no_progress_off_a_terminal() -> None:
    log = io.StringIO()
    with Progress(3, "ports checked", log, delay=0.0):
        time.sleep(0.2)
    assert log.getvalue() == ""


def test_verify_into_a_pipe_has_no_progress(project_copy: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "portcheck", "verify"], capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "\r" not in done.stdout and "\x1b" not in done.stdout
    assert "ports checked" not in done.stdout


def test_junit_xml(project_copy: Path, capsys, tmp_path: Path) -> None:
    transcript = project_copy / "ports/freecell/python/transcript.txt"
    transcript.write_text(transcript.read_text("utf-8").replace("J♦", "Q♦", 1), "utf-8")
    report = tmp_path / "junit.xml"
    code, out, _ = portcheck(capsys, "verify", "--junit-xml", str(report))
    assert code == 1
    root = ET.parse(report).getroot()
    suites = {suite.get("name"): suite for suite in root}
    assert set(suites) == {"freecell", "goldens"}
    cases = {(c.get("classname"), c.get("name")): c for c in suites["freecell"]}
    failure = cases[("ports/freecell/python", "transcript")].find("failure")
    assert failure is not None
    assert "case game-1, line 1" in failure.get("message", "")
    assert "+Q♦ 2♦ 9♥" in (failure.text or "")
    assert cases[("ports/freecell/java", "run")].find("failure") is None
    passed = int(out.rsplit("ports: ", 1)[1].split()[0])
    assert int(suites["freecell"].get("tests")) == len(cases) == passed + 2
    assert suites["freecell"].get("failures") == "2"  # its transcript and its fresh run

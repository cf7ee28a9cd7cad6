"""A port's bytes never reach the terminal raw (issue 29): an ANSI sequence a port prints
(on stdout or stderr) could erase the FAIL lines above it and print a fake ``ok``.  Every
report shows it escaped; ``run`` writes a program's output as it is into a pipe or a file,
escaped on a terminal."""

from __future__ import annotations

import os
import pty
import subprocess
import sys
from pathlib import Path

import pytest

from portcheck.terminal.controls import escape_controls
from tests.helpers.cli import portcheck, write

ERASE_AND_LIE = "\x1b[2K\x1b[1A\x1b[2Kok   everything passed\r\u202e"
PROGRAM = f"""\
import sys
print({ERASE_AND_LIE!r})
print({ERASE_AND_LIE!r}, file=sys.stderr)
sys.exit(3)
"""


def test_escape_controls_keeps_line_feeds_and_tabs() -> None:
    assert escape_controls("a\tb\nc\x1b[0m\r\x7f\x9b\u202e") == \
        "a\tb\nc\\x1b[0m\\x0d\\x7f\\x9b\\u202e"


def test_a_report_shows_a_ports_control_characters_escaped(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = write(tmp_path / "liar.py", PROGRAM)
    code, out, err = portcheck(capsys, "check", "freecell", str(program), "--cases", "game-1")
    assert code == 1
    assert "\x1b" not in out + err and "\r" not in out + err and "\u202e" not in out + err
    assert "\\x1b[2K" in out


def test_a_verify_report_and_junit_hold_no_control_character(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = project_copy / "ports" / "freecell" / "python"
    write(folder / "freecell.py", PROGRAM)
    junit = project_copy / "junit.xml"
    code, out, err = portcheck(capsys, "verify", "freecell", "--lang", "python",
                               "--junit-xml", str(junit))
    assert code == 1
    assert "\x1b" not in out + err and "\r" not in out + err
    assert "FAIL ports/freecell/python::run" in out
    assert "\x1b" not in junit.read_text(encoding="utf-8")


def _on_a_terminal(argv: list[str], cwd: Path) -> str:
    """What ``argv`` writes to a (pseudo) terminal."""
    leader, follower = pty.openpty()
    try:
        done = subprocess.run(argv, cwd=cwd, stdout=follower, stderr=subprocess.PIPE,
                              timeout=120, check=False)
        os.close(follower)
        follower = -1
        chunks = []
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                break
            if not chunk:
                break
            chunks.append(chunk)
    finally:
        os.close(leader)
        if follower >= 0:
            os.close(follower)
    assert done.returncode == 0, done.stderr
    return b"".join(chunks).decode("utf-8", "replace")


def test_run_escapes_a_programs_output_on_a_terminal_only(project_copy: Path) -> None:
    template = project_copy / "templates" / "python" / "freecell.py.j2"
    write(template, f"print({ERASE_AND_LIE!r})\n")
    argv = [sys.executable, "-m", "portcheck", "run", "freecell", "--lang", "python", "game=1"]
    shown = _on_a_terminal(argv, project_copy)
    assert "\x1b" not in shown and "\\x1b[2K" in shown
    piped = subprocess.run(argv, cwd=project_copy, capture_output=True, timeout=120,
                           check=False)
    assert piped.stdout == (ERASE_AND_LIE + "\n").encode()  # into a pipe: as it printed

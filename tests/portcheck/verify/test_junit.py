"""``verify --junit-xml FILE`` (``portcheck.verify.junit``): the checks as JUnit XML, a failed
check with its case, line and diff."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tests.helpers.cli import portcheck


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

"""``verify --junit-xml FILE`` (``portcheck.verify.junit``): the checks as JUnit XML, a failed
check with its case, line and diff."""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from tests.helpers.cli import portcheck
from tests.helpers.needs import missing_toolchain


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
    java_run = cases[("ports/freecell/java", "run")]
    assert java_run.find("failure") is None
    # Where a toolchain is missing, its port's run is a skip that names the package, once.
    missing = {language: missing_toolchain(language) for language in ("java", "pascal")}
    for language, why in missing.items():
        skipped = cases[(f"ports/freecell/{language}", "run")].find("skipped")
        assert (skipped is None) == (why is None)
        if why:
            assert skipped is not None and skipped.get("message") == f"no runtime: {why}"
    skips = sum(1 for why in missing.values() if why)
    summary = out.rsplit("ports: ", 1)[1]  # "15 checks passed, 2 failed, 0 skipped"
    passed = int(summary.split()[0])
    assert f"{skips} skipped" in summary
    assert int(suites["freecell"].get("tests")) == len(cases) == passed + 2 + skips
    assert suites["freecell"].get("failures") == "2"  # its transcript and its fresh run
    assert suites["freecell"].get("skipped") == str(skips)

"""``verify --junit-xml FILE``: the checks as a JUnit XML report, the format CI systems
read (GitLab, Jenkins, GitHub's test reporters).  One ``testsuite`` per algorithm, one
``testcase`` per check (``classname`` the port, ``name`` the check), the goldens' check as
a test case of its own; a failed check is a ``failure`` with its diff, a skipped or
not-applicable one ``skipped`` with the reason.  (The pytest plugin's items are covered by
pytest's own ``--junit-xml``.)"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.files.yamlio import write_atomic
from portcheck.golden.check import GoldenReport
from portcheck.suite.ports import Port
from portcheck.terminal.controls import escape_controls
from portcheck.verify.results import FAIL, NA, SKIP, CheckResult


def junit_xml(ports: list[Port], results: dict[str, list[CheckResult]],
              goldens: GoldenReport) -> str:
    root = ET.Element("testsuites", name="portcheck verify")
    suites: dict[str, ET.Element] = {}
    for port in ports:
        suite = suites.get(port.algorithm)
        if suite is None:
            suite = suites[port.algorithm] = ET.SubElement(root, "testsuite",
                                                          name=port.algorithm)
        for result in results.get(port.id, []):
            _case(suite, result)
    _goldens(root, goldens)
    for suite in root:
        cases = suite.findall("testcase")
        suite.set("tests", str(len(cases)))
        suite.set("failures", str(sum(1 for c in cases if c.find("failure") is not None)))
        suite.set("skipped", str(sum(1 for c in cases if c.find("skipped") is not None)))
        suite.set("errors", "0")
        suite.set("time", f"{sum(float(c.get('time', '0')) for c in cases):.3f}")
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def _case(suite: ET.Element, result: CheckResult) -> None:
    case = ET.SubElement(suite, "testcase", classname=result.port, name=result.kind,
                         time=f"{result.seconds:.3f}")
    if result.status == FAIL:
        failure = ET.SubElement(case, "failure", message=result.message, type=result.reason)
        failure.text = result.detail
    elif result.status in (SKIP, NA):
        said = result.message.startswith(f"{result.reason}:")  # "no runtime: javac not …"
        ET.SubElement(case, "skipped",
                      message=result.message if said else f"{result.reason}: {result.message}")
    if result.warnings:
        ET.SubElement(case, "system-err").text = "\n".join(result.warnings)


def _goldens(root: ET.Element, goldens: GoldenReport) -> None:
    suite = ET.SubElement(root, "testsuite", name="goldens")
    case = ET.SubElement(suite, "testcase", classname="golden", name="golden check")
    if goldens.failures:
        failure = ET.SubElement(case, "failure",
                                message=escape_controls("; ".join(goldens.failures)),
                                type="golden")
        failure.text = escape_controls("".join(goldens.diffs))  # XML holds no controls


def write_junit(path: Path, text: str) -> None:
    try:
        write_atomic(path, text)
    except OSError as error:
        raise UsageError(f"{path}: cannot write: {error.strerror}") from None

"""``--format json``: results in the shape of Exercism's test-runner interface
(``results.json``, version 3), which LMS plugins and CI bots already read.

One program's results are one object::

    {"version": 3, "status": "pass" | "fail" | "error", "message": "…" (error only),
     "tests": [{"name", "status": "pass" | "fail" | "error", "message", "output",
                "test_code"}, …]}

A test is one case (``check``, ``grade``) or one check of a port (``verify``, whose checks
cover a port's cases: the message names the first differing case).  ``status`` is
``error`` when no test ran to a verdict (the program did not build, or was not graded),
``fail`` when any test failed or erred, else ``pass``.  A test's ``output`` is what the
program printed for it, at most :data:`OUTPUT_LIMIT` characters (the interface's limit).
Checks ``verify`` skipped (no runtime here) or found not applicable have no status in the
interface: they are listed under an extra top-level key, ``skipped``, never as passed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from portcheck.verify.results import FAIL, PASS, SKIP, CheckResult, Reason

VERSION = 3
OUTPUT_LIMIT = 500  # characters of a test's output (Exercism's limit)
STATUSES = ("pass", "fail", "error")


def test(name: str, status: str, message: str = "", output: str | None = None,
         test_code: str = "") -> dict[str, Any]:
    """One entry of ``tests``; ``message`` is null for a passed test, as the interface
    asks."""
    assert status in STATUSES, status
    entry: dict[str, Any] = {"name": name, "status": status,
                             "message": message if status != "pass" else None}
    if output is not None:
        entry["output"] = clipped(output)
    entry["test_code"] = test_code
    return entry


def clipped(output: str) -> str:
    if len(output) <= OUTPUT_LIMIT:
        return output
    return (output[:OUTPUT_LIMIT] + f"\n… (output clipped: {len(output)} characters in "
            "all)")


def results(tests: list[dict[str, Any]], message: str = "") -> dict[str, Any]:
    """The top-level object of one program's tests; ``message``: why none ran (the
    top-level status is then ``error``)."""
    statuses = [t["status"] for t in tests]
    if not tests or all(s == "error" for s in statuses):
        first = next((t["message"] for t in tests if t["message"]), "")
        return {"version": VERSION, "status": "error", "message": message or first
                or "no tests ran", "tests": tests}
    status = "pass" if all(s == "pass" for s in statuses) else "fail"
    return {"version": VERSION, "status": status, "tests": tests}


def from_checks(checks: Iterable[CheckResult]) -> dict[str, Any]:
    """``verify``'s checks as tests: ``ports/freecell/java::run`` passed or failed; those
    skipped or not applicable under ``skipped``."""
    tests, skipped = [], []
    for check in checks:
        name = f"{check.port}::{check.kind}"
        if check.status in (PASS, FAIL):
            tests.append(test(name, "pass" if check.status == PASS else _failed(check),
                              check.message, test_code=f"portcheck verify: the {check.kind} "
                              f"check of {check.port}"))
        else:
            skipped.append({"name": name, "status": "skip" if check.status == SKIP
                            else "n/a", "message": check.message})
    document = results(tests)
    if not tests:
        document["message"] = "no check ran to a verdict"
    document["skipped"] = skipped
    return document


def _failed(check: CheckResult) -> str:
    """A check whose program did not end well (crash, a limit, a failed build) is an
    error; a wrong output a fail."""
    return "fail" if check.reason in (Reason.DIFFERS, Reason.MISSING) else "error"


# JSON escapes the C0 controls itself; these it would leave raw with ensure_ascii off:
# DEL, the C1 controls and the formatting characters that reorder text on a terminal.
_RAW = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def json_text(document: object) -> str:
    """``document`` as JSON, readable (♦ stays ♦), with no character that a terminal
    showing it would act on (escaped as ``\\uXXXX``: the same data)."""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    return _RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)

"""``--format json``: results in the shape of Exercism's test-runner interface
(``results.json``, version 3), which LMS plugins and CI bots already read.

One program's results are one object::

    {"version": 3, "status": "pass" | "fail" | "error", "message": "…" (error only),
     "tests": [{"name", "status": "pass" | "fail" | "error", "message", "output",
                "test_code"}, …]}

A test is one case wherever the check is made case by case (``check``, ``grade``, and
``verify``'s ``run`` check: ``ports/freecell/python::run::game-1``), and one check of a
port where it is not (``verify``'s ``transcript``, ``fresh``, ``deep``); a failed build is
a test of its own (``…::build``, the compiler's messages) beside its cases, each an
``error``.  ``status`` is ``error`` when no test ran to a verdict, ``fail`` when any test
failed or erred, else ``pass``.  A test's ``output`` is what the program printed for it,
at most :data:`OUTPUT_LIMIT` characters in all (the interface's limit, the note saying so
counted in); its ``test_code`` how to check that case again (:func:`rerun`).  What has no
status in the interface (a skip: no runtime here; ``n/a``: a case beyond a port's
``limits``) is listed under an extra top-level key, ``skipped``, never as passed.
(docs/grading.md says all of this for a reader.)
"""

from __future__ import annotations

import json
import os
import re
import shlex
from collections.abc import Iterable, Mapping
from typing import Any

from portcheck.suite.ports import Port
from portcheck.verify.results import FAIL, PASS, SKIP, CaseResult, CheckResult, Reason

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
    """``output`` as the interface takes it: at most :data:`OUTPUT_LIMIT` characters, a
    longer one cut and ending with a note that says so (the note counted in)."""
    if len(output) <= OUTPUT_LIMIT:
        return output
    note = f"\n… (output truncated to {OUTPUT_LIMIT} characters: {len(output)} in all)"
    return output[:OUTPUT_LIMIT - len(note)] + note


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


def case_test(name: str, case: CaseResult, test_code: str) -> dict[str, Any]:
    """One case as a test (pass, fail or error)."""
    return test(name, case.status, case.message, case.output or None, test_code)


def build_test(name: str, message: str, failed_build: str, test_code: str) -> dict[str, Any]:
    """A failed build as a test of its own: ``message`` (portcheck's line) and then what the
    compiler said (``failed_build``: the build error's text, whose first line is
    portcheck's own)."""
    compiler = "\n".join(failed_build.strip().splitlines()[1:]).rstrip()
    return test(name, "error", message + (f"\n{compiler}" if compiler else ""),
                test_code=test_code)


def from_checks(checks: Iterable[CheckResult],
                ports: Mapping[str, Port] | None = None) -> dict[str, Any]:
    """``verify``'s checks as tests: a check made case by case as a test a case
    (``ports/freecell/java::run::game-1``), any other as one (``…::transcript``); skips and
    cases not applicable under ``skipped``.  ``ports`` by id: for each case's
    ``test_code``."""
    tests, skipped = [], []
    for check in checks:
        port = (ports or {}).get(check.port)
        again = f"portcheck verify: the {check.kind} check of {check.port}"
        if port is not None:
            again = f"portcheck verify {port.algorithm} --lang {port.folder.name} --fresh"
            if check.kind != "run":
                again += f"\n# its {check.kind} check"
        if check.reason == Reason.BUILD_FAILED:  # the run's build; another check's its own
            where = "" if check.kind == "run" else f"::{check.kind}"
            tests.append(build_test(f"{check.port}{where}::build", check.message,
                                    check.detail, again))
        if check.cases:
            for case in check.cases:
                name = f"{check.port}::run::{case.case_id}"
                if case.status in STATUSES:
                    code = again if port is None else rerun(port, case.case_id,
                                                            fallback=again)
                    tests.append(case_test(name, case, code))
                else:
                    skipped.append({"name": name, "status": case.status,
                                    "message": case.message})
        elif check.status in (PASS, FAIL):
            tests.append(test(f"{check.port}::{check.kind}",
                              "pass" if check.status == PASS else _failed(check),
                              check.message, test_code=again))
        else:
            skipped.append({"name": f"{check.port}::{check.kind}",
                            "status": "skip" if check.status == SKIP else "n/a",
                            "message": check.message})
    document = results(tests)
    if not tests:
        document["message"] = "no check ran to a verdict"
    document["skipped"] = skipped
    return document


def _failed(check: CheckResult) -> str:
    """A check whose program did not end well (crash, a limit, a failed build) is an
    error; a wrong output a fail."""
    return "fail" if check.reason in (Reason.DIFFERS, Reason.MISSING) else "error"


def rerun(port: Port, case_id: str, normalize_file: str | None = None,
          fallback: str = "") -> str:
    """How to check ``case_id`` of ``port``'s program again, as a ``portcheck check``
    command: that case alone when the program runs once a case, else the one run of all
    its cases (a comment line says which part of its output is this case).  A program
    whose runs ``check`` cannot give (its input scripted by the reference, runner
    options) gets ``fallback``."""
    normalize = normalize_file or (_shown(port.folder / "port.yaml") if port.normalize
                                   else None)
    if port.stdin_from_reference or port.options or (port.runs != "once" and not port.args) \
            or (port.normalize and normalize is None):
        return fallback
    words = ["portcheck", "check", port.algorithm, _shown(port.program)]
    if port.language:
        words += ["--lang", port.language]
    if port.runs != "once":
        words += ["--args", args_value(port.args), "--cases", case_id]
    else:
        words += ["--cases", ",".join(case.id for case in port.applicable)]
    if port.compare != "exact":
        words += ["--compare", port.compare]
    if normalize:
        words += ["--normalize", normalize]
    if port.stdin is not None:
        words += ["--stdin", _shown(port.stdin)]
    command = shlex.join(words)
    if port.runs == "once" and len(port.applicable) > 1:
        command += f"\n# case {case_id} is its part of the output of that one run"
    return command


def args_value(args: Iterable[str]) -> str:
    """The value of ``--args`` that ``check`` splits into ``args`` again (a word is quoted
    only where splitting would change it: ``{game}`` stays ``{game}``)."""
    return " ".join(w if shlex.split(w) == [w] else shlex.quote(w) for w in args)


def _shown(path: os.PathLike[str] | str) -> str:
    """A path as a command line gives it: relative to the working folder when inside it."""
    relative = os.path.relpath(path)
    return str(path) if relative.startswith("..") else relative


# JSON escapes the C0 controls itself; these it would leave raw with ensure_ascii off:
# DEL, the C1 controls and the formatting characters that reorder text on a terminal.
_RAW = re.compile("[\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def json_text(document: object) -> str:
    """``document`` as JSON, readable (♦ stays ♦), with no character that a terminal
    showing it would act on (escaped as ``\\uXXXX``: the same data)."""
    text = json.dumps(document, ensure_ascii=False, indent=2)
    return _RAW.sub(lambda m: f"\\u{ord(m.group()):04x}", text)

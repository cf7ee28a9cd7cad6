"""The results.json shape (Exercism's test-runner interface, version 3): the top-level
status from the tests', null messages for passed tests, the output clipped, and JSON that a
terminal showing it cannot be steered by."""

from __future__ import annotations

import json

from portcheck.verify import exercism
from portcheck.verify.results import FAIL, NA, PASS, SKIP, CaseResult, CheckResult, Reason
from tests.helpers.results_json import assert_results_json


def test_the_top_level_status_follows_the_tests() -> None:
    ok = exercism.test("a", "pass")
    wrong = exercism.test("b", "fail", "case b, line 1: expected 'x', got 'y'")
    crashed = exercism.test("c", "error", "exit code 1")
    assert exercism.results([ok]) == {"version": 3, "status": "pass", "tests": [ok]}
    assert exercism.results([ok, wrong])["status"] == "fail"
    assert exercism.results([ok, crashed])["status"] == "fail"  # one ran to a verdict
    both = exercism.results([crashed, crashed], "the build failed")
    assert (both["status"], both["message"]) == ("error", "the build failed")
    assert exercism.results([crashed])["message"] == "exit code 1"
    assert exercism.results([], "not graded: two programs")["message"] == \
        "not graded: two programs"
    assert ok["message"] is None and wrong["message"].startswith("case b")


def test_a_tests_output_is_clipped_to_the_interfaces_limit() -> None:
    entry = exercism.test("a", "fail", "differs", "x" * 2000)
    assert len(entry["output"]) == exercism.OUTPUT_LIMIT  # the note counted in: "must be
    assert entry["output"].startswith("x" * 400)  # limited to 500 chars"
    assert entry["output"].endswith("(output truncated to 500 characters: 2000 in all)")
    assert exercism.clipped(entry["output"]) == entry["output"]  # clipped once is enough
    assert exercism.test("a", "pass", output="y" * 500)["output"] == "y" * 500
    assert exercism.test("a", "pass", output="short\n")["output"] == "short\n"


def test_verify_checks_are_tests_and_skips_are_listed_apart() -> None:
    document = exercism.from_checks([
        CheckResult("ports/x/java", "transcript", PASS, "9 cases"),
        CheckResult("ports/x/java", "run", FAIL, "stopped at the time limit",
                    reason=Reason.TIME_LIMIT),
        CheckResult("ports/x/pascal", "run", SKIP, "no runtime: fpc not found"),
        CheckResult("ports/x/kumir", "limits", NA, "2 cases not applicable"),
        CheckResult("ports/x/bsl", "run", FAIL, "fresh run differs: case g-1, line 2"),
    ])
    assert document["status"] == "fail"
    assert [(t["name"], t["status"]) for t in document["tests"]] == [
        ("ports/x/java::transcript", "pass"), ("ports/x/java::run", "error"),
        ("ports/x/bsl::run", "fail")]
    assert [(s["name"], s["status"]) for s in document["skipped"]] == [
        ("ports/x/pascal::run", "skip"), ("ports/x/kumir::limits", "n/a")]
    only_skips = exercism.from_checks([CheckResult("p", "run", SKIP, "no runtime")])
    assert only_skips["status"] == "error" and only_skips["message"]


def test_json_keeps_the_data_and_no_terminal_control() -> None:
    data = {"output": "7♦ \x1b[2J \x9b1m \u202eevil \x7f"}
    text = exercism.json_text(data)
    assert json.loads(text) == data  # the same data
    assert "7♦" in text  # readable
    for raw in ("\x1b", "\x9b", "\u202e", "\x7f"):
        assert raw not in text


def test_a_check_made_case_by_case_is_a_test_a_case() -> None:
    """The run check's cases are its tests (skips and n/a listed apart, by case); a failed
    build is a test of its own, with what the compiler said after portcheck's line."""
    document = exercism.from_checks([
        CheckResult("ports/x/py", "run", FAIL, "fresh run differs", reason=Reason.DIFFERS,
                    cases=[CaseResult("g-1", "pass", output="a\n"),
                           CaseResult("g-2", "fail", "case g-2, line 1: expected 'b', got 'c'",
                                      "c\n")]),
        CheckResult("ports/x/py", "limits", NA, "1 case not applicable",
                    cases=[CaseResult("g-3", "n/a", "g=3: too big")]),
        CheckResult("ports/x/c", "run", FAIL, "build failed: x.c:1: error: oops",
                    "x.c: gcc failed\nx.c:1: error: oops\n  1 | int x", reason=Reason.BUILD_FAILED,
                    cases=[CaseResult("g-1", "error", "build failed: x.c:1: error: oops")]),
        CheckResult("ports/x/kum", "run", SKIP, "no runtime",
                    cases=[CaseResult("g-1", "skip", "no runtime")]),
    ])
    assert_results_json(document)
    assert [(t["name"], t["status"]) for t in document["tests"]] == [
        ("ports/x/py::run::g-1", "pass"), ("ports/x/py::run::g-2", "fail"),
        ("ports/x/c::build", "error"), ("ports/x/c::run::g-1", "error")]
    assert document["tests"][1]["output"] == "c\n"
    assert document["tests"][2]["message"] == ("build failed: x.c:1: error: oops\n"
                                               "x.c:1: error: oops\n  1 | int x")
    assert document["skipped"] == [
        {"name": "ports/x/py::run::g-3", "status": "n/a", "message": "g=3: too big"},
        {"name": "ports/x/kum::run::g-1", "status": "skip", "message": "no runtime"}]

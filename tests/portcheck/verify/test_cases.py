"""A port's run check case by case (``portcheck.verify.cases``): each case's piece of one
run compared alone, never disagreeing with the comparison of the whole run; a run that
ended badly makes errors of the cases it left without output, the cases before it keeping
their verdicts."""

from __future__ import annotations

from pathlib import Path

from portcheck.suite.compare import Segment, compare
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import find_project
from portcheck.verify import cases
from portcheck.verify.execution import Output
from portcheck.verify.results import FAIL, CheckResult, Reason, RunProblem
from tests.helpers.reference import freecell

LABELS = ("transcript.txt", "fresh run")
SAID = "fresh run differs from transcript.txt: "


def _port(project_copy: Path) -> Port:
    return next(p for p in find_ports(find_project()) if p.id == "ports/freecell/python")


def _expectation(ids: tuple[str, ...]) -> cases.Expectation:
    return cases.Expectation([Segment(cid, freecell.output(**freecell.CASES[cid]))
                              for cid in ids], LABELS, None, SAID)


def test_a_run_that_matches_passes_every_case_with_its_output(project_copy: Path) -> None:
    port, expectation = _port(project_copy), _expectation(("game-1", "game-617"))
    printed = freecell.output(1) + freecell.output(617)
    pieces = cases.pieces_of(port, [], [Output(printed)], expectation.segments)
    verdicts = cases.compared(port, expectation, pieces, None)
    assert [(v.case_id, v.status, v.output) for v in verdicts] == [
        ("game-1", "pass", freecell.output(1)), ("game-617", "pass", freecell.output(617))]


def test_one_wrong_line_fails_its_case_alone_with_the_terminals_line(
        project_copy: Path) -> None:
    port, expectation = _port(project_copy), _expectation(("game-1", "game-617", "game-2"))
    printed = freecell.output(1) + freecell.output(617).replace("K♥", "K♦", 1) \
        + freecell.output(2)
    whole = compare(expectation.segments, printed, "exact", LABELS)
    assert whole is not None
    pieces = cases.pieces_of(port, [], [Output(printed)], expectation.segments)
    verdicts = cases.compared(port, expectation, pieces, whole)
    assert [v.status for v in verdicts] == ["pass", "fail", "pass"]
    assert verdicts[1].message == SAID + whole.one_line()  # as the terminal says it
    assert "case game-617, line 2: expected 'T♦ 7♠ Q♦ A♣ 6♦ 8♥ A♠ K♥'" in verdicts[1].message


def test_output_after_the_last_case_fails_the_last_case(project_copy: Path) -> None:
    port, expectation = _port(project_copy), _expectation(("game-1", "game-617"))
    printed = freecell.output(1) + freecell.output(617) + "one line too many\n"
    whole = compare(expectation.segments, printed, "exact", LABELS)
    assert whole is not None
    verdicts = cases.compared(port, expectation, cases.pieces_of(
        port, [], [Output(printed)], expectation.segments), whole)
    assert [v.status for v in verdicts] == ["pass", "fail"]  # never all passed


def test_a_failed_build_makes_every_case_an_error(project_copy: Path) -> None:
    port, expectation = _port(project_copy), _expectation(("game-1", "game-617"))
    made = cases.Runs(problem=RunProblem(CheckResult(
        port.id, "run", FAIL, "build failed: deal.py:1: SyntaxError", "compiler said",
        reason=Reason.BUILD_FAILED)))
    verdicts = cases.after_problem(port, expectation, [], made)
    assert [(v.case_id, v.status, v.message) for v in verdicts] == [
        ("game-1", "error", "build failed: deal.py:1: SyntaxError"),
        ("game-617", "error", "build failed: deal.py:1: SyntaxError")]


def test_a_long_output_is_kept_clipped_as_the_interface_takes_it(project_copy: Path) -> None:
    port, expectation = _port(project_copy), _expectation(("game-1",))
    printed = freecell.output(1) * 20
    verdicts = cases.compared(port, expectation, {"game-1": printed}, None)
    assert len(verdicts[0].output) == 500 and verdicts[0].output.startswith(freecell.output(1))

"""A port's ``run`` check case by case: each case of a fresh run pass, fail, error, skip or
n/a, as ``--format json`` reports them (one Exercism test a case).

The check itself still compares the whole run with the whole expectation (the terminal's
verdict and diff are that comparison's); the cases are that run cut into its cases
(``suite.slicing.cut``, as a transcript is cut; a program run once a case gives each case
its own run's output) and each piece compared alone.  The two never disagree: when the
whole run matches, every case passes; when it differs, the case the whole difference names
fails with the terminal's own line, and the others fail only where their own piece
differs (a difference a piece cannot show, output after the last case, is the last case's).

A run that did not end well fails every case it leaves without output: a failed build,
a crash or a limit of a run of every case makes each case an ``error`` with how it ended;
with one run a case, the case whose run ended badly is the ``error``, the cases before it
have their verdicts, the cases after it were not run (``error``, saying so).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from portcheck.runners.environment import PLAIN, RunEnvironment
from portcheck.suite.compare import Difference, Segment, compare
from portcheck.suite.normalize import Normalize
from portcheck.suite.ports import Port
from portcheck.suite.slicing import cut
from portcheck.terminal.clip import one_line
from portcheck.terminal.controls import escape_controls
from portcheck.verify.execution import Output, PlannedRun, RunSettings, produce_output
from portcheck.verify.exercism import clipped
from portcheck.verify.results import FAIL, PASS, SKIP, CaseResult, CheckResult, RunProblem

ERROR = "error"


@dataclass(frozen=True)
class Expectation:
    """What each case of a run is compared with: ``segments`` (one a case), the labels of
    the two sides, the notation map applied to the run's output, and the words the
    terminal puts before a difference (``fresh run differs from transcript.txt: ``)."""

    segments: list[Segment]
    labels: tuple[str, str]
    mapping: Normalize | None
    said: str


@dataclass
class Runs:
    """A port's runs made one by one: the outputs of those that ended well, in order, and
    the problem of the first that did not (None: every run ended well)."""

    outputs: list[Output] = field(default_factory=list)
    problem: RunProblem | None = None

    def joined(self) -> Output:
        """The runs' outputs as one (what ``produce_output`` of them all gives)."""
        return Output("".join(o.stdout for o in self.outputs),
                      [w for o in self.outputs for w in o.warnings],
                      sum(o.seconds for o in self.outputs),
                      "".join(o.stderr for o in self.outputs))


def run_each(port: Port, settings: RunSettings, runs: Sequence[PlannedRun],
             environment: RunEnvironment = PLAIN) -> Runs:
    """``runs`` made one after another, as ``produce_output`` makes them, up to the first
    that does not end well (verify stops a port there, as it always has)."""
    made = Runs()
    for run in runs:
        try:
            made.outputs.append(produce_output(port, port.program, settings, [run],
                                               environment=environment))
        except RunProblem as problem:
            made.problem = problem
            break
    return made


def pieces_of(port: Port, runs: Sequence[PlannedRun], outputs: Sequence[Output],
              segments: list[Segment]) -> dict[str, str]:
    """What the program printed for each case: a run's own output when it ran once a
    case, else the one run's output cut into the cases."""
    if port.runs != "once":
        return {run.case.id: output.stdout for run, output in zip(runs, outputs, strict=False)
                if run.case is not None}
    printed = "".join(output.stdout for output in outputs)
    return cut(printed, [(s.case_id, s.text) for s in segments], port.compare, port.normalize)


def compared(port: Port, expectation: Expectation, pieces: dict[str, str],
             whole: Difference | None) -> list[CaseResult]:
    """Each case's piece against its segment, consistent with ``whole``, the comparison of
    the whole run (module docstring)."""
    verdicts = []
    for segment in expectation.segments:
        printed = pieces.get(segment.case_id, "")
        if whole is None:
            verdicts.append(_case(segment, PASS, "", printed))
        elif segment.case_id == whole.case_id:
            verdicts.append(_case(segment, FAIL, expectation.said + whole.one_line(), printed))
        else:
            verdicts.append(alone(port, expectation, segment, printed))
    if whole is not None and verdicts and all(v.status == PASS for v in verdicts):
        last = expectation.segments[-1]
        verdicts[-1] = _case(last, FAIL, expectation.said + whole.one_line(),
                             pieces.get(last.case_id, ""))
    return verdicts


def alone(port: Port, expectation: Expectation, segment: Segment,
          printed: str) -> CaseResult:
    """One case's piece compared with its segment alone."""
    own = compare([segment], printed, port.compare, expectation.labels,
                  mapping=expectation.mapping)
    if own is None:
        return _case(segment, PASS, "", printed)
    return _case(segment, FAIL, expectation.said + own.one_line(), printed)


def after_problem(port: Port, expectation: Expectation | None, runs: Sequence[PlannedRun],
                  made: Runs) -> list[CaseResult]:
    """The cases of runs that stopped at ``made.problem`` (module docstring)."""
    assert made.problem is not None
    problem = made.problem.result
    if expectation is None:
        return []
    segments = expectation.segments
    if port.runs == "once" or len(runs) != len(segments) or problem.status == SKIP:
        return every_case(segments, problem)
    done = len(made.outputs)
    pieces = pieces_of(port, runs, made.outputs, segments)
    before = [alone(port, expectation, s, pieces.get(s.case_id, "")) for s in segments[:done]]
    stopped = _case(segments[done], _status(problem), problem.message)
    after = [_case(s, _status(problem), f"not run: the run of case {segments[done].case_id} "
                   f"ended first ({problem.message})") for s in segments[done + 1:]]
    return [*before, stopped, *after]


def every_case(segments: list[Segment], result: CheckResult) -> list[CaseResult]:
    """Every case with the verdict of a check that gave none of them an output (a skip: no
    runtime; an error: a failed build, a crash or a limit of the one run, the program
    missing)."""
    return [_case(s, _status(result), result.message) for s in segments]


def _status(result: CheckResult) -> str:
    return "skip" if result.status == SKIP else ERROR


def _case(segment: Segment, status: str, message: str = "", output: str = "") -> CaseResult:
    return CaseResult(segment.case_id, status, one_line(escape_controls(message)) if message
                      else "", clipped(output), segment.inputs)

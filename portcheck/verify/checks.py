"""How each check of a port is made (which checks a port gets is its run plan's table,
``plan.APPLIES``):

- ``transcript``: the recorded transcript against the goldens of the port's cases;
- ``run``: a fresh run of the program against the transcript (whenever a runtime exists);
- ``fresh``: for template ports, the template rendered again gives the committed program;
- ``deep``: for template ports, with ``--deep N``: the template rendered with N other inputs,
  run, and compared with the reference computed on the fly;
- ``limits``: for ports that declare ``limits``, the cases beyond them, reported as not
  applicable (never silently left out).

``verify`` and the pytest plugin both plan a port (``plan.plan_port``) and ask
:func:`run_check` for each of its checks.
"""

from __future__ import annotations

import random
import tempfile
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from portcheck.errors import UsageError, describe_exception
from portcheck.golden.store import golden_path, read_golden
from portcheck.runners.environment import PLAIN, RunEnvironment
from portcheck.suite.algorithms import Case, case_of
from portcheck.suite.compare import Difference, Segment, compare
from portcheck.suite.origins import placed_in_template, program_origins
from portcheck.suite.ports import Port
from portcheck.suite.project import Project
from portcheck.suite.render import check_rendered, render_template
from portcheck.suite.slicing import cut
from portcheck.terminal.words import plural
from portcheck.verify import cases
from portcheck.verify.execution import (
    Output,
    PlannedRun,
    RunSettings,
    planned_runs,
    produce_output,
    stderr_note,
)
from portcheck.verify.plan import APPLIES, PortPlan
from portcheck.verify.results import (
    FAIL,
    NA,
    PASS,
    SKIP,
    CaseResult,
    CheckResult,
    Reason,
    RunProblem,
)


@dataclass(frozen=True)
class CheckContext:
    project: Project
    settings: RunSettings
    deep: int = 0  # how many other inputs the deep check draws (0: no deep check)
    seed: int = 1
    environment: RunEnvironment = PLAIN  # what the runs share (verify's Java batch, zygote)


class MissingGolden(Exception):
    """The goldens a port needs are not there: a failed check, with the fixing command."""


def golden_segments(project: Project, port: Port) -> list[Segment]:
    """The expected transcript of a port: its applicable cases' golden outputs, in order."""
    path = golden_path(project.golden_dir, port.algorithm)
    stored = read_golden(path, port.algorithm)
    if stored is None:
        raise MissingGolden(f"{project.relative(path)}: missing golden file "
                            f"(run: portcheck golden update {port.algorithm})")
    cases = port.applicable
    missing = [case.id for case in cases if case.id not in stored]
    if missing:
        raise MissingGolden(f"{project.relative(path)}: missing golden case {missing[0]} "
                            f"(run: portcheck update {port.algorithm})")
    return [Segment(case.id, stored[case.id].output, inputs_of(case)) for case in cases]


def inputs_of(case: Case) -> str:
    """``game=617``: a case's inputs, as a diff heads it."""
    return " ".join(f"{name}={value}" for name, value in case.params.items())


def write_command(port: Port) -> str:
    """The command that renders this one port and records its transcript (``--lang`` by
    folder: the other ports of the algorithm, and their deliberate edits, are left alone)."""
    return f"portcheck render write {port.algorithm} --lang {port.folder.name}"


def check_transcript(context: CheckContext, plan: PortPlan) -> CheckResult:
    port = plan.port
    if not port.transcript.exists():
        return CheckResult(port.id, "transcript", FAIL, "transcript.txt is missing "
                           f"(record it: {write_command(port)})", reason=Reason.MISSING)
    try:
        expected = golden_segments(context.project, port)
    except MissingGolden as missing:
        return CheckResult(port.id, "transcript", FAIL, str(missing), reason=Reason.MISSING)
    difference = compare(expected, port.transcript_text(), port.compare,
                         ("golden", "transcript.txt"), mapping=port.normalize)
    if difference:
        hint = ""
        if difference.ended_early and port.transcript_from == "run":
            hint = (f"; transcript.txt has no output for case {difference.case_id}: was it "
                    f"added after the port was recorded? record it again: "
                    f"{write_command(port)}")
        return CheckResult(port.id, "transcript", FAIL,
                           f"transcript differs from golden: {difference.one_line()}{hint}",
                           difference.diff)
    return CheckResult(port.id, "transcript", PASS,
                       f"{plural(len(expected), 'case')} ({port.compare}{_normalized(port)})")


def _normalized(port: Port) -> str:
    return f", normalized: {port.normalize.describe()}" if port.normalize else ""


def check_fresh(context: CheckContext, plan: PortPlan) -> CheckResult:
    port = plan.port
    state = check_rendered(port, context.project.templates_dir)
    if state.fresh:
        return CheckResult(port.id, "fresh", PASS, "rendered template = committed program")
    if _cases_changed(context.project, port):  # not an edit: a case added or taken away
        return CheckResult(port.id, "fresh", FAIL,
                           f"{state.reason}: the reference's cases changed (run: portcheck "
                           f"update {port.algorithm}; this port alone: --lang "
                           f"{port.folder.name})")
    return CheckResult(port.id, "fresh", FAIL,
                       f"{state.reason} (a change belongs in the template "
                       f"{context.project.relative(port.template)}; then run: "
                       f"{write_command(port)})")


def _cases_changed(project: Project, port: Port) -> bool:
    """Are the reference's cases other than those of its goldens (a case added to
    ``CASES``, or taken out)?  Then a program rendered from its template differs from the
    committed one without anyone having edited either."""
    try:
        stored = read_golden(golden_path(project.golden_dir, port.algorithm), port.algorithm)
    except UsageError:  # a malformed golden file: the transcript check says so
        return False
    return stored is not None and set(stored) != set(port.reference.cases)


def check_run(context: CheckContext, plan: PortPlan) -> CheckResult:
    """A fresh run against the transcript (or, with none recorded, against the goldens);
    its cases each with their own verdict too (``verify.cases``)."""
    port = plan.port
    if not port.runnable:
        return _every_case(context, port, CheckResult(
            port.id, "run", SKIP, "transcript only: nothing here can run it"
            + (f" ({port.note})" if port.note else ""), reason=Reason.TRANSCRIPT_ONLY))
    if not port.program.exists():
        return _every_case(context, port, CheckResult(
            port.id, "run", FAIL, f"{port.program.name} is missing", reason=Reason.MISSING))
    made = cases.run_each(port, context.settings, plan.runs, context.environment)
    if made.problem is not None:
        problem = made.problem.result
        problem.kind = "run"
        problem.cases = cases.after_problem(port, _expectation(context, port), plan.runs,
                                            made)
        return problem
    result = made.joined()
    result.warnings = in_template(context, port, result.warnings)
    if not port.transcript.exists():
        return compare_with_goldens(context, port, result, "run", runs=(plan.runs,
                                                                         made.outputs))
    expectation = _expectation(context, port)
    expected = [Segment("transcript", port.transcript_text())]
    if expectation is not None:  # the transcript cut into its cases: a difference names one
        expected = expectation.segments
    difference = compare(expected, result.stdout, port.compare, TRANSCRIPT_LABELS)
    verdicts = [] if expectation is None else cases.compared(
        port, expectation, cases.pieces_of(port, plan.runs, made.outputs, expected),
        difference)
    if difference:
        return CheckResult(port.id, "run", FAIL, RUN_DIFFERS + difference.one_line(),
                           difference.diff + stderr_note(result), result.warnings,
                           result.seconds, cases=verdicts)
    return CheckResult(port.id, "run", PASS, f"matches transcript.txt ({result.seconds:.2f} s)",
                       warnings=result.warnings, seconds=result.seconds, cases=verdicts)


TRANSCRIPT_LABELS = ("transcript.txt", "fresh run")
RUN_DIFFERS = "fresh run differs from transcript.txt: "


def _expectation(context: CheckContext, port: Port) -> cases.Expectation | None:
    """What each case of the port's fresh run is compared with: its piece of the
    transcript, or with none recorded its golden (None: no goldens to cut it by)."""
    try:
        goldens = golden_segments(context.project, port)
    except MissingGolden:
        return None
    if not port.transcript.exists():
        return cases.Expectation(goldens, ("golden", "fresh run"), port.normalize,
                                 "fresh run differs from golden: ")
    pieces = cut(port.transcript_text(), [(g.case_id, g.text) for g in goldens],
                 port.compare, port.normalize)
    return cases.Expectation([Segment(g.case_id, pieces[g.case_id], g.inputs)
                              for g in goldens], TRANSCRIPT_LABELS, None, RUN_DIFFERS)


def _every_case(context: CheckContext, port: Port, result: CheckResult) -> CheckResult:
    """``result``, a run check that ran nothing, as the verdict of each case too."""
    try:
        result.cases = cases.every_case(golden_segments(context.project, port), result)
    except MissingGolden:  # the transcript check says so
        pass
    return result


def in_template(context: CheckContext, port: Port, warnings: list[str],
                cases: list[Case] | None = None) -> list[str]:
    """A template port's run's warnings about lines of its program (rendered for ``cases``,
    default: the port's), each placed in the template too (the line a teacher edits)."""
    if not warnings or port.template is None:
        return warnings
    origins = program_origins(port.template, context.project.templates_dir, port.reference,
                              port.applicable if cases is None else cases)
    return placed_in_template(warnings, port.program.name, origins,
                              context.project.relative(context.project.templates_dir))


def compare_with_goldens(context: CheckContext, port: Port, result: Output, kind: str,
                         printed_as: str = "fresh run",
                         runs: tuple[Sequence[PlannedRun], Sequence[Output]] | None = None,
                         ) -> CheckResult:
    """What a run printed (normalized as the port declares) against its cases' goldens;
    ``printed_as`` names it in the report (a saved output's file name).  With ``runs``
    (the planned runs and their outputs, one by one), each case's verdict too."""
    try:
        expected = golden_segments(context.project, port)
    except MissingGolden as missing:
        return CheckResult(port.id, kind, FAIL, str(missing), reason=Reason.MISSING)
    result.warnings = in_template(context, port, result.warnings)
    labels = ("golden", printed_as)
    difference = compare(expected, result.stdout, port.compare, labels,
                         mapping=port.normalize)
    verdicts = [] if runs is None else cases.compared(
        port, cases.Expectation(expected, labels, port.normalize,
                                f"{printed_as} differs from golden: "),
        cases.pieces_of(port, runs[0], runs[1], expected), difference)
    if difference:
        return CheckResult(port.id, kind, FAIL,
                           f"{printed_as} differs from golden: {difference.one_line()}",
                           difference.diff + stderr_note(result), result.warnings,
                           result.seconds, cases=verdicts)
    matches = "matches" if len(expected) == 1 else "match"
    took = f"; {result.seconds:.2f} s" if port.runnable else ""
    return CheckResult(port.id, kind, PASS, f"{plural(len(expected), 'case')} {matches} the "
                       f"goldens ({port.compare}{_normalized(port)}{took})",
                       warnings=result.warnings, seconds=result.seconds, cases=verdicts)
def other_cases(port: Port, count: int, seed: int) -> list[Case]:
    """``count`` inputs drawn at random (reproducibly) from each input's valid values,
    always including both ends of each range (within the port's limits) where the ends
    are valid together."""
    rng = random.Random(f"{seed}:{port.id}")
    cases: list[Case] = []
    for n in range(count):
        index = n
        for _attempt in range(1000):  # inputs valid alone but not together: drawn again
            case = case_of({name: _value(port, name, index, rng)
                            for name in port.reference.params})
            if port.reference.why_invalid(case.params) is None:
                cases.append(case)
                break
            index = RANDOM
    return cases


RANDOM = 1 << 30  # an index past every range's ends: a value drawn at random


def _value(port: Port, name: str, n: int, rng: random.Random) -> object:
    """Input ``name`` of the ``n``-th drawn case: first the range's ends, then at random."""
    spec, limit = port.reference.params[name], port.limits.get(name)
    edges = (limit.low, limit.high) if limit else spec.edges()
    if n < len(edges):
        return edges[n]
    return rng.randint(limit.low, limit.high) if limit else spec.draw(rng)


@dataclass
class DifferentialRun:
    """A template port rendered with ``cases``, run once, against the reference."""

    expected: list[Segment]
    output: Output
    difference: Difference | None


def differential_run(context: CheckContext, port: Port, cases: list[Case],
                     kind: str = "deep", label: str = "fresh run") -> DifferentialRun:
    """Render the port's template with ``cases``, build and run it, and compare what it
    prints with the reference computed now (:class:`RunProblem` when it cannot run)."""
    text = render_template(port.template, context.project.templates_dir, port.reference,
                           cases)
    with tempfile.TemporaryDirectory(prefix=f"portcheck-{kind}-") as folder:
        program = Path(folder) / port.program.name
        program.write_text(text, encoding="utf-8")
        result = produce_output(port, program, context.settings, planned_runs(port, cases),
                                kind=kind, environment=context.environment)
    result.warnings = in_template(context, port, result.warnings, cases)
    expected = [Segment(c.id, port.reference.output(c.params), inputs_of(c)) for c in cases]
    return DifferentialRun(expected, result, compare(expected, result.stdout, port.compare,
                                                     ("reference", label)))


def check_deep(context: CheckContext, plan: PortPlan) -> CheckResult:
    port = plan.port
    cases = other_cases(port, context.deep, context.seed)
    run = differential_run(context, port, cases)
    difference, result = run.difference, run.output
    if difference:
        return CheckResult(port.id, "deep", FAIL, f"differs from the reference on other "
                           f"inputs: {difference.one_line()}",
                           difference.diff + stderr_note(result))
    names = ", ".join(c.id for c in cases[:3]) + (", …" if len(cases) > 3 else "")
    return CheckResult(port.id, "deep", PASS, f"{len(cases)} other inputs match ({names})")


def check_limits(context: CheckContext, plan: PortPlan) -> CheckResult:
    port = plan.port
    beyond = port.not_applicable
    listed = "; ".join(f"{cid} ({why})" for cid, why in beyond[:5])
    more = f"; and {len(beyond) - 5} more" if len(beyond) > 5 else ""
    noun = "case" if len(beyond) == 1 else "cases"
    known = port.reference.cases
    return CheckResult(port.id, "limits", NA, f"{len(beyond)} {noun} not applicable to "
                       f"{port.language}: {listed}{more}", reason=Reason.NOT_APPLICABLE,
                       cases=[CaseResult(cid, "n/a", why, inputs=inputs_of(known[cid]))
                              for cid, why in beyond])


CHECKS: dict[str, Callable[[CheckContext, PortPlan], CheckResult]] = {
    "transcript": check_transcript,
    "run": check_run,
    "fresh": check_fresh,
    "deep": check_deep,
    "limits": check_limits,
}
assert CHECKS.keys() == APPLIES.keys(), "every check the plan names is made here"


def run_check(kind: str, context: CheckContext, plan: PortPlan) -> CheckResult:
    """One check's result; a program that could not give its output is that result, and
    so is an unexpected failure of portcheck's own while checking this port: one port's
    failure is never all of verify's.  A mistake in the suite's files (a template, the
    reference) stays a usage error (:class:`UsageError`, exit 2), as for every command."""
    try:
        return CHECKS[kind](context, plan)
    except RunProblem as problem:
        problem.result.kind = kind
        return problem.result
    except UsageError:
        raise
    except Exception as error:  # a bug of portcheck's, shown as this port's failure
        return CheckResult(plan.port.id, kind, FAIL, f"portcheck failed on this port: "
                           f"{describe_exception(error)}", reason=Reason.INTERNAL)

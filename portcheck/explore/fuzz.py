"""Differential runs on random inputs (``portcheck fuzz``).

Each template port of an algorithm is rendered once with N inputs drawn at random (the
ends of every range always among them, the port's ``limits`` and the reference's
``check_inputs`` respected: ``checks.other_cases``), run once, and compared case by case
with the reference computed on the fly — the ``--deep`` check of verify, with two things
more: the first failing input is *shrunk* (each input moved towards its range's low end,
or an earlier choice, while the port still fails on it alone) and the one command that
reproduces it is printed; and the throughput (inputs per second) is measured.

The shrinker is a few lines of greedy search rather than hypothesis: a candidate costs a
render, a build and a run of a real program (a ``javac`` each time for Java), so it must
try few of them, in a known order, within a budget; hypothesis' shrinker is built for
cheap in-process calls.
"""

from __future__ import annotations

import time
from dataclasses import dataclass

from portcheck.suite.algorithms import Case, case_of
from portcheck.suite.compare import first_differing_segment
from portcheck.suite.params import IntParam
from portcheck.suite.ports import Port
from portcheck.verify.checks import CheckContext, differential_run, other_cases
from portcheck.verify.results import FAIL, PASS, SKIP, RunProblem

SHRINK_BUDGET = 60  # runs a shrink may take (each a render, a build and a run)
SHRINK_SECONDS = 120.0  # and its time: a port that hangs meets the time limit on every run
BATCH = 1000  # inputs rendered into one program (a Java method holds at most 64 KiB of code)


@dataclass
class FuzzResult:
    port: Port
    status: str  # PASS, FAIL or SKIP
    message: str
    cases: int = 0
    seconds: float = 0.0
    smallest: Case | None = None

    @property
    def rate(self) -> float:
        return self.cases / self.seconds if self.seconds else 0.0


def fuzz_port(context: CheckContext, port: Port, count: int, seed: int) -> FuzzResult:
    """Draw ``count`` inputs, run the port on them (``BATCH`` inputs a run), and on the
    first difference shrink the first failing input."""
    cases = other_cases(port, count, seed)
    seconds = 0.0
    for first in range(0, len(cases), BATCH):
        batch = cases[first:first + BATCH]
        start = time.perf_counter()
        try:
            run = differential_run(context, port, batch, kind="fuzz", label="port")
        except RunProblem as problem:
            return FuzzResult(port, problem.result.status, problem.result.message, first)
        seconds += time.perf_counter() - start
        if run.difference is not None:
            where = first_differing_segment(run.expected, run.output.stdout, port.compare)
            failing = batch[min(where or 0, len(batch) - 1)]
            smallest, runs = shrink(context, port, failing)
            return FuzzResult(port, FAIL, f"differs: {run.difference.one_line()}; smallest "
                              f"failing input {inputs_text(smallest)} (shrunk from "
                              f"{inputs_text(failing)} in {runs} runs)",
                              first + len(batch), seconds, smallest)
    return FuzzResult(port, PASS, f"{len(cases)} random inputs agree with the reference",
                      len(cases), seconds)


def fails(context: CheckContext, port: Port, case: Case) -> bool:
    """Whether the port, run on ``case`` alone, prints something else than the reference
    (or fails to run)."""
    try:
        return differential_run(context, port, [case], kind="fuzz").difference is not None
    except RunProblem as problem:
        return problem.result.status == FAIL


def shrink(context: CheckContext, port: Port, case: Case,
           budget: int = SHRINK_BUDGET) -> tuple[Case, int]:
    """The simplest failing input found from ``case`` within ``budget`` runs, and the
    runs it took.  Input by input, until a pass changes nothing: a whole number is
    bisected between its range's low end and its failing value (the smallest failing
    value when failing is monotone, a nearer failing one otherwise); for a choice, the
    first earlier choice that still fails is kept."""
    tries = _Tries(context, port, budget)
    changed = True
    while changed and tries.left():
        changed = False
        for name, spec in port.reference.params.items():
            simpler = (_bisect(tries, case, name, spec) if isinstance(spec, IntParam)
                       else _earlier_choice(tries, case, name, list(spec.edges())))
            if simpler is not None:
                case, changed = simpler, True
    return case, tries.runs


class _Tries:
    """Runs of the port on one input each, counted against a budget; an input that is
    not valid (beyond the port's limits, refused by ``check_inputs``) is not run."""

    def __init__(self, context: CheckContext, port: Port, budget: int) -> None:
        self.context, self.port, self.budget, self.runs = context, port, budget, 0
        self.deadline = time.monotonic() + SHRINK_SECONDS

    def left(self) -> bool:
        return self.runs < self.budget and time.monotonic() < self.deadline

    def fails(self, case: Case) -> bool:
        if not self.left() or self.port.why_not(case) is not None \
                or self.port.reference.why_invalid(case.params) is not None:
            return False
        self.runs += 1
        return fails(self.context, self.port, case)


def _bisect(tries: _Tries, case: Case, name: str, spec: IntParam) -> Case | None:
    limit = tries.port.limits.get(name)
    low, high = limit.low if limit else spec.low, case.params[name]
    found = None
    if low < high and tries.fails(with_value(case, name, low)):
        return with_value(case, name, low)
    while high - low > 1 and tries.left():
        middle = (low + high) // 2
        if tries.fails(with_value(case, name, middle)):
            high, found = middle, with_value(case, name, middle)
        else:
            low = middle
    return found


def _earlier_choice(tries: _Tries, case: Case, name: str, choices: list[str]) -> Case | None:
    for choice in choices[:choices.index(case.params[name])]:
        if tries.fails(with_value(case, name, choice)):
            return with_value(case, name, choice)
    return None


def with_value(case: Case, name: str, value: object) -> Case:
    return case_of({**case.params, name: value})


def inputs_text(case: Case) -> str:
    return " ".join(f"{name}={value}" for name, value in case.params.items())


def reproduce(port: Port, case: Case) -> str:
    """The commands that show the difference on the smallest failing input."""
    inputs = inputs_text(case)
    return (f"portcheck run {port.algorithm} --lang {port.language} {inputs}   vs   "
            f"portcheck reference {port.algorithm} {inputs}")


def report_line(result: FuzzResult) -> str:
    word = {PASS: "ok", FAIL: "FAIL", SKIP: "skip"}.get(result.status, result.status)
    rate = f" ({result.seconds:.2f} s, {result.rate:,.0f} inputs/s)" if result.seconds else ""
    line = f"{word:<5} {result.port.id}: {result.message}{rate}"
    if result.smallest is not None:
        line += f"\n      reproduce: {reproduce(result.port, result.smallest)}"
    return line

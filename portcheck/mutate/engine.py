"""The mutation score of a port's golden cases (``portcheck mutate``).

Every mutant of the port's committed program (``operators``) is, in this order:

1. *equivalent* when it changes only comments or layout (``equivalence.same_code``);
2. built, in batches (``builds``): *stillborn* when it does not build (left out of the
   score, counted);
3. *equivalent* when its compiled form is the original's (trivial compiler equivalence),
   a *duplicate* when it is another mutant's (left out of the score, counted);
4. run on the port's golden cases, as ``verify`` runs the port (its stdin, arguments, runs
   per case, normalisation and comparison mode), each run with a limit of a few times the
   CPU time of the original's same run (``runs``; wall time a backstop): *killed* when its
   output differs from the goldens or it fails — stopped at its first wrong output
   (``prefix``) —, *timed out* when it meets the limit, *survived* otherwise — unless a
   person listed it as equivalent (``reviewed``), which makes a survivor *equivalent*.

The score is (killed + timed out) / (killed + timed out + survived).
"""

from __future__ import annotations

import os
import random
import tempfile
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from contextlib import contextmanager
from dataclasses import dataclass, field
from enum import StrEnum
from pathlib import Path

from portcheck.errors import EXIT_FAILED, UsageError
from portcheck.files.cache_root import CACHE_ENV, cache_root
from portcheck.files.yamlio import read_text
from portcheck.mutate import equivalence
from portcheck.mutate.builds import Build, build_all, second_build
from portcheck.mutate.operators import Mutant, mutants
from portcheck.mutate.prefix import ExpectedOutput
from portcheck.mutate.reviewed import reviewed_equivalents
from portcheck.mutate.runs import (
    CpuSeconds,
    Limits,
    Ran,
    Running,
    Seconds,
    mutant_limits,
    run_program,
    same_limit,
)
from portcheck.runners.declared import COMPILER_CACHES, COMPILER_CACHES_ENV
from portcheck.runners.environment import run_environment
from portcheck.runners.watch import watching
from portcheck.suite.compare import Segment, compare
from portcheck.suite.ports import Port
from portcheck.suite.project import Project
from portcheck.verify.checks import MissingGolden, golden_segments
from portcheck.verify.execution import RunSettings, planned_runs
from portcheck.verify.results import Reason, RunProblem

# A mutant's run's time limit: this many times the original's same run, plus this margin,
# and at least this long (docs/mutation.md, "How it runs": the finished mutants of the
# measured ports ran at most 1.33 times the original's run, or within the 3 s) — in CPU
# time where it is measured (``runs``: wall time then a backstop).
TIME_FACTOR = 3.0
TIME_MARGIN = 1.0
MIN_SECONDS = 3.0
ORIGINAL_SECONDS = 300.0  # the original's own run: a time limit only against a hang


class Fate(StrEnum):
    KILLED = "killed"
    SURVIVED = "survived"
    TIMED_OUT = "timed out"
    EQUIVALENT = "equivalent"
    STILLBORN = "stillborn"
    DUPLICATE = "duplicate"


@dataclass
class Verdict:
    mutant: Mutant
    fate: Fate
    why: str = ""
    seconds: float = 0.0  # its run (the run that failed, for a failed run)


@dataclass
class PortScore:
    """What the golden cases of one port made of its mutants."""

    port: Port
    verdicts: list[Verdict]
    generated: int  # mutants the rules made (before --limit)
    seconds: float = 0.0
    time_limit: float = 0.0  # a mutant's run's wall time (the largest, when each case is a run)
    cpu_limit: float | None = None  # ... its CPU time (None: not measured, wall time binds)
    original_seconds: float = 0.0  # the original's runs
    unused_reviews: list[str] = field(default_factory=list)

    def count(self, fate: Fate) -> int:
        return sum(1 for v in self.verdicts if v.fate == fate)

    @property
    def detected(self) -> int:
        return self.count(Fate.KILLED) + self.count(Fate.TIMED_OUT)

    @property
    def scored(self) -> int:
        return self.detected + self.count(Fate.SURVIVED)

    @property
    def score(self) -> float | None:
        """Detected mutants per scored (non-equivalent, built, distinct) mutant."""
        return self.detected / self.scored if self.scored else None

    def survivors(self) -> list[Verdict]:
        return [v for v in self.verdicts if v.fate == Fate.SURVIVED]


@dataclass(frozen=True)
class Plan:
    jobs: int = 2
    limit: int | None = None  # at most this many mutants, drawn with ``seed``
    seed: int = 1
    timeout: float | None = None  # a mutant's time limit (default: from the original's run)
    lines: frozenset[int] | None = None  # only mutants of these lines of the program
    early_stop: bool = True  # a mutant stopped at its first wrong output (``prefix``)
    time_factor: float = TIME_FACTOR  # the default time limit: this times the original's run
    time_margin: float = TIME_MARGIN  # ... plus this


def usable(port: Port) -> None:
    """A usage error when ``port`` has nothing that can be mutated and run."""
    if not port.runnable:
        raise UsageError(f"{port.id}: nothing here can run it (runnable: false): no mutants "
                         "to run")
    if not port.program.is_file():
        raise UsageError(f"{port.id}: no program {port.program.name} "
                         f"(render it: portcheck render write {port.algorithm})")


def score_port(project: Project, port: Port, settings: RunSettings, plan: Plan) -> PortScore:
    usable(port)
    started = time.perf_counter()
    text = read_text(port.program, inside=port.folder)
    length = len(text.splitlines())
    if plan.lines is not None and min(plan.lines) > length:
        raise UsageError(f"{port.id}/{port.program.name}: --lines {min(plan.lines)}… is past "
                         f"its end ({length} lines)")
    made = [m for m in mutants(text, port.lang) if plan.lines is None or m.line in plan.lines]
    try:
        expected = golden_segments(project, port)
    except MissingGolden as missing:
        raise UsageError(str(missing)) from None
    with tempfile.TemporaryDirectory(prefix="portcheck-mutate-") as folder, \
            run_environment(embedded_bytecode=True, fork_embedded=True, takes_failures=True,
                            programs=[Path(folder)]) as environment, scratch_cache():
        running = Running(settings, tuple(planned_runs(port)), environment)
        verdicts, limits, original = _score(port, running, plan, text, made, expected,
                                            Path(folder))
    result = PortScore(port, verdicts, len(made), time.perf_counter() - started,
                       *limit_figures(limits), sum(original.seconds.values()))
    result.unused_reviews = review(port, result, every_line=plan.lines is None)
    return result


@contextmanager
def scratch_cache() -> Iterator[None]:
    """Builds of this run (hundreds of mutants) kept out of the user's build cache; the
    compilers' own caches (Go's compiled standard library) stay the user's, found through
    ``declared.COMPILER_CACHES_ENV``."""
    saved = {name: os.environ.get(name) for name in (CACHE_ENV, COMPILER_CACHES_ENV)}
    os.environ.setdefault(COMPILER_CACHES_ENV, str(cache_root() / COMPILER_CACHES))
    with tempfile.TemporaryDirectory(prefix="portcheck-mutate-cache-") as cache:
        os.environ[CACHE_ENV] = cache
        try:
            yield
        finally:
            for name, value in saved.items():
                if value is None:
                    os.environ.pop(name, None)
                else:
                    os.environ[name] = value


def _score(port: Port, running: Running, plan: Plan, text: str, made: list[Mutant],
           expected: list[Segment], folder: Path) -> tuple[list[Verdict], Limits, Ran]:
    layout, chosen = choose(port, plan, text, made)
    lines = text.splitlines(keepends=True)
    programs = [write_program(folder / str(n), port, m.apply(lines))
                for n, m in enumerate(chosen)]
    original = write_program(folder / "original", port, text)
    builds = build_all(port, running.settings, [original, *programs], plan.jobs)
    ran = original_seconds(port, running, original, builds[0], expected)
    limits = limits_for(running, plan, ran.seconds, ran.cpu)
    verdicts = layout_verdicts(layout)
    verdicts += _run_all(port, running, limits, chosen, programs, builds, expected, plan)
    return verdicts, limits, ran


def choose(port: Port, plan: Plan, text: str, made: list[Mutant]) -> tuple[list[Mutant],
                                                                          list[Mutant]]:
    """The mutants that change only comments or layout, and those to build and run (all
    the others, or the ``--limit`` sample of them), in line order."""
    original_tokens = equivalence.code_tokens(text, port.lang)
    no_code = equivalence.layout_lines(text, port.lang)
    lines = text.splitlines(keepends=True)
    layout, code = [], []
    for mutant in made:
        same = equivalence.same_code(original_tokens, mutant, lines, port.lang, no_code)
        (layout if same else code).append(mutant)
    return layout, _sample(code, plan)


def layout_verdicts(layout: list[Mutant]) -> list[Verdict]:
    return [Verdict(m, Fate.EQUIVALENT, "changes only comments or layout") for m in layout]


def limits_for(running: Running, plan: Plan, seconds: Seconds, cpu: CpuSeconds) -> Limits:
    """A mutant's limits of each run: ``--timeout`` (wall time, as given), or from the
    original's runs (their CPU time, and wall time)."""
    if plan.timeout:
        return same_limit(running.runs, plan.timeout)
    return mutant_limits(seconds, cpu, plan.time_factor, plan.time_margin, MIN_SECONDS)


def limit_figures(limits: Limits) -> tuple[float, float | None]:
    """The largest wall-time limit of a mutant's run, and CPU-time limit (None: some run
    has none of its own)."""
    cpu = [limit.cpu for limit in limits.values()]
    return max(limit.wall for limit in limits.values()), \
        None if None in cpu else max(c for c in cpu if c is not None)


def _sample(code: list[Mutant], plan: Plan) -> list[Mutant]:
    if plan.limit is None or plan.limit >= len(code):
        return code
    picked = sorted(random.Random(plan.seed).sample(range(len(code)), plan.limit))
    return [code[n] for n in picked]


def write_program(folder: Path, port: Port, text: str) -> Path:
    folder.mkdir()
    program = folder / port.program.name
    program.write_text(text, encoding="utf-8")
    return program


def original_seconds(port: Port, running: Running, original: Path, build: Build,
                      expected: list[Segment]) -> Ran:
    """The original run on the golden cases (it must pass them): the wall and CPU time of
    each of its runs (a mutant's run's limits are a few times that)."""
    if not build.ok:
        raise OriginalFails(f"{port.id}: the original program does not build: "
                            f"{build.error.strip()[:300]}")
    try:
        output = run_program(port, original, running, same_limit(running.runs, ORIGINAL_SECONDS),
                             "mutate", build.prebuilt)
    except RunProblem as problem:
        raise _original_fails(port, problem.result.message) from None
    difference = compare(expected, port.normalize.apply(output.stdout), port.compare)
    if difference:
        raise _original_fails(port, difference.one_line())
    return output


class OriginalFails(UsageError):
    """The port itself fails: no score can be given (a failed check, exit 1)."""

    exit_code = EXIT_FAILED


def _original_fails(port: Port, why: str) -> UsageError:
    return OriginalFails(f"{port.id}: the original program fails its golden cases ({why}); "
                      "a mutation score needs a passing port (run: portcheck verify "
                      f"{port.algorithm})")


def _run_all(port: Port, running: Running, limits: Limits, chosen: list[Mutant],
             programs: list[Path], builds: list[Build], expected: list[Segment],
             plan: Plan) -> list[Verdict]:
    """Stillborn, equivalent by compiled form, duplicate, or the fate of a run."""
    original_form = builds[0].form
    seen: dict[str, Mutant] = {}
    verdicts: list[Verdict | None] = []
    runs: list[tuple[int, Mutant, Path, Build]] = []
    for mutant, program, build in zip(chosen, programs, builds[1:], strict=True):
        verdict = before_running(mutant, build, original_form, seen)
        if verdict is None:
            runs.append((len(verdicts), mutant, program, build))
        verdicts.append(verdict)
    with ThreadPoolExecutor(plan.jobs) as pool:
        ran = pool.map(lambda job: run_built(port, running, limits, job[1], job[2], job[3],
                                              expected, plan.early_stop), runs)
        for (index, *_rest), verdict in zip(runs, ran, strict=True):
            verdicts[index] = verdict
    return [v for v in verdicts if v is not None]


def before_running(mutant: Mutant, build: Build, original_form: str | None,
                    seen: dict[str, Mutant]) -> Verdict | None:
    if not build.ok:
        return Verdict(mutant, Fate.STILLBORN, build.error.strip().splitlines()[0]
                       if build.error.strip() else "does not build")
    if build.form is not None and build.form == original_form:
        return Verdict(mutant, Fate.EQUIVALENT, "compiles to what the original compiles to")
    if build.form is not None and build.form in seen:
        return Verdict(mutant, Fate.DUPLICATE, f"compiles as {seen[build.form].key}")
    if build.form is not None:
        seen[build.form] = mutant
    return None


def run_built(port: Port, running: Running, limits: Limits, mutant: Mutant,
               program: Path, build: Build, expected: list[Segment],
               early_stop: bool) -> Verdict:
    """The mutant's fate; a survivor's fate with its second build where it has one
    (``builds.second_build``)."""
    verdict = _run_one(port, running, limits, mutant, program, build, expected, early_stop)
    if verdict.fate != Fate.SURVIVED:
        return verdict
    second = second_build(port, program)
    if second is None or not second.ok:
        return verdict
    again = _run_one(port, running, limits, mutant, program, second, expected, early_stop)
    if again.fate != Fate.SURVIVED:
        again.why = f"{again.why} (built again: {second.how})"
    return again


def _run_one(port: Port, running: Running, limits: Limits, mutant: Mutant, program: Path,
             build: Build, expected: list[Segment], early_stop: bool) -> Verdict:
    """The mutant's fate; with ``early_stop``, its run is stopped at its first wrong output
    (killed: no rest of the run could make it match)."""
    watch = ExpectedOutput(expected, port.normalize, port.compare) if early_stop else None
    try:
        with watching(watch):
            output = run_program(port, program, running, limits, "mutant", build.prebuilt)
    except RunProblem as problem:
        return _failed(mutant, problem, watch)
    seconds = sum(output.seconds.values())
    difference = compare(expected, port.normalize.apply(output.stdout), port.compare)
    if difference:
        return Verdict(mutant, Fate.KILLED, difference.one_line(), seconds)
    return Verdict(mutant, Fate.SURVIVED, seconds=seconds)


def _failed(mutant: Mutant, problem: RunProblem, watch: ExpectedOutput | None) -> Verdict:
    """The fate of a mutant whose run failed (or was stopped)."""
    result = problem.result
    fate = {Reason.TIME_LIMIT: Fate.TIMED_OUT, Reason.CPU_LIMIT: Fate.TIMED_OUT,
            Reason.BUILD_FAILED: Fate.STILLBORN}.get(result.reason, Fate.KILLED)
    why = result.message
    if result.reason == Reason.DIFFERS and watch is not None:
        why = f"{watch.difference()} (stopped there)"
    return Verdict(mutant, fate, why, result.seconds)


def review(port: Port, result: PortScore, every_line: bool = True) -> list[str]:
    """Survivors a person listed as equivalent become equivalent; the listed ids that
    name no survivor are returned (killed, or no longer made) — of the mutants measured
    only, unless every mutant of every line was (``--lines`` measures some lines)."""
    reviewed = reviewed_equivalents(port)
    for verdict in result.verdicts:
        if verdict.fate == Fate.SURVIVED and verdict.mutant.key in reviewed:
            verdict.fate = Fate.EQUIVALENT
            verdict.why = f"reviewed: {reviewed.pop(verdict.mutant.key)}"
    sampled = {v.mutant.key for v in result.verdicts}
    whole = every_line and len(result.verdicts) == result.generated
    return [key for key in reviewed if key in sampled or whole]

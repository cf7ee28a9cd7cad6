"""``portcheck mutate --all``: the mutants of every selected port built and run on a Dask
cluster (``portcheck.processes.cluster``), in batches, resumable (``journal``).

For each port the parent makes the mutants and sets aside those that change only comments
or layout (``engine.choose``, as a serial run does), plans the runs and reads the goldens;
the workers build and run the original (``tasks.original_task``: its compiled form and run
times, which set the mutants' time limits) and then the mutants, a batch of consecutive ones
a task (``tasks.batch_task``).  Each finished batch is recorded at once; a mutant whose fate
is recorded under the same key is not run again.  Duplicates (two mutants that compile
alike) are found across batches here, in the port's order, as the serial run finds them: the
first of a compiled form keeps its fate, the others are duplicates.  So the fates are the
serial run's (``tests/portcheck/mutate/test_cluster.py`` checks it).
"""

from __future__ import annotations

import sys
import time
from dataclasses import dataclass, field
from typing import Any

from portcheck.errors import UsageError
from portcheck.files.yamlio import read_text
from portcheck.mutate.cluster.journal import Fated, Journal, OriginalRun, open_journal, port_key
from portcheck.mutate.cluster.tasks import Box, PortJob, batch_task, detached, original_task
from portcheck.mutate.engine import (
    Fate,
    Plan,
    PortScore,
    Verdict,
    choose,
    layout_verdicts,
    limit_figures,
    limits_for,
    review,
    usable,
)
from portcheck.mutate.operators import Mutant, mutants
from portcheck.mutate.runs import WALL_BACKSTOP, Running
from portcheck.runners.environment import PLAIN
from portcheck.suite.ports import Port
from portcheck.suite.project import Project
from portcheck.terminal.progress import Progress
from portcheck.verify.checks import MissingGolden, golden_segments
from portcheck.verify.execution import RunSettings, planned_runs, runner_for
from portcheck.verify.verdicts import harness_digest

BATCH = 40  # mutants a task: a build batch (one JVM for Java) and the runs of its mutants
# (40, not 10: a task starts a run environment and, for Java, a compiling JVM; freecell's
# five cheap ports on 2 workers took 281 s in batches of 40, 630 s in batches of 10, at load
# averages of 25 and 35: docs/benchmarks.md, "Mutation on a cluster")


@dataclass
class PortRun:
    """One port of the run: its mutants, its job for the workers, its journal."""

    port: Port
    generated: int
    layout: list[Mutant]
    chosen: list[Mutant]
    ids: list[str]  # each chosen mutant's id in the journal (its key; made unique)
    job: PortJob
    journal: Journal
    error: str = ""  # why it has no score (its original fails, a task failed)


@dataclass
class ClusterOutcome:
    scores: list[PortScore] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)  # (port id, why)
    skipped: list[tuple[str, str]] = field(default_factory=list)  # (port id, why)
    ran: int = 0  # mutants sent to the workers now
    resumed: int = 0  # mutants whose recorded fate was taken
    ignored: int = 0  # journal entries not trusted (their mutants run again)
    seconds: float = 0.0


class MutantProgress(Progress):
    """The progress line: mutants done of those sent so far, ports prepared, the time so
    far and left (``portcheck.terminal.progress``: on a terminal only, after a second)."""

    def __init__(self, ports: int, quiet: bool) -> None:
        super().__init__(ports, "mutants", sys.stderr)
        self.enabled = self.enabled and not quiet
        self.ports, self.ports_done, self.total = ports, 0, 0

    def prepared(self) -> None:
        with self._lock:
            self.ports_done += 1

    def more(self, mutants: int) -> None:
        with self._lock:
            self.total += mutants

    def add(self, mutants: int) -> None:
        with self._lock:
            self.done += mutants

    def line(self) -> str:
        elapsed = time.monotonic() - self.started
        left = elapsed / self.done * (self.total - self.done) if self.done else None
        eta = f", ETA {left:.0f} s" if left is not None and self.ports_done == self.ports \
            else ""
        return (f"{self.done}/{self.total} mutants, {self.ports_done}/{self.ports} ports "
                f"prepared, {elapsed:.0f} s so far{eta}")


def mutate_all(client: Any, project: Project, ports: list[Port], settings: RunSettings,
               plan: Plan, *, restart: bool = False, quiet: bool = False,
               batch: int = BATCH) -> ClusterOutcome:
    """Every port's mutants on the cluster of ``client``; the ports whose runtime is
    missing here are skipped (failed with ``settings.require_runtimes``)."""
    started = time.perf_counter()
    outcome = ClusterOutcome()
    runs: list[PortRun] = []
    futures: dict[Any, tuple[PortRun, list[int] | None]] = {}
    with MutantProgress(len(ports), quiet) as shown:
        try:
            for port in ports:  # a port's tasks are sent as soon as they are known: the
                prepared = _prepare(project, port, settings, plan, outcome)  # workers start
                shown.prepared()  # while the parent makes the next port's mutants
                if prepared is None:
                    continue
                if restart:
                    prepared.journal.forget()
                    prepared.journal.ignored = 0
                outcome.ignored += prepared.journal.ignored
                runs.append(prepared)
                sent = _submit(client, prepared, batch, outcome)
                futures.update(sent)
                shown.more(sum(len(i) for _, i in sent.values() if i is not None))
            _collect(futures, shown, outcome)
        finally:
            client.cancel(list(futures))
    for run in runs:
        if run.error:
            outcome.failed.append((run.port.id, run.error))
        else:
            outcome.scores.append(_score(run, plan))
    outcome.seconds = time.perf_counter() - started
    return outcome


def _prepare(project: Project, port: Port, settings: RunSettings, plan: Plan,
             outcome: ClusterOutcome) -> PortRun | None:
    usable(port)
    runner = runner_for(port, settings, port.options)
    toolchain = runner.toolchain(timeout=settings.timeout)
    if toolchain.broken or (not toolchain.ok and settings.require_runtimes):
        outcome.failed.append((port.id, f"no working runtime: {toolchain.detail}"))
        return None
    if not toolchain.ok:
        outcome.skipped.append((port.id, f"no runtime: {toolchain.detail}"))
        return None
    text = read_text(port.program, inside=port.folder)
    made = [m for m in mutants(text, port.lang) if plan.lines is None or m.line in plan.lines]
    try:
        expected = tuple(golden_segments(project, port))
    except MissingGolden as missing:
        raise UsageError(str(missing)) from None
    layout, chosen = choose(port, plan, text, made)
    runs = tuple(planned_runs(port))
    job = PortJob(detached(port), runs, expected, settings, plan, text,
                  (toolchain.name, toolchain.detail), Box.here())
    key = port_key({
        "what": "portcheck mutate journal", "harness": harness_digest(), "port": port.id,
        "program": text, "expected": [vars(s) for s in expected],
        "runs": [[r.case.id if r.case else None, r.args, r.stdin, dict(r.options)]
                 for r in runs],
        "compare": port.compare, "normalize": repr(port.normalize),
        "language": repr(port.lang), "runner": f"{type(runner).__module__}."
                                               f"{type(runner).__qualname__}",
        "toolchain": [toolchain.name, toolchain.detail],
        "settings": [settings.timeout, settings.max_output, settings.engine],
        "box": repr(job.box),
        "limits": [plan.timeout, plan.time_factor, plan.time_margin, "cpu", WALL_BACKSTOP]})
    return PortRun(port, len(made), layout, chosen, _ids(chosen), job,
                   open_journal(port.id, key))


def _ids(chosen: list[Mutant]) -> list[str]:
    """Each mutant's key, with ``#2``, ``#3``… after a key already given (two mutants whose
    lines differ only in runs of white space have the same key)."""
    ids, counts = [], {}
    for mutant in chosen:
        counts[mutant.key] = counts.get(mutant.key, 0) + 1
        ids.append(mutant.key if counts[mutant.key] == 1 else
                   f"{mutant.key} #{counts[mutant.key]}")
    return ids


def _todo(run: PortRun) -> list[int]:
    """The mutants to run: those without a trusted record, and a recorded duplicate whose
    earlier twin is no longer among the mutants chosen (another ``--limit`` sample)."""
    recorded = run.journal.mutants
    ran_forms: set[str] = set()
    todo = []
    for index, mutant_id in enumerate(run.ids):
        fated = recorded.get(mutant_id)
        if fated is None or (fated.fate == Fate.DUPLICATE and fated.form not in ran_forms):
            todo.append(index)
        elif fated.form is not None and fated.fate != Fate.DUPLICATE:
            ran_forms.add(fated.form)
    return todo


def _submit(client: Any, run: PortRun, batch: int,
            outcome: ClusterOutcome) -> dict[Any, tuple[PortRun, list[int] | None]]:
    todo = _todo(run)
    outcome.resumed += len(run.chosen) - len(todo)
    outcome.ran += len(todo)
    futures: dict[Any, tuple[PortRun, list[int] | None]] = {}
    if run.journal.original is not None and not todo:
        return futures
    job = client.scatter(run.job, hash=False)
    original: Any = run.journal.original
    if original is None:
        original = client.submit(original_task, job, pure=False)
        futures[original] = (run, None)
    for start in range(0, len(todo), batch):
        indices = todo[start:start + batch]
        future = client.submit(batch_task, job, original, [run.chosen[i] for i in indices],
                               pure=False)
        futures[future] = (run, indices)
    return futures


def _collect(futures: dict[Any, tuple[PortRun, list[int] | None]], shown: MutantProgress,
             outcome: ClusterOutcome) -> None:
    """Record each task's result as it finishes; a port whose task fails gets no score
    (its other tasks are cancelled)."""
    from distributed import as_completed

    for future in as_completed(list(futures)):
        run, indices = futures[future]
        if future.cancelled() or run.error:
            continue
        try:
            result = future.result()
        except Exception as error:  # the original fails, a worker's toolchain differs, …
            run.error = str(error).strip().splitlines()[0] if str(error).strip() else \
                type(error).__name__
            future_of_port = [f for f, (r, _) in futures.items() if r is run]
            future.client.cancel(future_of_port)
            continue
        if indices is None:
            run.journal.record_original(result)
            continue
        run.journal.record({run.ids[i]: fated for i, fated in zip(indices, result,
                                                                  strict=True)})
        shown.add(len(indices))


def _score(run: PortRun, plan: Plan) -> PortScore:
    """The port's score from its recorded fates, duplicates found in the port's order."""
    original = run.journal.original
    assert original is not None  # every task of the port finished
    verdicts = layout_verdicts(run.layout)
    seen: dict[str, Mutant] = {}
    for mutant, mutant_id in zip(run.chosen, run.ids, strict=True):
        verdicts.append(_verdict(mutant, run.journal.mutants[mutant_id], original, seen))
    running = Running(run.job.settings, run.job.runs, PLAIN)
    limits = limits_for(running, plan, original.seconds, original.cpu)
    cost = original.cost + sum(run.journal.mutants[i].cost for i in run.ids)
    score = PortScore(run.port, verdicts, run.generated, cost, *limit_figures(limits),
                      sum(original.seconds.values()))
    score.unused_reviews = review(run.port, score, every_line=plan.lines is None)
    return score


def _verdict(mutant: Mutant, fated: Fated, original: OriginalRun,
             seen: dict[str, Mutant]) -> Verdict:
    fate = Fate(fated.fate)
    if fate in (Fate.STILLBORN, Fate.EQUIVALENT) or fated.form is None or \
            fated.form == original.form:
        return Verdict(mutant, fate, fated.why, fated.seconds)
    if fated.form in seen:
        return Verdict(mutant, Fate.DUPLICATE, f"compiles as {seen[fated.form].key}")
    seen[fated.form] = mutant
    return Verdict(mutant, fate, fated.why, fated.seconds)

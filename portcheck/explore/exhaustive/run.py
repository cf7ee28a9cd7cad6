"""An exhaustive run of one port: every shard of the range run by the port's range-mode
program and by the fast reference (each on a Dask worker), compared digest by digest;
a shard that differs (or whose run fails) is bisected, by the same runs on halves, to its
first differing input."""

from __future__ import annotations

import sys
from dataclasses import dataclass
from typing import Any

from portcheck.explore.exhaustive import tasks
from portcheck.explore.exhaustive.fast_reference import code_hash, fast_reference
from portcheck.explore.exhaustive.program import RangeProgram, ShardError, ShardStopped
from portcheck.explore.exhaustive.progress import ShardProgress
from portcheck.explore.exhaustive.ranges import Span
from portcheck.explore.exhaustive.state import RunState, ShardRecord, open_state
from portcheck.verify.execution import RunSettings
from portcheck.verify.results import FAIL, PASS


@dataclass
class RangeJob:
    program: RangeProgram
    name: str  # the input the range runs over: "game"
    span: Span
    plan: list[Span]
    settings: RunSettings
    restart: bool = False
    quiet: bool = False


@dataclass
class RangeOutcome:
    status: str
    message: str
    first_difference: int | None = None
    port_runs: int = 0  # shards the port ran in this session (not those resumed)
    resumed: int = 0
    port_seconds: float = 0.0
    reference_seconds: float = 0.0
    reference_inputs: int = 0
    inputs: int = 0
    differing: Span | None = None  # the first shard found to differ


class _Sides:
    """The two recorded sides of a job: the port's shards and the reference's."""

    def __init__(self, job: RangeJob) -> None:
        algorithm, size = job.program.algorithm, job.plan[0].size
        self.port = open_state(algorithm, job.program.language, job.span, size,
                               job.program.digest)
        self.reference = open_state(algorithm, "reference", job.span, size,
                                    code_hash(fast_reference(algorithm)))
        if job.restart:
            self.port.forget()
            self.reference.forget()


def run_range(client: Any, job: RangeJob) -> RangeOutcome:
    """Run every shard not yet recorded, compare, and bisect the first that differs."""
    sides = _Sides(job)
    outcome = RangeOutcome(PASS, "", resumed=sum(s in sides.port.done for s in job.plan))
    todo = [span for span in job.plan if span not in sides.port.done]
    futures = _submit(client, job, sides, todo)
    with ShardProgress(len(todo), sum(s.size for s in todo), sys.stderr, job.quiet) as shown:
        try:
            _collect(futures, sides, outcome, shown)
        finally:
            client.cancel(list(futures))
    if outcome.differing is not None:
        _bisect_first(client, job, outcome.differing, outcome)
    elif outcome.status == PASS:
        outcome.message = (f"all {job.span.size:,} inputs {job.name}={job.span} agree with "
                           f"the reference ({len(job.plan)} shards: {outcome.port_runs} run "
                           f"now, {outcome.resumed} recorded before)")
    return outcome


def _submit(client: Any, job: RangeJob, sides: _Sides, todo: list[Span]) -> dict[Any, tuple]:
    futures: dict[Any, tuple] = {}
    for span in job.plan:
        if span not in sides.reference.done:
            future = client.submit(tasks.reference_span, job.program.algorithm, span,
                                   pure=False)
            futures[future] = ("reference", span)
        if span in todo:
            future = client.submit(tasks.port_span, job.program, span, job.settings,
                                   pure=False)
            futures[future] = ("port", span)
    return futures


def _collect(futures: dict[Any, tuple], sides: _Sides, outcome: RangeOutcome,
             shown: ShardProgress) -> None:
    """Record each shard as it finishes; stop at the first that differs."""
    from distributed import as_completed

    for future in as_completed(list(futures)):
        side, span = futures[future]
        try:
            record = future.result()
        except ShardStopped as stopped:
            outcome.status, outcome.message = FAIL, f"shard {span}: {stopped}"
            return
        except ShardError:
            outcome.differing = span
            return
        if side == "port":
            sides.port.record(span, record)
            outcome.port_runs += 1
            outcome.port_seconds += record.seconds
            outcome.inputs += span.size
            shown.add(span.size)
        else:
            sides.reference.record(span, record)
            outcome.reference_seconds += record.seconds
            outcome.reference_inputs += span.size
        if not _agrees(sides.port, sides.reference, span):
            outcome.differing = span
            sides.port.drop(span)  # run again next time: it is not done, it failed
            return


def _agrees(port: RunState, reference: RunState, span: Span) -> bool:
    mine, theirs = port.done.get(span), reference.done.get(span)
    if mine is None or theirs is None:
        return True  # not both known yet
    return (mine.count, mine.digest) == (theirs.count, theirs.digest)


def _difference(client: Any, job: RangeJob, span: Span) -> str | None:
    """Run both sides on ``span`` (on two workers at once): how the port's run differs
    from the reference's, or None.  A failed run differs."""
    port = client.submit(tasks.port_span, job.program, span, job.settings, pure=False)
    reference = client.submit(tasks.reference_span, job.program.algorithm, span, pure=False)
    expected: ShardRecord = reference.result()
    try:
        got: ShardRecord = port.result()
    except ShardError as error:
        return f"the program failed: {error}"
    if (got.count, got.digest) == (expected.count, expected.digest):
        return None
    return (f"the program printed {got.count} {got.digest}, the reference "
            f"{expected.count} {expected.digest}")


def _bisect_first(client: Any, job: RangeJob, span: Span, outcome: RangeOutcome) -> None:
    """Halve ``span`` while it holds more than one input, keeping the first half that
    differs: its first differing input, when the port's digest adds up over halves."""
    outcome.status = FAIL
    shard, runs = span, 1
    how = _difference(client, job, span)
    while span.size > 1 and how is not None:
        runs += 1
        left, right = span.halves()
        how, span = _difference(client, job, left), left
        if how is None:
            runs += 1
            how, span = _difference(client, job, right), right
    if how is None:
        outcome.message = (f"shard {shard} differed from the reference, but a run of it "
                           f"again or of its halves ({span}) does not: the program's digest "
                           "does not add up, or its runs differ from one to the next")
        return
    outcome.first_difference = span.first
    outcome.message = (f"shard {shard} differs from the reference; first differing input: "
                       f"{job.name}={span.first} ({how}; bisected in {runs} runs)")

"""A program's runs on the golden cases, each with a time limit of its own.

A port runs all its cases in one run, or one run a case (``runs: per-case``): its runs are
planned once (``verify.execution.planned_runs``) for the original and every mutant.  The
original's runs are timed one by one, and a mutant's run of a case gets a few times the
original's run of that case: a mutant of a port run per case that loops in its first case
is stopped after a few times that case's run, not after a few times all the cases' runs.

The limit that binds is on **CPU time** (``processes.limits.cpu_limit``): a few times the
CPU time the original's same run used (``processes.limits.metering``), which does not
stretch with the machine's load as wall time does — a mutant's fate is the same on a quiet
machine and a busy one.  Wall time is only a backstop, for a mutant that sleeps or waits
(it uses no CPU): :data:`WALL_BACKSTOP` times the CPU limit, and never less than the wall
limit from the original's wall time that was used before.  Where a run's CPU time cannot
be measured, its limit is wall time, as before.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from portcheck.processes import limits as run_limits
from portcheck.runners.environment import RunEnvironment
from portcheck.suite.ports import Port
from portcheck.verify.execution import PlannedRun, RunSettings, produce_output

WALL_BACKSTOP = 10.0  # a mutant's run's wall-time limit: this many times its CPU limit

Seconds = dict[str | None, float]  # a run's seconds, by its case's id (None: all cases)
CpuSeconds = dict[str | None, float | None]  # a run's CPU time (None: not measured here)


@dataclass(frozen=True)
class Limit:
    """A run's limits: wall time, and CPU time (None: the runners' default)."""

    wall: float
    cpu: float | None = None


Limits = dict[str | None, Limit]  # by case id


@dataclass
class Ran:
    """What the runs printed, and how long each took: wall time, and CPU time."""

    stdout: str
    seconds: Seconds
    cpu: CpuSeconds


@dataclass(frozen=True)
class Running:
    """How this mutate run runs a port's programs: its settings, the port's runs (planned
    once) and the run environment they share (the zygote and bytecode of ``mutate``)."""

    settings: RunSettings
    runs: tuple[PlannedRun, ...]
    environment: RunEnvironment


def run_key(run: PlannedRun) -> str | None:
    return None if run.case is None else run.case.id


def run_program(port: Port, program: Path, running: Running, limits: Limits, kind: str,
                prebuilt: Path | None) -> Ran:
    """The program's runs, as ``produce_output`` makes them, each run with its limits;
    :class:`RunProblem` at the first run that fails (its ``seconds``: that run's)."""
    printed, seconds, cpu = [], {}, {}
    for run in running.runs:
        key = run_key(run)
        limit = limits[key]
        with run_limits.cpu_limit(limit.cpu), run_limits.metering() as meter:
            output = produce_output(port, program, replace(running.settings, timeout=limit.wall),
                                    [run], kind=kind, prebuilt=prebuilt,
                                    environment=running.environment)
        printed.append(output.stdout)
        seconds[key], cpu[key] = output.seconds, meter.seconds
    return Ran("".join(printed), seconds, cpu)


def same_limit(runs: tuple[PlannedRun, ...], seconds: float) -> Limits:
    """A wall-time limit of ``seconds`` (the CPU limit: the runners' default) for every one
    of ``runs``."""
    return {run_key(run): Limit(seconds) for run in runs}


def mutant_limits(wall: Seconds, cpu: CpuSeconds, factor: float, margin: float,
                  least: float) -> Limits:
    """A few times each of the original's runs, plus a margin, and at least ``least``: in
    CPU time where the original's was measured (wall time then only a backstop,
    :data:`WALL_BACKSTOP` times that, and not less than the wall-time rule gives), else in
    wall time."""
    found = {}
    for key, seconds in wall.items():
        by_wall = max(least, factor * seconds + margin)
        used = cpu.get(key)
        if used is None:
            found[key] = Limit(by_wall)
            continue
        by_cpu = max(least, factor * used + margin)
        found[key] = Limit(max(by_wall, WALL_BACKSTOP * by_cpu), by_cpu)
    return found

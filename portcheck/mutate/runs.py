"""A program's runs on the golden cases, each with a time limit of its own.

A port runs all its cases in one run, or one run a case (``runs: per-case``): its runs are
planned once (``verify.execution.planned_runs``) for the original and every mutant.  The
original's runs are timed one by one, and a mutant's run of a case gets a few times the
original's run of that case: a mutant of a port run per case that loops in its first case
is stopped after a few times that case's run, not after a few times all the cases' runs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from portcheck.runners.environment import RunEnvironment
from portcheck.suite.ports import Port
from portcheck.verify.execution import PlannedRun, RunSettings, produce_output

Limits = dict[str | None, float]  # a run's time limit, by its case's id (None: all cases)


@dataclass
class Ran:
    """What the runs printed, and how long each took."""

    stdout: str
    seconds: Limits


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
    """The program's runs, as ``produce_output`` makes them, each run with its limit;
    :class:`RunProblem` at the first run that fails (its ``seconds``: that run's)."""
    printed, seconds = [], {}
    for run in running.runs:
        key = run_key(run)
        output = produce_output(port, program, replace(running.settings, timeout=limits[key]),
                                [run], kind=kind, prebuilt=prebuilt,
                                environment=running.environment)
        printed.append(output.stdout)
        seconds[key] = output.seconds
    return Ran("".join(printed), seconds)


def same_limit(runs: tuple[PlannedRun, ...], seconds: float) -> Limits:
    """``seconds`` for every one of ``runs``."""
    return {run_key(run): seconds for run in runs}


def mutant_limits(original: Limits, factor: float, margin: float, least: float) -> Limits:
    """A few times each of the original's runs, plus a margin, and at least ``least``."""
    return {key: max(least, factor * seconds + margin) for key, seconds in original.items()}

"""A program's runs on the golden cases, each with a time limit of its own.

A port runs all its cases in one run, or one run a case (``runs: per-case``).  The
original's runs are timed one by one, and a mutant's run of a case gets a few times the
original's run of that case: a mutant of a port run per case that loops in its first case
is stopped after a few times that case's run, not after a few times all the cases' runs.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path

from portcheck.suite.algorithms import Case
from portcheck.suite.ports import Port
from portcheck.verify.execution import RunSettings, planned_runs, produce_output

Limits = dict[str | None, float]  # a run's time limit, by its case's id (None: all cases)


@dataclass
class Ran:
    """What the runs printed, and how long each took."""

    stdout: str
    seconds: Limits


def run_key(case: Case | None) -> str | None:
    return None if case is None else case.id


def run_program(port: Port, program: Path, settings: RunSettings, limits: Limits, kind: str,
                prebuilt: Path | None) -> Ran:
    """The program's runs, as ``produce_output`` makes them, each run with its limit;
    :class:`RunProblem` at the first run that fails (its ``seconds``: that run's)."""
    printed, seconds = [], {}
    for case in planned_runs(port):
        key = run_key(case)
        output = produce_output(port, program, replace(settings, timeout=limits[key]),
                                None if case is None else [case], kind, prebuilt)
        printed.append(output.stdout)
        seconds[key] = output.seconds
    return Ran("".join(printed), seconds)


def same_limit(port: Port, seconds: float) -> Limits:
    """``seconds`` for every run of the port."""
    return {run_key(case): seconds for case in planned_runs(port)}


def mutant_limits(original: Limits, factor: float, margin: float, least: float) -> Limits:
    """A few times each of the original's runs, plus a margin, and at least ``least``."""
    return {key: max(least, factor * seconds + margin) for key, seconds in original.items()}

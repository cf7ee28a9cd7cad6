"""What a Dask worker does for ``portcheck mutate --all``: build and run a port's original
program (its compiled form and run times), or build and run a batch of its mutants.  Plain
functions of picklable values; the build and every run happen on the worker, through the
same code as a serial ``portcheck mutate`` (``engine``, ``builds``, ``runs``): each run
contained and time-limited by the runners, in a run environment, a scratch build cache and a
temporary folder of the task's own.

The port travels without its reference process (``detached``): its runs, with their
standard input, are planned by the caller, and the worker needs the suite's files at the
same path only where the port's runner options or its language's declaration name them.
"""

from __future__ import annotations

import dataclasses
import shutil
import tempfile
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.files.cache_root import cache_root
from portcheck.mutate.builds import build_all
from portcheck.mutate.cluster.journal import Fated, OriginalRun
from portcheck.mutate.engine import (
    Plan,
    before_running,
    limits_for,
    original_seconds,
    run_built,
    scratch_cache,
    write_program,
)
from portcheck.mutate.operators import Mutant
from portcheck.mutate.runs import Running
from portcheck.processes import limits, sandbox
from portcheck.runners.environment import run_environment
from portcheck.suite.compare import Segment
from portcheck.suite.ports import Port
from portcheck.verify.execution import PlannedRun, RunSettings, runner_for

PROBES = "probes"  # the build cache's folder of toolchain probes (``runners.cache``)


class WorkerToolchain(UsageError):
    """A worker whose toolchain is not the one the run was keyed with."""


@dataclass(frozen=True)
class PortJob:
    """Everything a worker needs for a port's tasks."""

    port: Port  # detached: no reference process
    runs: tuple[PlannedRun, ...]
    expected: tuple[Segment, ...]
    settings: RunSettings
    plan: Plan
    text: str  # the program
    toolchain: tuple[str, str]  # (name, detail) where the run was planned
    box: Box  # the command's box and memory limit, for every run on the worker


@dataclass(frozen=True)
class Box:
    """The command's ``--sandbox`` mode, the folders it hides, its limits (``--max-memory``
    and the others): a worker's runs are boxed and limited as the command's own would be."""

    mode: str
    hidden: tuple[Path, ...]
    setting: limits.Setting

    @classmethod
    def here(cls) -> Box:
        return cls(sandbox.mode(), sandbox.hidden(), limits.setting())

    def apply(self) -> None:
        """On the worker (``--sandbox on`` where bubblewrap does not work: a usage error)."""
        sandbox.configure(self.mode, self.hidden)
        limits.configure(self.setting.memory, self.setting.processes, self.setting.cpu,
                         self.setting.disk)


def detached(port: Port) -> Port:
    """``port`` without its reference's process (which cannot travel, and is not needed:
    the runs are planned)."""
    return dataclasses.replace(port, reference=dataclasses.replace(port.reference, calls=None))


@contextmanager
def _running(job: PortJob) -> Iterator[tuple[Running, Path]]:
    """The run environment of ``mutate`` (bytecode kept, embedded runs forked from a
    zygote, a failed run's result taken), a scratch build cache and a folder, for one task."""
    job.box.apply()
    runner = runner_for(job.port, job.settings, job.port.options)
    toolchain = runner.toolchain(timeout=job.settings.timeout)
    if (toolchain.name, toolchain.detail) != job.toolchain:
        raise WorkerToolchain(f"{job.port.id}: a worker has {toolchain.name} "
                              f"{toolchain.detail!r}, the run was planned with "
                              f"{job.toolchain[0]} {job.toolchain[1]!r}")
    probes = cache_root() / PROBES  # where the check above left the toolchain's answer
    # the folder first: the zygote's box must see it (its programs' folder), as in a serial
    # run — else every embedded run fails in the zygote ("no such file"), and mutate takes
    # a failed run as the run's result
    with tempfile.TemporaryDirectory(prefix="portcheck-mutate-") as folder, \
            run_environment(embedded_bytecode=True, fork_embedded=True, takes_failures=True,
                            programs=[Path(folder)]) as environment, scratch_cache():
        if probes.is_dir():  # not asked again in each task (``javac -version``: a JVM)
            shutil.copytree(probes, cache_root() / PROBES, symlinks=True)
        yield Running(job.settings, job.runs, environment), Path(folder)


def original_task(job: PortJob) -> OriginalRun:
    """Build and run the original; :class:`engine.OriginalFails` when it does not build
    or fails its golden cases."""
    started = time.perf_counter()
    with _running(job) as (running, folder):
        program = write_program(folder / "original", job.port, job.text)
        [build] = build_all(job.port, job.settings, [program], 1)
        ran = original_seconds(job.port, running, program, build, list(job.expected))
    return OriginalRun(build.form, ran.seconds, time.perf_counter() - started, ran.cpu)


def batch_task(job: PortJob, original: OriginalRun, mutants: list[Mutant]) -> list[Fated]:
    """The fate of each of ``mutants`` (consecutive in the port's order), in order: built,
    and run unless it is stillborn, compiles to the original's form, or to an earlier one's
    of the batch (a duplicate; the caller finds the duplicates across batches)."""
    started = time.perf_counter()
    lines = job.text.splitlines(keepends=True)
    found: list[tuple[str, str, float, str | None]] = []
    with _running(job) as (running, folder):
        limits = limits_for(running, job.plan, original.seconds, original.cpu)
        programs = [write_program(folder / str(n), job.port, m.apply(lines))
                    for n, m in enumerate(mutants)]
        builds = build_all(job.port, job.settings, programs, 1)
        seen: dict[str, Mutant] = {}
        for mutant, program, build in zip(mutants, programs, builds, strict=True):
            verdict = before_running(mutant, build, original.form, seen) or \
                run_built(job.port, running, limits, mutant, program, build,
                          list(job.expected), job.plan.early_stop)
            found.append((verdict.fate.value, verdict.why, verdict.seconds, build.form))
    cost = (time.perf_counter() - started) / max(1, len(mutants))
    return [Fated(fate, why, seconds, form, cost) for fate, why, seconds, form in found]

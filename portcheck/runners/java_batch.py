"""One JVM for all of a verify's Java ports, instead of one ``javac`` and one ``java`` each.

A JVM start costs a tenth of a second and ``javac`` most of a second, and ``verify`` of the
whole matrix has about 20 Java programs.  ``verify`` makes a :class:`Batch` of the runs its
plan says it will make and puts it in the run environment it passes to every runner
(``runners.environment``); the first Java build or run of a planned program asks the batch
to do them all at once with ``PortcheckBatch.java``, the launcher beside this file:

- **compile**: the sources missing from the build cache are compiled one after another in
  one JVM (the JDK's own compiler through ``javax.tools``, the options of ``javac``), each
  into its own folder; what compiled is published into the build cache under the key the
  ordinary build uses.  A source that failed is left alone: its ordinary build runs
  ``javac`` and reports the compiler's words as always.
- **run**: every planned run (a port's program, its arguments and standard input) runs in
  one JVM, in a class loader of its own (fresh static state), with System.in/out/err of its
  own that only its own threads can write to, bounded in time and output, and with the
  JVM-wide defaults (properties, locale, time zone) restored after it.  Only a run whose
  ``main`` returned normally, with no thread left in any thread group, no exit tried, no
  output limit met and no other thread's write, is taken from the batch; every other run
  is made the ordinary way, so a failing port fails with exactly the message it always
  had, and a run that leaves a thread behind ends the batch (the runs after it are made
  the ordinary way: one port's thread can never act in another's run).  This is a
  fresh run of this verify, not a remembered result: nothing outlives the verify.

Without a batch in their environment (the pytest plugin, ``portcheck run``, ``fuzz``) Java
runners build and run every program the ordinary way.
"""

from __future__ import annotations

import shutil
import tempfile
import threading
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from portcheck.processes import containment
from portcheck.runners.base import BuildError, RunResult, Toolchain, run_command
from portcheck.runners.cache import BuildCache
from portcheck.runners.jdk import JAVA_OPTIONS, JAVAC_OPTIONS, java_command

LAUNCHER = Path(__file__).with_name("PortcheckBatch.java")
COMPILE_TIMEOUT_EACH = 120.0
LAUNCHER_OUTPUT = 64 * 1024  # what the launcher itself may print (the JDK's warnings)


@dataclass(frozen=True)
class Job:
    """One run a verify will make of a Java port's program."""

    source: Path
    args: tuple[str, ...] = ()
    stdin: str = ""


@dataclass(frozen=True)
class Limits:
    timeout: float
    max_output: int


class JavaBuilds(Protocol):
    """What the batch needs of the Java runner that first asks it for a build or a run."""

    name: str
    cache: BuildCache

    def toolchain(self, timeout: float = ...) -> Toolchain: ...

    def build(self, source: Path) -> Path: ...

    def key(self, source: Path) -> str: ...


class Batch:
    """The builds and runs of a verify's planned Java runs, made once, on first need."""

    def __init__(self, jobs: Sequence[Job], limits: Limits) -> None:
        self.jobs = [job for job in jobs if _plain(job)]
        self.sources = {job.source.absolute() for job in self.jobs}
        self.limits = limits
        self.results: dict[tuple[Path, tuple[str, ...], str], RunResult] = {}
        self._lock = threading.RLock()
        self._started = False

    def ensure(self, runner: JavaBuilds) -> None:
        """Compile and run everything, once, with ``runner``'s builds; other threads wait
        until it is done."""
        with self._lock:
            if self._started:
                return
            self._started = True
            try:
                self._make(runner)
            except (containment.Interrupted, KeyboardInterrupt):
                raise
            except Exception:
                self.results.clear()

    def before_build(self, source: Path, runner: JavaBuilds) -> None:
        """Called by the Java runner before it builds ``source``: a planned source is
        compiled with the whole batch first (the build then finds it in the cache)."""
        if source.absolute() in self.sources:
            self.ensure(runner)

    def take(self, built: Path, args: Sequence[str], stdin: str, timeout: float,
             max_output: int, runner: JavaBuilds) -> RunResult | None:
        """The batch's run of ``built`` with these arguments and input, once; None when
        there is none (not planned, not vouched for, other limits): run it the ordinary
        way."""
        if (timeout, max_output) != (self.limits.timeout, self.limits.max_output):
            return None
        self.ensure(runner)
        with self._lock:
            return self.results.pop((built.absolute(), tuple(args), stdin), None)

    def _make(self, runner: JavaBuilds) -> None:
        if not runner.toolchain().ok or not self.jobs:
            return
        launcher = runner.build(LAUNCHER)
        with tempfile.TemporaryDirectory(prefix="portcheck-java-batch-") as folder:
            compile_missing(runner, launcher, sorted(self.sources), Path(folder))
            built = _built(runner, self.sources)
            jobs = [job for job in self.jobs if job.source.absolute() in built]
            self.results = run_all(launcher, jobs, built, self.limits, Path(folder))


def _plain(job: Job) -> bool:
    """A job the launcher's line-based job file can carry."""
    return not any("\n" in word or "\r" in word for word in (str(job.source), *job.args))


def _built(runner: JavaBuilds, sources: set[Path]) -> dict[Path, Path]:
    built = {}
    for source in sources:
        try:
            built[source] = runner.build(source)
        except (BuildError, OSError):
            continue  # reported by the port's own build
    return built


def compile_missing(runner: JavaBuilds, launcher: Path, sources: list[Path],
                    folder: Path) -> None:
    """Compile the sources the build cache lacks in one JVM and publish what compiled."""
    missing = [s for s in sources if runner.cache.lookup(runner.name, runner.key(s)) is None]
    if not missing:
        return
    lines = ["javac"]
    for number, source in enumerate(missing):
        lines += [str(source), str(folder / f"c{number}"), str(len(JAVAC_OPTIONS)),
                  *JAVAC_OPTIONS]
    jobs = folder / "javac.jobs"
    jobs.write_text("\n".join(lines) + "\n", encoding="utf-8")
    run_command([*java_command(launcher, "-Xshare:auto"), str(jobs)],
                timeout=COMPILE_TIMEOUT_EACH * len(missing), max_output=LAUNCHER_OUTPUT)
    for number, source in enumerate(missing):
        out = folder / f"c{number}"
        if _read(Path(f"{out}.status")) == "exit 0" and (out / f"{source.stem}.class").is_file():
            runner.cache.get_or_build(runner.name, runner.key(source),
                                      lambda work, out=out: _move_into(out, work))


def _move_into(out: Path, work: Path) -> None:
    for item in out.iterdir():
        shutil.move(str(item), work / item.name)


def run_all(launcher: Path, jobs: list[Job], built: dict[Path, Path], limits: Limits,
            folder: Path) -> dict[tuple[Path, tuple[str, ...], str], RunResult]:
    """Every job in one JVM; the results of those the launcher vouches for."""
    lines = ["run"]
    for number, job in enumerate(jobs):
        stdin = folder / f"in{number}"
        stdin.write_bytes(job.stdin.encode("utf-8"))
        program = built[job.source.absolute()]
        lines += [str(program.parent.absolute()), program.stem, str(stdin),
                  str(folder / f"r{number}"), str(int(limits.timeout * 1000)),
                  str(limits.max_output), str(len(job.args)), *job.args]
    listing = folder / "run.jobs"
    listing.write_text("\n".join(lines) + "\n", encoding="utf-8")
    argv = java_command(launcher, *JAVA_OPTIONS, "-Djava.security.manager=allow")
    ran = run_command([*argv, str(listing)], timeout=limits.timeout * max(1, len(jobs)),
                      max_output=LAUNCHER_OUTPUT)
    if ran.stdout or ran.output_limited:  # a port wrote to the real stdout: trust none
        return {}
    return dict(_vouched(jobs, built, folder))


def _vouched(jobs: list[Job], built: dict[Path, Path],
             folder: Path) -> Iterator[tuple[tuple[Path, tuple[str, ...], str], RunResult]]:
    for number, job in enumerate(jobs):
        prefix = folder / f"r{number}"
        status = _read(Path(f"{prefix}.status")).split()
        if status[:1] != ["ok"]:
            continue
        out, err = (Path(f"{prefix}.{part}").read_bytes() for part in ("out", "err"))
        result = RunResult(out.decode("utf-8", errors="replace"),
                           err.decode("utf-8", errors="replace"), 0, int(status[1]) / 1e6)
        yield (built[job.source.absolute()].absolute(), job.args, job.stdin), result


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8").strip()
    except OSError:
        return ""

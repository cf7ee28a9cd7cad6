"""The runner contract: how every language's toolchain builds and runs a port.

A runner compiles a source file once (``build``, cached by content hash) and runs the result
as a subprocess with a time limit and an output limit (``run``).  Everything a runner needs
from the operating system goes through :func:`run_command`, which contains the program
(``portcheck.processes.containment``), bounds its time and output (``portcheck.runners.pipes``)
and keeps whatever it printed before it was stopped.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import time
from abc import ABC, abstractmethod
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

from portcheck.processes import cgroups, containment, limits, runwatch, sandbox
from portcheck.runners import watch
from portcheck.runners.pipes import Pipes, Streams

DEFAULT_TIMEOUT = 20.0
DEFAULT_MAX_OUTPUT = 16 * 1024 * 1024  # bytes read from a program's stdout, and its stderr
EXIT_LOOK = 0.1  # seconds between looks at whether a program whose pipes are open has exited
DRAIN_SECONDS = 1.0  # after a run is ended: at most this long to read what is left in its pipes
PROBE_TIMEOUT = 60.0  # a toolchain's version probe, unless a command's --timeout is shorter

# Children print UTF-8 whatever the caller's locale is.
CHILD_ENV_OVERRIDES: dict[str, str] = {
    "PYTHONIOENCODING": "utf-8",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
}


@dataclass
class Toolchain:
    """What ``portcheck list`` shows for one runner."""

    name: str  # "javac/java"
    ok: bool
    detail: str  # version if ok, else "not found: install package openjdk-17-jdk-headless"
    # Installed but not working (its probe hung, crashed, could not start): a failure of
    # every check that needs it, never a skip as for a missing toolchain.
    broken: bool = False


@dataclass
class RunResult:
    """The outcome of one run of a built program."""

    stdout: str
    stderr: str
    returncode: int | None  # None when it timed out; -N when signal N killed it
    seconds: float
    timed_out: bool = False
    output_limited: str | None = None  # "stdout" or "stderr": it printed more than the limit
    wrong_output: bool = False  # stopped: its stdout could no longer match (runners.watch)
    memory_limited: bool = False  # stopped: it used more than the memory limit
    # stopped by the process, CPU-time or disk limit: what it did ("it started more than 256
    # processes or threads (the process limit; see --max-processes)", limits.verdict)
    limited: str | None = None


class CannotStart(Exception):
    """The operating system would not start the program (not executable, not found)."""


class BuildError(Exception):
    """A program could not be built; the message carries the compiler's own output."""


MAX_PROGRAM = 4 * 1024 * 1024  # bytes of one program portcheck builds (below)


def check_program_size(program: Path) -> None:
    """A program of more than :data:`MAX_PROGRAM` bytes is a failed build, said before any
    runner reads it: runners read the source in portcheck's own process (its digest, the
    embedded front-end's and Python's syntax check), so a student's 4 GiB file would
    otherwise be read whole into portcheck's memory.  A ported algorithm is a few pages;
    the embedded interpreters refuse a program of more than 512 K characters anyway."""
    try:
        size = program.stat().st_size
    except OSError:
        return  # the build says what is wrong with it
    if size > MAX_PROGRAM:
        from portcheck.terminal.sizes import size_text

        raise BuildError(f"{program}: {size_text(size)}, more than portcheck builds of one "
                         f"program ({size_text(MAX_PROGRAM)})")


class ToolchainMissing(BuildError):
    """The compiler or runtime is not installed; the message names the Debian package."""


class ToolchainBroken(BuildError):
    """The compiler or runtime is installed but does not work (``Toolchain.broken``)."""


def unusable(toolchain: Toolchain) -> BuildError:
    """The error a build raises with a toolchain that is not ``ok``."""
    return (ToolchainBroken if toolchain.broken else ToolchainMissing)(toolchain.detail)


class Runner(ABC):
    """Build and run programs of one language."""

    language: str  # "java", "pascal", "python", "bsl", "kumir"
    suffix: str  # ".java"

    @abstractmethod
    def toolchain(self, timeout: float = PROBE_TIMEOUT) -> Toolchain:
        """Which toolchain this runner uses, and whether it is installed (and works: a
        version probe is given ``timeout`` seconds)."""

    @abstractmethod
    def build(self, source: Path) -> Path:
        """Compile ``source``; cached by content hash.  Raises :class:`BuildError`."""

    @abstractmethod
    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT,
            max_output: int = DEFAULT_MAX_OUTPUT, args: Sequence[str] = ()) -> RunResult:
        """Run a built program with a time limit, an output limit and command-line ``args``
        (through :func:`run_command`)."""


def child_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for a child process: ours, forced to UTF-8, plus ``extra``."""
    env = dict(os.environ)
    env.update(CHILD_ENV_OVERRIDES)
    if extra:
        env.update(extra)
    return env


def missing_tool_message(program: str, package: str) -> str:
    """The one wording used everywhere for a toolchain that is not installed."""
    return f"{program} not found: install package {package}"


def require_tool(program: str, package: str) -> str:
    """The full path of ``program`` on PATH, or :class:`ToolchainMissing` naming the package."""
    found = shutil.which(program)
    if found is None:
        raise ToolchainMissing(missing_tool_message(program, package))
    return found


def _decode(data: bytes) -> str:
    return bytes(data).decode("utf-8", errors="replace")


def run_command(
    argv: Sequence[str | os.PathLike[str]],
    *,
    stdin: str = "",
    timeout: float = DEFAULT_TIMEOUT,
    max_output: int = DEFAULT_MAX_OUTPUT,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
    writable: Sequence[Path] | None = None,
    readable: Sequence[Path] = (),
    boxed: bool = True,
) -> RunResult:
    """Run ``argv`` with a time limit and an output limit, contained
    (``portcheck.processes.containment``): when it ends, for whatever reason, everything it
    started is killed.  Without ``cwd`` it runs in a scratch folder of its own, removed
    afterwards, so whatever files a program writes never land in the project.

    Stopped at the time limit, the result keeps the output printed so far, with
    ``returncode=None`` and ``timed_out=True``; stopped for printing more than
    ``max_output`` bytes on stdout or on stderr, it keeps the first ``max_output`` and says
    ``output_limited``.  Output is decoded as UTF-8 with replacement characters for invalid
    bytes.  A program that cannot be started raises :class:`CannotStart`.

    This is where a program goes in its box (``portcheck.processes.sandbox``), when runs are
    boxed: it may write in ``cwd`` (or only in the ``writable`` folders), read what its
    command line names and ``readable``, and nothing of HOME or the suite besides.  A
    program's run (not a build, ``limits.building``) gets the memory, process, CPU-time and
    disk limits (``portcheck.processes.limits``, ``.cgroups``, ``.runwatch``).
    ``boxed=False``: portcheck's own code, never a port's (the interpreters' bytecode
    warm-up), runs unboxed.
    """
    words = [os.fspath(arg) for arg in argv]
    env = env if env is not None else child_env()
    if cwd is not None:
        return _contained(words, stdin, timeout, max_output, cwd, env, writable, readable, boxed)
    with scratch_folder() as scratch:
        return _contained(words, stdin, timeout, max_output, scratch, env, writable, readable,
                          boxed)


@contextmanager
def scratch_folder(parent: Path | None = None) -> Iterator[Path]:
    """A run's own working folder (in ``parent``, else the temporary folder), removed
    afterwards."""
    with tempfile.TemporaryDirectory(prefix="portcheck-run-", dir=parent,
                                     ignore_cleanup_errors=True) as folder:
        yield Path(folder)


class Child(Streams, Protocol):
    """A started run as :func:`collect` sees it: its pipes, and its end."""

    pid: int

    def exited(self, deadline: float) -> bool:
        """Whether it exits by ``deadline``; its id stays reserved (not reaped)."""

    def wait(self) -> int | None:
        """Its exit status (-N: killed by signal N), once it was ended; None if unknown."""


@dataclass
class _Spawned:
    """A run started by :func:`containment.start`: portcheck's own child."""

    process: subprocess.Popen[bytes]

    def __post_init__(self) -> None:
        self.pid = self.process.pid
        self.stdin, self.stdout, self.stderr = (self.process.stdin, self.process.stdout,
                                                self.process.stderr)

    def exited(self, deadline: float) -> bool:
        return containment.await_exit(self.pid, deadline)

    def wait(self) -> int | None:
        return self.process.wait()


def _contained(argv: list[str], stdin: str, timeout: float, max_output: int, cwd: Path,
               env: Mapping[str, str], writable: Sequence[Path] | None,
               readable: Sequence[Path], boxed: bool) -> RunResult:
    started = time.perf_counter()
    deadline = time.monotonic() + timeout
    limited = limits.limited()
    _check_startable(argv[0], cwd, env)
    # what the caller names, relative to the caller's folder, not to the run's (a scratch
    # folder): `portcheck check ALGO ports/x/prog.py` reads that file in the box
    readable = [Path(os.path.abspath(path)) for path in readable]
    if writable is not None:
        writable = [Path(os.path.abspath(path)) for path in writable]
    box = sandbox.box_for(argv, cwd=cwd, env=env, writable=writable, readable=readable,
                          tmpfs_size=limits.disk() if limited else None)
    if boxed:  # a port's run, not portcheck's own code: counted for verify's summary
        sandbox.count_run(box is not None)
    boxed = box is not None and boxed
    cpu = limits.cpu_seconds(timeout) if limited else None
    command = limits.command(argv, env, timeout, boxed=boxed) if limited else argv
    if box is not None and boxed:
        command = box.command(command, cwd=cwd)
    group = cgroups.RunGroup.make(limits.processes_limit()) if limited else None
    if group is not None:
        command = group.wrap(command)
    try:
        try:
            process, family = containment.start(command, cwd=cwd, env=env)
        except OSError as error:
            raise CannotStart(f"cannot start {argv[0]}: {error.strerror}") from None
        watch = runwatch.RunWatch(process.pid, group=group, cpu=cpu, folders=[cwd] if
                                  writable is None else writable) if limited else None
        try:
            result = collect(_Spawned(process), family, stdin, max_output, started, deadline)
        finally:
            stopped_by = watch.stop() if watch is not None else None
    finally:
        if group is not None:
            group.close()
    if boxed and result.returncode is not None:
        result.returncode = sandbox.program_status(result.returncode)
    if limited:
        stopped_by = stopped_by or limits.stopped_by(result.returncode, result.stderr)
        if stopped_by == runwatch.MEMORY or (stopped_by is None and limits.out_of_memory(
                result.returncode, result.stderr)):
            result.memory_limited = True
        elif stopped_by is not None:
            result.limited = limits.verdict(stopped_by, cpu)
    return result


def _check_startable(program: str, cwd: Path, env: Mapping[str, str]) -> None:
    """:class:`CannotStart` for a program the OS would not start: asked here, since what
    starts first is ``prlimit`` or ``bwrap``, which would start and then fail."""
    if "/" not in program:
        if shutil.which(program, path=env.get("PATH", os.defpath)) is None:
            raise CannotStart(f"cannot start {program}: No such file or directory")
        return
    path = Path(program) if os.path.isabs(program) else cwd / program
    if not path.exists():
        raise CannotStart(f"cannot start {program}: No such file or directory")
    if path.is_dir() or not os.access(path, os.X_OK):
        raise CannotStart(f"cannot start {program}: Permission denied")
    try:
        with open(path, "rb") as file:
            head = file.read(64)
    except OSError:
        return  # executable but not readable: the kernel decides
    # what execve refuses (prlimit's and bwrap's execvp would hand it to sh instead)
    if not head.startswith(b"#!") and not (head[:4] == b"\x7fELF" and len(head) == 64
                                           and head[4] in (1, 2)):
        raise CannotStart(f"cannot start {program}: Exec format error")


def collect(child: Child, family: containment.Family, stdin: str, max_output: int,
            started: float, deadline: float) -> RunResult:
    """Feed ``stdin`` to a started run and read its output until it ends, meets a limit or
    is stopped; then end its family (all it started) and say what happened."""
    pipes = Pipes(child, stdin.encode("utf-8"), max_output, watch.active())
    try:
        timed_out = _runs_out(child, family, pipes, deadline)
    finally:
        containment.end(family)
        pipes.pump(time.monotonic() + DRAIN_SECONDS)  # what was printed before the end
        pipes.close()
        returncode = child.wait()
    if family.stopped.is_set():
        raise containment.Interrupted()
    return RunResult(
        stdout=_decode(pipes.stdout),
        stderr=_decode(pipes.stderr),
        returncode=None if timed_out else returncode,
        seconds=time.perf_counter() - started,
        timed_out=timed_out,
        output_limited=pipes.limited,
        wrong_output=pipes.wrong,
    )


def _runs_out(child: Child, family: containment.Family, pipes: Pipes,
              deadline: float) -> bool:
    """Let the program run until it has closed its output and exited, the output limit, a
    wrong output or a stop ends it (False), or the deadline passes (True: out of time).

    A program that has exited while something it left behind (a child, a daemon) still
    holds its pipes has ended: its output gets DRAIN_SECONDS more, then the run is over,
    not out of time (``collect`` ends what holds them) — it used to be kept waiting for the
    whole time limit and reported "stopped at the time limit"."""
    while True:
        if pipes.pump(min(deadline, time.monotonic() + EXIT_LOOK), family.stopped):
            return not child.exited(deadline)
        if pipes.limited or pipes.wrong or family.stopped.is_set():
            return False
        if time.monotonic() >= deadline:
            return True
        if child.exited(time.monotonic() + 0.001):
            pipes.pump(min(deadline, time.monotonic() + DRAIN_SECONDS), family.stopped)
            return False

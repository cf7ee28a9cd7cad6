"""The limits of a program's run: memory (``--max-memory``, default 512 MiB), processes
(``--max-processes``), CPU time (``--max-cpu``) and disk (``--max-disk``).

There is no delegated cgroup v2 tree to put a run in (docs: "Reliability"), so a run's
memory is bounded three ways, and a run stopped by any of them gets one verdict,
``stopped: it used more than 512 MiB``:

- **resident memory**, for every run: a thread (:class:`MemoryWatch`) adds up the resident
  memory (``/proc/<pid>/statm``) of the processes the run started and kills them all when
  the sum passes the limit;
- **address space**, for native programs: ``RLIMIT_AS`` at :data:`AS_FACTOR` times the
  limit, set by util-linux's ``prlimit`` in front of the program (not a ``preexec_fn``:
  portcheck starts runs from many threads, where one is not safe), so that an allocation far
  beyond the limit fails at once, before the watch could see it.  Programs that reserve far
  more address space than they use are exempt (:data:`AS_EXEMPT`: the JVM, Node, Mono, Go;
  a build with AddressSanitizer, whose run sets ``ASAN_OPTIONS``): the watch bounds them;
- **the JVM's own heap** (:func:`java_options`: ``-Xmx``, ``-XX:MaxMetaspaceSize``).

An allocation refused by the last two ends the program with its language's own message
(``MemoryError``, ``java.lang.OutOfMemoryError``, ``std::bad_alloc``…); a failed run that
says one of :data:`OUT_OF_MEMORY` was stopped by the limit.

The other three (docs: "Sandbox", "Limits") are kept by the kernel where it can and by the
run watch (``runwatch``) everywhere: the **processes** and threads a run has at once
(``pids.max`` of a control group of its own, ``cgroups``; ``RLIMIT_NPROC`` in a box when
portcheck is not root; the watch counting the run's tree), its **CPU time** (``RLIMIT_CPU``
for each process, and the sum over the run by the watch: its control group's, or its
tree's), and what it **writes** (``RLIMIT_FSIZE`` for each file, a ``tmpfs`` of that size
for the box's ``/tmp``, the watch adding up its working folder).  A run stopped by one gets
its verdict (:func:`verdict`).

Builds and version probes are not limited (a compiler is trusted, and some need more):
the build cache marks them (:func:`building`).

``portcheck mutate`` gives each mutant's run a CPU limit of its own (:func:`cpu_limit`: a
few times the CPU time the original's same run used, which :func:`metering` measures), so
that a mutant's fate does not depend on the machine's load.
"""

from __future__ import annotations

import math
import os
import re
import shutil
import signal
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from portcheck.errors import UsageError
from portcheck.processes.proctable import Proc, descendants, processes, read_proc

DEFAULT_MEMORY = 512 * 1024 * 1024
MIN_MEMORY = 16 * 1024 * 1024
AS_FACTOR = 2  # the address-space backstop, in times the memory limit
# glibc's malloc arenas of a program under the address-space backstop: each reserves 64 MiB
# of address space, and glibc makes up to 8 a core as threads allocate at once, so 30
# threads of a plain Python program could not start under 1 GiB; two arenas hold any thread
# count (the threads share them), and the reserved space is no longer the limit
ARENAS = 2
DEFAULT_PROCESSES = 256  # processes and threads at once (a JVM has 20-90 threads)
MIN_PROCESSES = 8
DEFAULT_DISK = 64 * 1024 * 1024  # bytes a run writes: in one file, in its working folder
MIN_DISK = 1024 * 1024
MIN_CPU = 10.0  # seconds: the default CPU limit is the run's time limit, at least this
# The most a limit may be: what the kernel can be given.  A size goes to RLIMIT_FSIZE and a
# tmpfs's size (bubblewrap takes at most 2**63 - 1) and, twice the memory, to RLIMIT_AS
# (2**64 - 1 is "unlimited"); past that every run would fail with prlimit's or bwrap's
# refusal, reported as the program's failure.  Processes: Linux's PID_MAX_LIMIT, more than
# any machine can have at once.
MAX_SIZE = 1 << 62
MAX_PROCESSES = 1 << 22
NPROC_KERNEL = (5, 14)  # from here RLIMIT_NPROC counts a user namespace's own processes
AS_EXEMPT = frozenset({"java", "javac", "node", "nodejs", "mono", "dotnet", "go"})
OUT_OF_DISK = re.compile(r"File too large|No space left on device|Disk quota exceeded")
OUT_OF_MEMORY = re.compile(
    r"MemoryError|OutOfMemory|std::bad_alloc|memory allocation of \d+ bytes failed"
    r"|out of memory|Cannot allocate memory|Runtime error 203|heap out of memory", re.I)
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
RESCAN = 0.25  # seconds between looks for new processes of the run
SAMPLE = 0.02  # seconds between readings of the known processes' resident memory


PROCESSES, CPU, DISK, MEMORY = "processes", "cpu", "disk", "memory"  # what stopped a run


@dataclass(frozen=True)
class Setting:
    """The command's limits of one run (None: the default)."""

    memory: int = DEFAULT_MEMORY
    processes: int = DEFAULT_PROCESSES
    cpu: float | None = None  # seconds; None: the run's time limit, at least MIN_CPU
    disk: int = DEFAULT_DISK


class Meter:
    """The CPU time of the runs within a :func:`metering` block, added up by their run
    watches; ``seconds`` None when a run had none it could measure."""

    def __init__(self) -> None:
        self.seconds: float | None = 0.0

    def add(self, seconds: float | None) -> None:
        self.seconds = None if seconds is None or self.seconds is None else \
            self.seconds + seconds


_setting: list[Setting] = [Setting()]
_building: ContextVar[bool] = ContextVar("portcheck_building", default=False)
_cpu_limit: ContextVar[float | None] = ContextVar("portcheck_cpu_limit", default=None)
_meter: ContextVar[Meter | None] = ContextVar("portcheck_meter", default=None)


def configure(memory: int | None, processes: int | None = None, cpu: float | None = None,
              disk: int | None = None) -> None:
    """The command's limits (``--max-memory``, ``--max-processes``, ``--max-cpu``,
    ``--max-disk``; None: the default) for every run from now on.  A limit beyond what the
    kernel can be given (:data:`MAX_SIZE`, :data:`MAX_PROCESSES`) is a usage error, one
    line: it would fail every run, each as if the program had."""
    for option, value, most, said in (("--max-memory", memory, MAX_SIZE, "4 EiB"),
                                       ("--max-disk", disk, MAX_SIZE, "4 EiB"),
                                       ("--max-processes", processes, MAX_PROCESSES,
                                        f"{MAX_PROCESSES:,}")):
        if value is not None and value > most:
            raise UsageError(f"{option}: {value} is more than the kernel can bound a run by "
                             f"(at most {said})")
    _setting[0] = Setting(memory if memory is not None else DEFAULT_MEMORY,
                          processes if processes is not None else DEFAULT_PROCESSES, cpu,
                          disk if disk is not None else DEFAULT_DISK)


def setting() -> Setting:
    return _setting[0]


def memory() -> int:
    return _setting[0].memory


def processes_limit() -> int:
    return _setting[0].processes


def disk() -> int:
    return _setting[0].disk


def cpu_seconds(timeout: float | None) -> float | None:
    """The CPU time a run with time limit ``timeout`` may use: the block's
    :func:`cpu_limit` (at most ``--max-cpu``), else ``--max-cpu``, else the time limit (one
    core busy all along), at least MIN_CPU; None without any."""
    own, command_limit = _cpu_limit.get(), _setting[0].cpu
    if own is not None:
        return own if command_limit is None else min(own, command_limit)
    if command_limit is not None:
        return command_limit
    return None if timeout is None else max(timeout, MIN_CPU)


@contextmanager
def cpu_limit(seconds: float | None) -> Iterator[None]:
    """The runs within the block (in this thread) may use ``seconds`` of CPU time each
    (None: the default, :func:`cpu_seconds`)."""
    token = _cpu_limit.set(seconds)
    try:
        yield
    finally:
        _cpu_limit.reset(token)


@contextmanager
def metering() -> Iterator[Meter]:
    """A :class:`Meter` of the CPU time the runs within the block (in this thread) use."""
    meter = Meter()
    token = _meter.set(meter)
    try:
        yield meter
    finally:
        _meter.reset(token)


def meter() -> Meter | None:
    """The meter of the block a run starts in (None: none)."""
    return _meter.get()


def verdict(kind: str, cpu: float | None = None) -> str:
    """What a run stopped by the process, CPU, memory or disk limit did, for its verdict (after
    ``stopped: ``)."""
    if kind == PROCESSES:
        return (f"it started more than {processes_limit()} processes or threads (the "
                f"process limit; see --max-processes)")
    if kind == CPU:
        return f"it used more than {cpu or 0:g} s of CPU time (the CPU limit; see --max-cpu)"
    if kind == MEMORY:
        return f"it used more than {_mib(memory())} (the memory limit; see --max-memory)"
    return f"it wrote more than {_mib(disk())} (the disk limit; see --max-disk)"


def _mib(size: int) -> str:
    """A size as the options' help says it (``64 MiB``, ``1 GiB``)."""
    if size % (1 << 30) == 0:
        return f"{size >> 30} GiB"
    return f"{round(size / (1 << 20), 1):g} MiB"


@contextmanager
def building() -> Iterator[None]:
    """The runs within the block are a build or a probe: not limited."""
    token = _building.set(True)
    try:
        yield
    finally:
        _building.reset(token)


def limited() -> bool:
    """Whether a run started now is a program's run (limited), not a build's."""
    return not _building.get()


def java_options() -> list[str]:
    """The JVM's own bounds under the limit: its heap, and its classes' metaspace."""
    mib = memory() // (1024 * 1024)
    return [f"-Xmx{max(8, mib * 3 // 4)}m", f"-XX:MaxMetaspaceSize={max(16, mib // 4)}m"]


def command(argv: Sequence[str], env: Mapping[str, str], timeout: float | None = None,
            boxed: bool = False) -> list[str]:
    """``argv`` with its file-size and CPU-time limits, for a native program its
    address-space backstop (and :data:`ARENAS` malloc arenas), and in a box of a user who
    is not root its process limit (through ``prlimit``; as it is where there is no
    ``prlimit``)."""
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        return list(argv)
    words = [prlimit, f"--fsize={disk()}"]
    cpu = cpu_seconds(timeout)
    if cpu is not None:
        words.append(f"--cpu={math.ceil(cpu)}:{math.ceil(cpu) + 1}")
    arenas: list[str] = []
    if not address_space_exempt(argv, env):
        words.append(f"--as={memory() * AS_FACTOR}")
        if "MALLOC_ARENA_MAX" not in env and shutil.which("env"):
            arenas = ["env", f"MALLOC_ARENA_MAX={ARENAS}"]
    if boxed and nproc_binds():
        words.append(f"--nproc={processes_limit()}")
    return [*words, "--", *arenas, *argv]


def nproc_binds() -> bool:
    """Whether ``RLIMIT_NPROC`` in a box counts the run's own processes: not for root (the
    kernel exempts it), and only where a user namespace has its own count (Linux 5.14)."""
    if not hasattr(os, "geteuid") or os.geteuid() == 0:
        return False
    found = re.match(r"(\d+)\.(\d+)", os.uname().release)
    return found is not None and (int(found[1]), int(found[2])) >= NPROC_KERNEL


def address_space_exempt(argv: Sequence[str], env: Mapping[str, str]) -> bool:
    name = os.path.basename(argv[0]) if argv else ""
    return name in AS_EXEMPT or "ASAN_OPTIONS" in env


def out_of_memory(returncode: int | None, stderr: str) -> bool:
    """Whether a failed run's own words say an allocation was refused."""
    return returncode not in (0, None) and OUT_OF_MEMORY.search(stderr[-4096:]) is not None


def stopped_by(returncode: int | None, stderr: str) -> str | None:
    """Which limit a failed run's end says it met: ``SIGXCPU`` (CPU), ``SIGXFSZ`` or a
    refused write (disk); None for any other end."""
    if returncode == -signal.SIGXCPU:
        return CPU
    if returncode == -signal.SIGXFSZ or (returncode not in (0, None)
                                          and OUT_OF_DISK.search(stderr[-4096:])):
        return DISK
    return None


def _tree(leader: int, born: int) -> dict[int, int]:
    """``leader`` and every process below it, with their start times; none once the
    leader's id names a process started at another time than ``born`` (the run's leader
    ended and its id went to another process)."""
    return {proc.pid: proc.start for proc in tree_table(leader, born)}


def tree_table(leader: int, born: int) -> list[Proc]:
    """What :func:`_tree` finds, as the process table shows each (threads, CPU time)."""
    table = [proc for proc in processes() if not proc.zombie]
    if not any(proc.pid == leader and proc.start == born for proc in table):
        return []
    children: dict[int, list[int]] = {}
    for proc in table:
        children.setdefault(proc.ppid, []).append(proc.pid)
    tree = descendants({leader}, children)
    return [proc for proc in table if proc.pid in tree]


def same_processes(members: dict[int, int]) -> list[int]:
    """The ids of ``members`` (id: start time) that still name the process seen then, not
    another that took an ended one's id (ids are reused: 32,768 of them on many machines,
    and a busy one goes round them in minutes) — a kill by a stale id is a kill of a
    stranger: the reference's process, another run."""
    kept = []
    for pid, start in members.items():
        now = read_proc(pid)
        if now is not None and now.start == start and not now.zombie:
            kept.append(pid)
    return kept


def resident(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as file:
            return int(file.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass

"""The memory and file-size limits of a program's run (``--max-memory``, default 512 MiB).

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
says one of :data:`OUT_OF_MEMORY` was stopped by the limit.  ``RLIMIT_FSIZE``
(:data:`FILE_SIZE`) bounds each file a run writes (a bigger write gets ``SIGXFSZ``).

Builds and version probes are not limited (a compiler is trusted, and some need more):
the build cache marks them (:func:`building`).
"""

from __future__ import annotations

import os
import re
import shutil
import signal
import threading
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass

from portcheck.processes.proctable import descendants, processes, read_proc

DEFAULT_MEMORY = 512 * 1024 * 1024
MIN_MEMORY = 16 * 1024 * 1024
AS_FACTOR = 2  # the address-space backstop, in times the memory limit
FILE_SIZE = 64 * 1024 * 1024  # bytes of any one file a run writes
AS_EXEMPT = frozenset({"java", "javac", "node", "nodejs", "mono", "dotnet", "go"})
OUT_OF_MEMORY = re.compile(
    r"MemoryError|OutOfMemory|std::bad_alloc|memory allocation of \d+ bytes failed"
    r"|out of memory|Cannot allocate memory|Runtime error 203|heap out of memory", re.I)
PAGE = os.sysconf("SC_PAGE_SIZE") if hasattr(os, "sysconf") else 4096
RESCAN = 0.25  # seconds between looks for new processes of the run
SAMPLE = 0.02  # seconds between readings of the known processes' resident memory


@dataclass
class _Setting:
    memory: int = DEFAULT_MEMORY


_setting = _Setting()
_building: ContextVar[bool] = ContextVar("portcheck_building", default=False)


def configure(memory: int | None) -> None:
    """The command's memory limit (``--max-memory``; None: the default) for every run
    from now on."""
    _setting.memory = memory if memory is not None else DEFAULT_MEMORY


def memory() -> int:
    return _setting.memory


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
    mib = _setting.memory // (1024 * 1024)
    return [f"-Xmx{max(8, mib * 3 // 4)}m", f"-XX:MaxMetaspaceSize={max(16, mib // 4)}m"]


def command(argv: Sequence[str], env: Mapping[str, str]) -> list[str]:
    """``argv`` with its file-size limit and, for a native program, its address-space
    backstop (through ``prlimit``; as it is where there is no ``prlimit``)."""
    prlimit = shutil.which("prlimit")
    if prlimit is None:
        return list(argv)
    words = [prlimit, f"--fsize={FILE_SIZE}"]
    if not address_space_exempt(argv, env):
        words.append(f"--as={_setting.memory * AS_FACTOR}")
    return [*words, "--", *argv]


def address_space_exempt(argv: Sequence[str], env: Mapping[str, str]) -> bool:
    name = os.path.basename(argv[0]) if argv else ""
    return name in AS_EXEMPT or "ASAN_OPTIONS" in env


def out_of_memory(returncode: int | None, stderr: str) -> bool:
    """Whether a failed run's own words say an allocation was refused."""
    return returncode not in (0, None) and OUT_OF_MEMORY.search(stderr[-4096:]) is not None


class MemoryWatch:
    """Kills the processes of a run (``leader`` and all below it) when their resident
    memory adds up to more than ``limit`` bytes; ``exceeded`` says it did."""

    def __init__(self, leader: int, limit: int) -> None:
        self.leader, self.limit = leader, limit
        self.exceeded = False
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="portcheck-memory",
                                        daemon=True)
        self._thread.start()

    def stop(self) -> None:
        self._done.set()
        self._thread.join()

    def _watch(self) -> None:
        found = read_proc(self.leader)
        if found is None:
            return
        born = found.start
        members = {self.leader: born}
        rescan = 0.0
        waited = 0.0
        delay = 0.002
        while not self._done.wait(delay):
            waited += delay
            if waited >= rescan:
                members = _tree(self.leader, born)
                rescan = waited + min(RESCAN, max(0.01, waited))
            if sum(_resident(pid) for pid in members) > self.limit:
                self.exceeded = True
                for pid in same_processes({**members, **_tree(self.leader, born)}):
                    _kill(pid)
                return
            delay = min(SAMPLE, delay * 2)


def _tree(leader: int, born: int) -> dict[int, int]:
    """``leader`` and every process below it, with their start times; none once the
    leader's id names a process started at another time than ``born`` (the run's leader
    ended and its id went to another process)."""
    table = [proc for proc in processes() if not proc.zombie]
    if not any(proc.pid == leader and proc.start == born for proc in table):
        return {}
    children: dict[int, list[int]] = {}
    for proc in table:
        children.setdefault(proc.ppid, []).append(proc.pid)
    tree = descendants({leader}, children)
    return {proc.pid: proc.start for proc in table if proc.pid in tree}


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


def _resident(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/statm", "rb") as file:
            return int(file.read().split()[1]) * PAGE
    except (OSError, IndexError, ValueError):
        return 0


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass

"""A control group of its own for each run, where the machine lets portcheck make one: the
kernel then bounds the run's processes (``pids.max``) and adds up its CPU time and its
memory, whatever the run does to its process tree (the run watch, ``runwatch``, reads
them).

Which hierarchy is used is found once per process (:func:`found`):

- **cgroup v2**, where the cgroup portcheck is in is delegated to it: its folder is
  writable and ``pids`` is in its ``cgroup.subtree_control`` (a systemd unit with
  ``Delegate=yes``).  A run's group there has ``pids.max``, ``cpu.stat`` and, where the
  ``memory`` controller is delegated too, ``memory.stat``;
- else **cgroup v1**: the ``pids``, ``cpuacct`` and ``memory`` hierarchies, each where its
  folder is writable (root in a container that mounts them read-write);
- else none: the run watch (``runwatch``) counts the run's processes and CPU time from
  ``/proc`` instead, and says why (:func:`why_not`).

A run's group is made before the run (:meth:`RunGroup.make`), named after portcheck's
process (``portcheck-<pid>-<start>-<n>``), and the run's leader puts itself in it before it
becomes the program: ``/bin/sh -c 'echo $$ > …/cgroup.procs; exec "$@"'`` in front of the
command (:meth:`RunGroup.wrap`) — a race-free placement (``subprocess`` has no
``CLONE_INTO_CGROUP``, and a ``preexec_fn`` is not safe in a program with threads).  After
the run every process left in it is killed and the group removed (:meth:`RunGroup.close`).
The watchdog removes the groups of a portcheck killed with SIGKILL (``reaper``), and the
first run of a later portcheck removes any group whose portcheck is gone
(:func:`sweep`): none is leaked.
"""

from __future__ import annotations

import itertools
import os
import shutil
import signal
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from portcheck.processes import watchdog
from portcheck.processes.proctable import read_proc

PREFIX = "portcheck-"
MOUNTS = "/proc/self/mounts"
OWN = "/proc/self/cgroup"
ROUNDS = 100  # looks at a group's processes before its removal is given up
PLACE = 'while [ "$1" != -- ]; do echo $$ > "$1" 2>/dev/null; shift; done; shift; exec "$@"'


KINDS = {"pids": "pids.max", "cpuacct": "cpuacct.usage", "memory": "memory.stat"}


@dataclass(frozen=True)
class Hierarchies:
    """Where runs' groups are made, by what they are for: ``pids`` (counting processes),
    ``cpuacct`` (adding up CPU time), ``memory`` (adding up memory); one folder for all on
    cgroup v2.  Empty where none is writable, and ``why``."""

    folders: dict[str, Path] = field(default_factory=dict)
    version: int = 0  # 2, 1, or 0: none
    why: str = ""

    @property
    def bases(self) -> list[Path]:
        return sorted(set(self.folders.values()))


_lock = threading.Lock()
_found: dict[int, Hierarchies] = {}  # by process id: a forked worker looks again
_numbers = itertools.count(1)


def found() -> Hierarchies:
    """The hierarchies this process makes runs' groups in (looked for once; groups left by a
    portcheck that is gone are removed then)."""
    me = os.getpid()
    with _lock:
        if me not in _found:
            _found[me] = _look()
            for base in _found[me].bases:
                sweep(base)
        return _found[me]


def why_not() -> str | None:
    """None when runs get a group that bounds their processes; else why not (one line)."""
    where = found()
    return None if "pids" in where.folders else where.why


def forget() -> None:
    """Look again at the next run (tests change what is there)."""
    with _lock:
        _found.clear()


def _look() -> Hierarchies:
    mounts = _mounts()
    own = _own_paths()
    for point, _options in mounts.get("cgroup2", []):
        base = Path(point) / own.get("", "/").lstrip("/")
        controllers = _read(base / "cgroup.subtree_control").split()
        if "pids" in controllers and _usable(base, "pids.max"):
            kinds = ["pids", "cpuacct", *(["memory"] if "memory" in controllers else [])]
            return Hierarchies(dict.fromkeys(kinds, base), 2)
    folders: dict[str, Path] = {}
    for point, options in mounts.get("cgroup", []):
        for kind, control in KINDS.items():
            if kind in options and kind not in folders:
                base = Path(point) / own.get(kind, "/").lstrip("/")
                if _usable(base, control):
                    folders[kind] = base
    if folders:
        return Hierarchies(folders, 1, "" if "pids" in folders else
                           "no writable cgroup pids controller")
    if not mounts:
        return Hierarchies(why="no cgroup file system mounted")
    return Hierarchies(why="no cgroup this user may write (cgroup v2 not delegated, v1 pids "
                           "not writable)")


def _mounts() -> dict[str, list[tuple[str, set[str]]]]:
    """Mount points of ``cgroup2`` and ``cgroup`` (v1) with their options."""
    found: dict[str, list[tuple[str, set[str]]]] = {}
    for line in _read(Path(MOUNTS)).splitlines():
        words = line.split()
        if len(words) >= 4 and words[2] in ("cgroup", "cgroup2"):
            found.setdefault(words[2], []).append((words[1], set(words[3].split(","))))
    return found


def _own_paths() -> dict[str, str]:
    """This process's cgroup in each hierarchy: by controller (v1), ``""`` for v2."""
    paths: dict[str, str] = {}
    for line in _read(Path(OWN)).splitlines():
        _number, _, rest = line.partition(":")
        controllers, _, path = rest.partition(":")
        for controller in controllers.split(",") if controllers else [""]:
            paths[controller] = path
    return paths


def _usable(base: Path, control: str) -> bool:
    """Whether a group can be made in ``base`` and has ``control`` (made and removed)."""
    probe = base / f"{PREFIX}probe-{os.getpid()}-{next(_numbers)}"
    try:
        probe.mkdir()
    except OSError:
        return False
    try:
        return (probe / control).exists()
    finally:
        _remove(probe)


def _read(path: Path) -> str:
    try:
        return path.read_text(encoding="utf-8", errors="replace")
    except OSError:
        return ""


# -- one run's group ------------------------------------------------------------------------

class RunGroup:
    """The group(s) of one run, by kind (:data:`KINDS`): one folder on cgroup v2, one a
    hierarchy on v1."""

    def __init__(self, folders: dict[str, Path], version: int) -> None:
        self.folders, self.version = folders, version
        self._made = sorted(set(folders.values()))  # each folder once (one on cgroup v2)

    @property
    def pids(self) -> Path | None:
        return self.folders.get("pids")

    @classmethod
    def make(cls, limit: int) -> RunGroup | None:
        """A new group bounding a run at ``limit`` processes (and threads); None where no
        hierarchy is usable, or making it failed."""
        where = found()
        if not where.bases:
            return None
        watchdog.ensure()
        me = read_proc(os.getpid())
        name = f"{PREFIX}{os.getpid()}-{me.start if me else 0}-{next(_numbers)}"
        made: dict[Path, Path] = {}
        for base in where.bases:
            try:
                (base / name).mkdir()
            except OSError:
                continue
            made[base] = base / name
            watchdog.group_made(str(base / name))
        group = cls({kind: made[base] for kind, base in where.folders.items()
                     if base in made}, where.version)
        if group.pids is not None:
            try:
                (group.pids / "pids.max").write_text(str(limit))
            except OSError:
                group.folders.pop("pids")
        group._made = sorted(made.values())  # a made folder no limit uses is removed too
        if not group.folders:
            group.close()
            return None
        return group

    def wrap(self, argv: list[str]) -> list[str]:
        """``argv`` started by a shell that first puts itself in the group(s), then becomes
        ``argv`` (the same process: the run's leader)."""
        shell = shutil.which("sh") or "/bin/sh"
        return [shell, "-c", PLACE, "sh", *(str(folder / "cgroup.procs")
                                            for folder in self._made), "--", *argv]

    def over_limit(self) -> bool:
        """Whether a fork or a new thread of the run was refused at ``pids.max``."""
        if self.pids is None:
            return False
        for line in _read(self.pids / "pids.events").splitlines():
            name, _, count = line.partition(" ")
            if name == "max" and count.strip().isdigit() and int(count) > 0:
                return True
        return False

    def cpu_seconds(self) -> float | None:
        """The CPU time the run's processes used so far (None: not added up here)."""
        folder = self.folders.get("cpuacct")
        if folder is None:
            return None
        if self.version == 2:
            return _stat(folder / "cpu.stat", "usage_usec", 1e-6)
        text = _read(folder / "cpuacct.usage").strip()
        return int(text) / 1e9 if text.isdigit() else None

    def memory_bytes(self) -> int | None:
        """The memory the run's processes hold: their anonymous pages and their tmpfs
        files (``/tmp``), each page once however many forks share it; None: not added up
        here."""
        folder = self.folders.get("memory")
        if folder is None:
            return None
        names = ("anon", "shmem") if self.version == 2 else ("rss", "shmem")
        found = [_stat(folder / "memory.stat", name, 1) for name in names]
        return None if None in found else int(sum(f or 0 for f in found))

    def kill(self) -> None:
        """SIGKILL every process in the group (``cgroup.kill`` where there is one)."""
        for folder in self._made:
            kill_all(folder)

    def close(self) -> None:
        """Kill what is left in the group(s) and remove them."""
        for folder in self._made:
            _remove(folder)
            watchdog.group_removed(str(folder))


def _stat(path: Path, name: str, scale: float) -> float | None:
    for line in _read(path).splitlines():
        words = line.split()
        if len(words) == 2 and words[0] == name and words[1].isdigit():
            return int(words[1]) * scale
    return None


def kill_all(folder: Path) -> None:
    if (folder / "cgroup.kill").exists():
        try:
            (folder / "cgroup.kill").write_text("1")
            return
        except OSError:
            pass
    for word in _read(folder / "cgroup.procs").split():
        try:
            os.kill(int(word), signal.SIGKILL)
        except (ValueError, ProcessLookupError, PermissionError):
            pass


def _remove(folder: Path) -> None:
    """Kill what is in ``folder`` until it is empty, then remove it (given up after
    ROUNDS: a process in uninterruptible sleep; the next :func:`sweep` tries again)."""
    for round_number in range(ROUNDS):
        try:
            folder.rmdir()
            return
        except FileNotFoundError:
            return
        except OSError:
            kill_all(folder)
            time.sleep(0.001 * min(round_number + 1, 20))


def sweep(base: Path) -> None:
    """Remove the groups in ``base`` of portcheck processes that are gone (killed with
    SIGKILL, and their watchdog with them)."""
    try:
        names = os.listdir(base)
    except OSError:
        return
    for name in names:
        if not name.startswith(PREFIX):
            continue
        words = name[len(PREFIX):].split("-")
        if words[0] == "probe" and len(words) == 3 and words[1].isdigit():
            if read_proc(int(words[1])) is None:
                _remove(base / name)
            continue
        if len(words) != 3 or not all(word.isdigit() for word in words):
            continue
        owner = read_proc(int(words[0]))
        if owner is None or owner.start != int(words[1]):
            _remove(base / name)

"""The process table as Linux shows it in ``/proc``: who is whose child, in which session
and process group, started when, and which run's marker each carries in its environment.

Read fresh on every call (processes come and go); a process that ends while it is being read,
or that belongs to another user, is simply left out.  Where there is no ``/proc`` (not Linux)
the table is empty, and containment falls back to killing the process group alone.
"""

from __future__ import annotations

import os
from dataclasses import dataclass

PROC = "/proc"


@dataclass(frozen=True)
class Proc:
    pid: int
    ppid: int
    pgrp: int
    session: int
    zombie: bool
    start: int  # clock ticks after boot (field 22 of /proc/<pid>/stat)
    threads: int = 1  # its threads (field 20): a cgroup's pids.max counts these
    cpu: int = 0  # clock ticks of CPU time: its own and its reaped children's (14-17)


def read_proc(pid: int) -> Proc | None:
    """One process, or None when it is gone (or /proc is not there)."""
    data = _read(f"{PROC}/{pid}/stat")
    if data is None:
        return None
    # The command name (field 2) is in parentheses and may hold spaces and parentheses.
    fields = data[data.rindex(b")") + 2:].split()
    return Proc(pid, int(fields[1]), int(fields[2]), int(fields[3]), fields[0] == b"Z",
                int(fields[19]), int(fields[17]), sum(int(f) for f in fields[11:15]))


def processes() -> list[Proc]:
    """Every process this user can see."""
    try:
        names = os.listdir(PROC)
    except OSError:
        return []
    found = (read_proc(int(name)) for name in names if name.isdigit())
    return [proc for proc in found if proc is not None]


def environment_value(pid: int, name: str) -> str | None:
    """The value of variable ``name`` in the environment ``pid`` was started with (None:
    not set, or not readable)."""
    prefix = name.encode() + b"="
    for entry in (_read(f"{PROC}/{pid}/environ") or b"").split(b"\0"):
        if entry.startswith(prefix):
            return entry[len(prefix):].decode("utf-8", "replace")
    return None


def _read(path: str) -> bytes | None:
    """A whole /proc file (os calls, not pathlib: a scan reads hundreds of them)."""
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return None
    try:
        chunks = []
        while chunk := os.read(fd, 65536):
            chunks.append(chunk)
        return b"".join(chunks)
    except OSError:
        return None
    finally:
        os.close(fd)


def descendants(roots: set[int], children: dict[int, list[int]]) -> set[int]:
    """``roots`` and every process below them, by ``children`` (parent -> its children)."""
    found, stack = set(roots), list(roots)
    while stack:
        for child in children.get(stack.pop(), ()):
            if child not in found:
                found.add(child)
                stack.append(child)
    return found

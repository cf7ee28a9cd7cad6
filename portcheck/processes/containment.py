"""Containing the processes of a run: every program portcheck starts (a port, a compiler, a
version probe) ends with everything it started, however it tried to get away.

:func:`start` starts the program as the leader of a new session and process group, with a
marker unique to the run in its environment (``PORTCHECK_RUN``), while portcheck is a
*child subreaper* (Linux ``prctl(PR_SET_CHILD_SUBREAPER)``): a process the run orphans is
re-parented to portcheck instead of to init.  :func:`end`, called at the end of every run
whatever ended it, kills with SIGKILL

- the run's process group (all it started that stayed in it);
- every process whose environment carries the run's marker (what moved to a session of its
  own with ``setsid``, daemons, children that redirected their stdio to ``/dev/null``);
- every orphan re-parented to portcheck since the run started that carries no other run's
  marker (a child that left the session *and* cleared its environment);
- every process descended from one of those,

scanning ``/proc`` again until none is left, and reaps the orphans it killed.  :func:`stop_all`
ends every run in flight and lets no new one start: ``verify`` calls it on Ctrl-C and SIGTERM,
and it runs at exit.

When portcheck itself is killed with SIGKILL, its watchdog (``watchdog``, ``reaper``)
kills what the runs left: every process with one of its markers, every process in the
session or group of a run's leader.  What this cannot reach: a process that cleared its
environment, left the session and was adopted by a subreaper of its own making — unless the
run has a control group of its own (``cgroups``: where the machine lets portcheck write
one), which holds it wherever it went and is emptied after the run (docs: "Reliability").
"""

from __future__ import annotations

import atexit
import ctypes
import itertools
import os
import secrets
import signal
import subprocess
import threading
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import Any

from portcheck.processes import watchdog
from portcheck.processes.proctable import (
    Proc,
    descendants,
    environment_value,
    processes,
    read_proc,
)

MARKER_ENV = "PORTCHECK_RUN"
ROUNDS = 40  # scans of /proc before giving up on a process that keeps escaping
REAP_WAIT = 1.0  # seconds to wait for a killed orphan to die before leaving it
_PR_SET_CHILD_SUBREAPER = 36


class Interrupted(BaseException):
    """portcheck is stopping (Ctrl-C, SIGTERM): the run gives no result, and no new run
    starts.  A BaseException, so that no check reports it as a port's failure."""


@dataclass(eq=False)
class Family:
    """One run: the process portcheck started, the marker of everything it starts, and when
    it started (nothing of the run is older)."""

    leader: int
    marker: str
    start: int  # clock ticks after boot, as /proc/<pid>/stat counts them
    stopped: threading.Event = field(default_factory=threading.Event)


_live: dict[str, Family] = {}
# The leaders portcheck started, until their thread has waited for them: a run ends before
# its leader is reaped (so that its id is not reused meanwhile), and no other run's end may
# reap it as an orphan of its own — its thread would read exit status 0 for it.
_unreaped: dict[int, subprocess.Popen[bytes]] = {}
_lock = threading.Lock()
_stopping = threading.Event()
_numbers = itertools.count(1)


def start(argv: Sequence[str], *, cwd: Path | None, env: Mapping[str, str],
          **options: Any) -> tuple[subprocess.Popen[bytes], Family]:
    """Start ``argv`` with three pipes (or the streams in ``options``, which go to
    ``subprocess.Popen``), as the leader of its own session, marked as a run."""
    marker = new_marker()
    streams = {"stdin": subprocess.PIPE, "stdout": subprocess.PIPE, "stderr": subprocess.PIPE}
    with _lock:
        _admit()
        process = subprocess.Popen(
            list(argv), cwd=cwd, env={**env, MARKER_ENV: marker}, start_new_session=True,
            **{**streams, **options})
        _live[marker] = family = _family(process.pid, marker)
        _unreaped[process.pid] = process
    watchdog.started(process.pid)
    return process, family


def adopt(leader: int, marker: str) -> Family:
    """Contain a run that another process started for portcheck (verify's zygote forks
    them): ``leader`` leads its own session and carries ``marker``."""
    with _lock:
        _admit()
        _live[marker] = family = _family(leader, marker)
    watchdog.started(leader)
    return family


def _admit() -> None:
    """Under the lock, before a run is added: none while stopping; the first makes
    portcheck the subreaper."""
    if _stopping.is_set():
        raise Interrupted()
    watchdog.ensure()
    if not _live:
        _set_subreaper(True)


def new_marker() -> str:
    """A marker no other run of this portcheck carries."""
    return f"{os.getpid()}.{next(_numbers)}.{secrets.token_hex(4)}"


def _family(leader: int, marker: str) -> Family:
    found = read_proc(leader)
    return Family(leader, marker, found.start if found else 0)


def end(family: Family) -> None:
    """Kill everything of the run, reap the orphans among it, and forget the run.  Call it
    while the leader is not yet reaped (its id is then not reused)."""
    killed, table = _kill_until_gone(family, [], group=True)
    _reap(killed | _orphans(family, table), table)
    with _lock:
        _live.pop(family.marker, None)
        if not _live:
            _set_subreaper(False)
    watchdog.ended(family.leader)


def kill_members(family: Family, table: list[Proc]) -> None:
    """Kill everything the run started but its leader, which goes on (the reference's
    process after a call that started helpers), and reap the orphans among it."""
    killed, table = _kill_until_gone(family, table, group=False)
    _reap(killed | _orphans(family, table), table)


def _kill_until_gone(family: Family, table: list[Proc],
                     group: bool) -> tuple[set[int], list[Proc]]:
    """Kill the run's members (and, with ``group``, the leader's whole group first), scan
    ``/proc`` again and again until none is left or ROUNDS are done; what was killed, and
    the last table read."""
    killed: set[int] = set()
    for round_number in range(ROUNDS):
        if group:
            _kill_group(family.leader)
            table = processes()
        found = members(family, table)
        if not found:
            break
        for pid in found:
            _kill(pid)
        killed |= found
        time.sleep(0.001 * (round_number + 1))
        if not group:
            table = processes()
    return killed, table


def await_exit(pid: int, deadline: float) -> bool:
    """Wait until our child ``pid`` has exited, without reaping it (so its id cannot be
    reused before its group is killed); False when the deadline passes first."""
    delay = 0.0005
    while True:
        try:
            if os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT) is not None:
                return True
        except ChildProcessError:
            return True
        if time.monotonic() >= deadline:
            return False
        time.sleep(delay)
        delay = min(delay * 2, 0.02)


def stop_all() -> None:
    """End every run in flight (they raise :class:`Interrupted`) and start no new one until
    :func:`resume`."""
    _stopping.set()
    with _lock:
        families = list(_live.values())
    for family in families:
        family.stopped.set()
        end(family)


def resume() -> None:
    """Runs may start again (after :func:`stop_all`, once its callers have stopped)."""
    _stopping.clear()


def members(family: Family, table: list[Proc]) -> set[int]:
    """The live processes of the run in ``table``, the leader apart (its group is killed as
    a whole)."""
    me = os.getpid()
    table = [p for p in table if p.pid not in (me, family.leader, watchdog.watchdog_pid())
             and not p.zombie and p.start >= family.start]
    leaders = _leaders()
    marks = {p.pid: environment_value(p.pid, MARKER_ENV) for p in table}
    found = {p.pid for p in table if marks[p.pid] == family.marker
             or (marks[p.pid] is None and _belongs(p, family, me, leaders))}
    return _with_descendants(found | {family.leader}, table, marks, family) - {family.leader}


def _leaders() -> set[int]:
    """The leaders of the runs in flight, and of the runs ended whose leader is not yet
    reaped by its own thread."""
    with _lock:
        for pid, process in list(_unreaped.items()):
            if process.returncode is not None:
                del _unreaped[pid]
        return {family.leader for family in _live.values()} | set(_unreaped)


def _belongs(proc: Proc, family: Family, me: int, leaders: set[int]) -> bool:
    """An unmarked process is the run's when it is in its session or group, or an orphan
    re-parented to portcheck (by the subreaper) that is no run's leader.  A child of
    portcheck still in portcheck's own session is none of those: every run starts in a
    session of its own and no process can join another's session, so it was started by
    portcheck itself (a Dask worker of a local cluster, a multiprocessing helper) and is
    left alone."""
    return (family.leader in (proc.session, proc.pgrp)
            or (proc.ppid == me and proc.pid not in leaders
                and proc.session != _own_session()))


def _own_session() -> int:
    return os.getsid(0)


def _with_descendants(roots: set[int], table: list[Proc], marks: dict[int, str | None],
                      family: Family) -> set[int]:
    """``roots`` and every process below them that carries no other run's marker."""
    children: dict[int, list[int]] = {}
    for proc in table:
        if marks[proc.pid] in (None, family.marker):
            children.setdefault(proc.ppid, []).append(proc.pid)
    return descendants(roots, children)


def _orphans(family: Family, table: list[Proc]) -> set[int]:
    """Zombies re-parented to portcheck since the run started: they are the run's."""
    me, leaders = os.getpid(), _leaders()
    return {p.pid for p in table if p.zombie and p.ppid == me and p.pid not in leaders
            and p.start >= family.start and p.session != _own_session()}


def _reap(pids: set[int], table: list[Proc]) -> None:
    """Wait for the killed processes that are portcheck's children (re-parented orphans),
    so none is left a zombie; a process that will not die within REAP_WAIT is left."""
    me = os.getpid()
    waiting = {p.pid for p in table if p.pid in pids and p.ppid == me}
    deadline = time.monotonic() + REAP_WAIT
    while waiting and time.monotonic() < deadline:
        for pid in list(waiting):
            try:
                done, _ = os.waitpid(pid, os.WNOHANG)
            except ChildProcessError:
                done = pid
            if done:
                waiting.discard(pid)
        if waiting:
            time.sleep(0.002)


def _kill_group(leader: int) -> None:
    try:
        os.killpg(leader, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _kill(pid: int) -> None:
    try:
        os.kill(pid, signal.SIGKILL)
    except (ProcessLookupError, PermissionError):
        pass


def _set_subreaper(on: bool) -> None:
    """Make portcheck the subreaper of what its runs orphan (Linux; elsewhere nothing)."""
    prctl = _prctl()
    if prctl is not None:
        prctl(_PR_SET_CHILD_SUBREAPER, int(on), 0, 0, 0)


@cache
def _prctl() -> Callable[..., int] | None:
    try:
        return ctypes.CDLL(None, use_errno=True).prctl
    except (OSError, AttributeError):
        return None


atexit.register(stop_all)

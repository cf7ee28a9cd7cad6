"""The watchdog process (``watchdog``): what ends portcheck's runs when portcheck itself
is killed (``kill -9``, the OOM killer, a port that SIGKILLs its parent).

Containment (``containment``) ends every run at its end, at Ctrl-C and at exit, but a
process killed with SIGKILL runs no code: its runs' processes would go on.  So before its
first run portcheck starts this module as a small process of its own (``python -I -S``, its
own session, no marker), and keeps the write end of a pipe that is the watchdog's stdin.
portcheck writes ``+PID`` when a run's leader starts and ``-PID`` when the run has ended,
``=FOLDER`` when it made a run's control group (``cgroups``) and ``!FOLDER`` when it removed
it.  When the pipe reaches its end — portcheck exited, however it exited — the watchdog
kills, until none is left: every process whose environment carries a marker of that
portcheck (``PORTCHECK_RUN=<its pid>.…``), every process in the session or process group of
a leader still listed, and every process in a control group still listed, whose folder it
then removes.  Then it exits.  (``PR_SET_PDEATHSIG`` on a run's leader would end the
leader alone, and only when the thread that started it ends, not the process.)

This file runs alone (``python -I -S reaper.py PID``): it imports nothing of portcheck.
"""

from __future__ import annotations

import os
import signal
import sys
import time

MARKER_ENV = "PORTCHECK_RUN"
ROUNDS = 50


def _environment_marker(pid: int) -> bytes | None:
    try:
        with open(f"/proc/{pid}/environ", "rb") as environ:
            for entry in environ.read().split(b"\0"):
                if entry.startswith(MARKER_ENV.encode() + b"="):
                    return entry[len(MARKER_ENV) + 1:]
    except OSError:
        pass
    return None


def _session_and_group(pid: int) -> tuple[int, int] | None:
    try:
        with open(f"/proc/{pid}/stat", "rb") as stat:
            fields = stat.read().rsplit(b")", 1)[1].split()
        return int(fields[3]), int(fields[2])  # session, process group
    except (OSError, IndexError, ValueError):
        return None


def _doomed(prefix: bytes, leaders: set[int], me: int) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if not name.isdigit() or int(name) == me:
            continue
        pid = int(name)
        marker = _environment_marker(pid)
        ids = _session_and_group(pid)
        if (marker is not None and marker.startswith(prefix)) or \
                (ids is not None and (ids[0] in leaders or ids[1] in leaders)):
            found.append(pid)
    return found


def _in_groups(groups: set[bytes]) -> list[int]:
    """The processes in the run's control groups still listed."""
    found = []
    for group in groups:
        try:
            with open(os.path.join(group, b"cgroup.procs"), "rb") as procs:
                found += [int(word) for word in procs.read().split()]
        except (OSError, ValueError):
            pass
    return found


def _removed(group: bytes) -> bool:
    """Whether a run's control group is gone now (removed here when it is empty)."""
    try:
        os.rmdir(group)
    except FileNotFoundError:
        return True
    except OSError:
        return False
    return True


def watch(parent: int) -> None:
    """Read ``+PID``/``-PID`` lines until the end, then kill what is left of the runs of
    the portcheck process ``parent``."""
    leaders: set[int] = set()
    groups: set[bytes] = set()
    for line in sys.stdin.buffer:
        word = line.strip()
        if word[:1] == b"+" and word[1:].isdigit():
            leaders.add(int(word[1:]))
        elif word[:1] == b"-" and word[1:].isdigit():
            leaders.discard(int(word[1:]))
        elif word[:1] == b"=":
            groups.add(word[1:])
        elif word[:1] == b"!":
            groups.discard(word[1:])
    prefix, me = f"{parent}.".encode(), os.getpid()
    for round_number in range(ROUNDS):
        doomed = _doomed(prefix, leaders, me) + _in_groups(groups)
        groups = {group for group in groups if not _removed(group)}
        if not doomed and not groups:
            return
        for pid in doomed:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass
        time.sleep(0.01 * (round_number + 1))



if __name__ == "__main__":
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # portcheck's Ctrl-C is not for it
    signal.signal(signal.SIGHUP, signal.SIG_IGN)
    watch(int(sys.argv[1]))

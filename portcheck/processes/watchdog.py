"""portcheck's side of its watchdog: the process that ends portcheck's runs when portcheck
itself is killed with SIGKILL (``reaper``, where the whole story is told).  ``containment``
calls :func:`ensure` before the first run, :func:`started` and :func:`ended` with each
run's leader (``cgroups``: :func:`group_made`, :func:`group_removed` with each run's
control group), and leaves the watchdog itself alone (:func:`watchdog_pid`).
"""

from __future__ import annotations

import os
import subprocess
import sys
import threading
from pathlib import Path

REAPER = Path(__file__).with_name("reaper.py")
MARKER_ENV = "PORTCHECK_RUN"

_lock = threading.Lock()
_pipe: dict[int, int] = {}  # portcheck's pid -> the write end of its watchdog's stdin
_pids: dict[int, int] = {}  # portcheck's pid -> its watchdog's pid


def ensure() -> None:
    """Start this process's watchdog, once (again in a forked child of portcheck)."""
    me = os.getpid()
    with _lock:
        if me in _pipe or not os.path.isdir("/proc"):
            return
        read, write = os.pipe()
        env = {k: v for k, v in os.environ.items() if k != MARKER_ENV}
        try:
            process = subprocess.Popen(
                [sys.executable, "-I", "-S", str(REAPER), str(me)],
                stdin=read, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                start_new_session=True, env=env, close_fds=True)
        except OSError:
            os.close(write)
            return
        finally:
            os.close(read)
        _pipe[me], _pids[me] = write, process.pid


def watchdog_pid() -> int | None:
    """The pid of this process's watchdog (containment leaves it alone)."""
    return _pids.get(os.getpid())


def _say(line: str) -> None:
    fd = _pipe.get(os.getpid())
    if fd is None:
        return
    try:
        os.write(fd, line.encode() + b"\n")
    except OSError:
        pass  # the watchdog is gone: nothing more it can do for us


def started(leader: int) -> None:
    _say(f"+{leader}")


def ended(leader: int) -> None:
    _say(f"-{leader}")


def group_made(folder: str) -> None:
    """A run's cgroup (``cgroups``): the watchdog removes it if portcheck dies first."""
    _say(f"={folder}")


def group_removed(folder: str) -> None:
    _say(f"!{folder}")

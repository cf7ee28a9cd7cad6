"""The CPU limit of a run inside portcheck's own process (``portcheck exec --sandbox off``:
the embedded interpreter runs the program here, with no box and no process of its own to
bound).

A thread looks at this process's CPU time (all its threads: the interpreter runs a deep
program on a big-stack thread of its own) every :data:`LOOK` seconds and, once the run has
used its share, calls the caller's ``stop`` (which says so and ends the process).  Not the
kernel's ``RLIMIT_CPU``: its ``SIGXCPU`` goes to whichever thread is running — the
program's, where Python never runs a handler — so the main thread, waiting for the
program's thread, would not hear it.  A program inside one long operation of Python's that
holds the interpreter (a regular expression that backtracks) is stopped only when that
operation returns; Ctrl-C ends it at once (``portinterp.command.signals_end_the_run``).
Time spent waiting (for input, for a FIFO's writer) is no CPU time: ``exec`` has no time
limit.
"""

from __future__ import annotations

import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager

LOOK = 0.1  # seconds between two looks at the CPU time


@contextmanager
def cpu_limited(seconds: float | None, stop: Callable[[], None]) -> Iterator[None]:
    """``stop()`` is called (from a thread of its own) once this process has used
    ``seconds`` more CPU time than it had at the start; None: no limit."""
    if seconds is None:
        yield
        return
    done = threading.Event()
    start = time.process_time()

    def watch() -> None:
        while not done.wait(LOOK):
            if time.process_time() - start > seconds:
                stop()
                return

    watcher = threading.Thread(target=watch, name="portcheck-cpu", daemon=True)
    watcher.start()
    try:
        yield
    finally:
        done.set()
        watcher.join()

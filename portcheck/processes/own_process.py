"""The limits of a run inside portcheck's own process (``portcheck exec --sandbox off``: the
embedded interpreter runs the program here, with no box and no process of its own to
bound): its CPU time, and the size of a file it writes.  (Its memory is bounded by the
interpreter's own ``portinterp.command.memory_limited``.)

**CPU time** (:func:`cpu_limited`): a thread looks at this process's CPU time (all its
threads: the interpreter runs a deep program on a big-stack thread of its own) every
:data:`LOOK` seconds and, once the run has used its share, calls the caller's ``stop``
(which says so and ends the process). Not the kernel's ``RLIMIT_CPU``: its ``SIGXCPU`` goes
to whichever thread is running — the program's, where Python never runs a handler — so the
main thread, waiting for the program's thread, would not hear it. A program inside one long
operation of Python's that holds the interpreter (a regular expression that backtracks) is
stopped only when that operation returns; Ctrl-C ends it at once
(``portinterp.command.signals_end_the_run``). Time spent waiting (for input, for a FIFO's
writer) is no CPU time: ``exec`` has no time limit.

**File size** (:func:`file_size_limited`): the soft ``RLIMIT_FSIZE`` of this process, given
back after; the hard limit is left alone (lowering it could not be undone, and a caller
that goes on, such as a test, would inherit it).  Python ignores ``SIGXFSZ``, so a write
past it fails with ``EFBIG`` and the program gets its language's error at its line, as in
the box.
"""

from __future__ import annotations

import resource
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


@contextmanager
def file_size_limited(size: int) -> Iterator[None]:
    """No file this process writes grows past ``size`` bytes while the run lasts."""
    try:
        before = resource.getrlimit(resource.RLIMIT_FSIZE)
        wanted = size if before[1] == resource.RLIM_INFINITY else min(size, before[1])
        resource.setrlimit(resource.RLIMIT_FSIZE, (wanted, before[1]))
    except (ValueError, OSError):
        before = None
    try:
        yield
    finally:
        if before is not None:
            try:
                resource.setrlimit(resource.RLIMIT_FSIZE, before)
            except (ValueError, OSError):
                pass

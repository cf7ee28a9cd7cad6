"""Signals that end portcheck: SIGTERM and SIGHUP stop it as Ctrl-C does, so the runs in
flight are ended (``portcheck.processes.containment``) instead of being left running when
Python's default action kills portcheck on the spot.
"""

from __future__ import annotations

import signal
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from types import FrameType

STOPPING = (signal.SIGTERM, signal.SIGHUP)


class Terminated(KeyboardInterrupt):
    """SIGTERM or SIGHUP arrived: stop as for Ctrl-C."""

    def __init__(self, signum: int) -> None:
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def exit_status(interrupt: KeyboardInterrupt) -> int:
    """128 + the signal's number, as a shell reports a process a signal ended."""
    return 128 + getattr(interrupt, "signum", signal.SIGINT)


@contextmanager
def stop_on_signals() -> Iterator[None]:
    """Within: SIGTERM and SIGHUP raise :class:`Terminated` in the main thread (elsewhere,
    or where a handler cannot be set, nothing changes)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    previous = {signum: signal.signal(signum, _raise) for signum in STOPPING}
    try:
        yield
    finally:
        for signum, handler in previous.items():
            signal.signal(signum, handler)


def _raise(signum: int, frame: FrameType | None) -> None:
    raise Terminated(signum)

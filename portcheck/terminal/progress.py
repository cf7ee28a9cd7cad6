"""A one-line progress indicator for runs that take a while (``verify``, ``report``).

It appears only on a terminal, and only once the run has taken ``DELAY`` seconds: a quick
run prints nothing more than its report, and output to a file or a pipe (CI logs, ``| less``)
never gets carriage returns.  The line is cleared before the report is printed.
"""

from __future__ import annotations

import threading
import time
from types import TracebackType
from typing import Any, TextIO

DELAY = 1.0  # seconds before the indicator appears
REFRESH = 0.25  # seconds between redraws (the elapsed time moves on)
CLEAR = "\r\x1b[K"


class Progress:
    def __init__(self, total: int, noun: str, stream: TextIO, delay: float = DELAY) -> None:
        self.total, self.noun, self.stream, self.delay = total, noun, stream, delay
        self.enabled = total > 0 and _is_terminal(stream)
        self.done = 0
        self.shown = False
        self.started = time.monotonic()
        self._lock = threading.Lock()
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._run, name="progress", daemon=True)

    def __enter__(self) -> Progress:
        if self.enabled:
            self._thread.start()
        return self

    def __exit__(self, kind: type[BaseException] | None, error: BaseException | None,
                 trace: TracebackType | None) -> None:
        self._stop.set()
        if self._thread.is_alive():
            self._thread.join()
        with self._lock:
            if self.shown:
                self.stream.write(CLEAR)
                self.stream.flush()

    def advance(self, *_: Any) -> None:
        """One more item done (any arguments are ignored: a callback of ``verify``)."""
        with self._lock:
            self.done += 1

    def line(self) -> str:
        elapsed = time.monotonic() - self.started
        return f"{self.done}/{self.total} {self.noun} … {elapsed:.0f} s"

    def _run(self) -> None:
        if self._stop.wait(self.delay):
            return
        while True:
            with self._lock:
                self.shown = True
                self.stream.write(CLEAR + self.line())
                self.stream.flush()
            if self._stop.wait(REFRESH):
                return


def _is_terminal(stream: TextIO) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False

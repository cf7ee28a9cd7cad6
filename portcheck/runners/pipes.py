"""The pipes of a running program: its input fed in, its output and errors read out, each
up to a limit, until they close, a deadline passes or a stop is asked for.

``subprocess.communicate`` reads without bound and, once a time limit has passed, cannot be
asked for "what was printed so far" without waiting for every holder of the pipes to close
them (a grandchild in a session of its own may hold them for ever); this loop does both with
a deadline.
"""

from __future__ import annotations

import os
import select
import selectors
import threading
import time
from typing import IO, Protocol

from portcheck.runners.watch import OutputWatch

CHUNK = 1 << 16
POLL = 0.25  # seconds between looks at the stop flag while nothing happens


class Streams(Protocol):
    """A started program's pipes (``subprocess.Popen`` has them)."""

    stdin: IO[bytes] | None
    stdout: IO[bytes] | None
    stderr: IO[bytes] | None


class Pipes:
    """``stdout`` and ``stderr`` as read so far; ``limited`` names a stream that passed
    ``limit`` bytes (it keeps its first ``limit``); ``wrong`` says that ``watch`` found the
    stdout read so far wrong (``portcheck.runners.watch``)."""

    def __init__(self, process: Streams, data: bytes, limit: int,
                 watch: OutputWatch | None = None) -> None:
        self.limit = limit
        self.watch = watch
        self.wrong = False
        self.stdout = bytearray()
        self.stderr = bytearray()
        self.limited: str | None = None
        self._selector = selectors.DefaultSelector()
        self._data = memoryview(data)
        self._buffers = {process.stdout: self.stdout, process.stderr: self.stderr}
        self._open: set[IO[bytes]] = set()
        for stream in self._buffers:
            assert stream is not None
            self._watch(stream, selectors.EVENT_READ)
        assert process.stdin is not None
        if data:
            self._watch(process.stdin, selectors.EVENT_WRITE)
        else:
            process.stdin.close()

    def pump(self, deadline: float, stop: threading.Event | None = None) -> bool:
        """Move data until both output pipes are closed (True), or the deadline passes, an
        output passes the limit, the watch finds it wrong or ``stop`` is set (False)."""
        while self._reading():
            remaining = deadline - time.monotonic()
            if remaining <= 0 or self.limited or self.wrong or (stop is not None
                                                                and stop.is_set()):
                return False
            for key, _ in self._selector.select(min(remaining, POLL)):
                if key.events & selectors.EVENT_WRITE:
                    self._feed(key.fileobj)  # type: ignore[arg-type]
                else:
                    self._read(key.fileobj)  # type: ignore[arg-type]
        return True

    def close(self) -> None:
        for stream in list(self._open):
            self._forget(stream)
        self._selector.close()

    def _reading(self) -> bool:
        return any(stream in self._open for stream in self._buffers)

    def _watch(self, stream: IO[bytes], events: int) -> None:
        self._selector.register(stream, events)
        self._open.add(stream)

    def _feed(self, stream: IO[bytes]) -> None:
        try:
            written = os.write(stream.fileno(), self._data[:select.PIPE_BUF])
        except OSError:  # BrokenPipeError above all
            written = len(self._data)  # the program closed its input: the rest is dropped
        self._data = self._data[written:]
        if not self._data:
            self._forget(stream)

    def _read(self, stream: IO[bytes]) -> None:
        chunk = os.read(stream.fileno(), CHUNK)
        if not chunk:
            self._forget(stream)
            return
        buffer = self._buffers[stream]
        buffer += chunk
        if buffer is self.stdout and self.watch is not None and not self.wrong:
            self.wrong = not self.watch.feed(chunk)
        if len(buffer) > self.limit:
            del buffer[self.limit:]
            self.limited = "stdout" if buffer is self.stdout else "stderr"

    def _forget(self, stream: IO[bytes]) -> None:
        self._selector.unregister(stream)
        self._open.discard(stream)
        stream.close()

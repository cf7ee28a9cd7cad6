"""A program run's standard output, buffered and flushed at least every 50 ms.

A port's run is started with ``python -u`` (and this project's environment sets
``PYTHONUNBUFFERED``), so its ``sys.stdout`` writes every piece it is given at once: a
``вывод нс, "Ход ", i, ": ", x`` is four system calls, and four wake-ups of the reader, the
harness, which reads the pipe as it fills (time and output limits, the mutants' early stop).
The queens programs print 26,000 pieces in 2,600 lines.  Here the output is kept in a
64 KiB buffer instead and written when it fills, at the end of the run, before the program
reads its input (so a prompt shows before the program waits for the answer), and by a
thread at most every 50 ms — so a program stopped by its time limit, or one that prints a
line and then loops for ever, has shown what it printed up to 50 ms before.

Only the command line of a run (``python -m portinterp.<language>``) does this; a run in
a harness's own process (``command.execute``: portcheck's ``exec``) writes to the terminal
as a program's own print would.  Written here,
not taken from a library: it is ``io.BufferedWriter`` with a timer, a dozen lines.
"""

from __future__ import annotations

import io
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from typing import TextIO

INTERVAL = 0.05  # seconds between the timer's flushes
BUFFER = 64 * 1024


class FlushingInput:
    """A program's stdin that flushes its stdout before each read."""

    def __init__(self, stream: TextIO, output: TextIO) -> None:
        self._stream = stream
        self._output = output

    def readline(self, size: int = -1) -> str:
        self._output.flush()
        return self._stream.readline(size)

    def read(self, size: int = -1) -> str:
        self._output.flush()
        return self._stream.read(size)

    def __getattr__(self, name: str) -> object:
        return getattr(self._stream, name)


def _buffered(like: TextIO) -> TextIO:
    """A text stream over ``like``'s descriptor with a buffer, its encoding and errors."""
    binary = io.BufferedWriter(io.FileIO(like.fileno(), "w", closefd=False), BUFFER)
    return io.TextIOWrapper(binary, encoding=like.encoding, errors=like.errors,
                            newline="\n", line_buffering=False, write_through=False)


def _flush_until(stream: TextIO, stop: threading.Event) -> None:
    while not stop.wait(INTERVAL):
        try:
            stream.flush()
        except (OSError, ValueError):  # the reader went away: the program's next write says so
            return


@contextmanager
def buffered_stdout() -> Iterator[None]:
    """``sys.stdout`` buffered within the block (and ``sys.stdin`` flushing it before a
    read); flushed at the end, whatever ends the block."""
    original_out, original_in = sys.stdout, sys.stdin
    original_out.flush()
    stream = _buffered(original_out)
    stop = threading.Event()
    timer = threading.Thread(target=_flush_until, args=(stream, stop), daemon=True)
    sys.stdout = stream
    sys.stdin = FlushingInput(original_in, stream)  # type: ignore[assignment]
    timer.start()
    try:
        yield
        stream.flush()
    finally:
        stop.set()
        timer.join()
        sys.stdout, sys.stdin = original_out, original_in
        try:
            stream.flush()
        except (OSError, ValueError):
            pass  # a closed pipe: reported by the flush inside the block, or not at all

"""The progress line of an exhaustive run on stderr: shards and games done, the rate, the
time left.  As every progress line of portcheck (``portcheck.terminal.progress``): only on a
terminal, after a second, cleared at the end; ``-q`` turns it off."""

from __future__ import annotations

import time
from typing import TextIO

from portcheck.terminal.progress import Progress


class ShardProgress(Progress):
    def __init__(self, shards: int, inputs: int, stream: TextIO, quiet: bool) -> None:
        super().__init__(shards, "shards", stream)
        self.enabled = self.enabled and not quiet
        self.inputs_total, self.inputs_done = inputs, 0

    def add(self, inputs: int) -> None:
        """One more shard of ``inputs`` done."""
        with self._lock:
            self.done += 1
            self.inputs_done += inputs

    def line(self) -> str:
        elapsed = time.monotonic() - self.started
        rate = self.inputs_done / elapsed if elapsed > 0 else 0.0
        left = (self.inputs_total - self.inputs_done) / rate if rate else None
        eta = f"ETA {duration(left)}" if left is not None else "ETA …"
        return (f"{self.done}/{self.total} shards, {self.inputs_done:,} inputs, "
                f"{rate:,.0f}/s, {duration(elapsed)} so far, {eta}")


def duration(seconds: float) -> str:
    """``42 s``, ``7 min 05 s``, ``3 h 02 min``."""
    whole = int(seconds)
    if whole < 60:
        return f"{whole} s"
    if whole < 3600:
        return f"{whole // 60} min {whole % 60:02d} s"
    return f"{whole // 3600} h {whole // 60 % 60:02d} min"

"""The range of an exhaustive run (``--range FIRST..LAST``) and its shards."""

from __future__ import annotations

import re
from dataclasses import dataclass

from portcheck.errors import UsageError
from portcheck.suite.params import IntParam

DEFAULT_SHARD_SIZE = 1 << 24  # 16,777,216 deals: 128 shards for the whole FreeCell range
MAX_SHARDS = 1 << 20  # more is a typo in --shard-size, and a state file of many megabytes
_RANGE = re.compile(r"\s*([0-9]+)\s*\.\.\s*([0-9]+)\s*")


@dataclass(frozen=True, order=True)
class Span:
    """Inputs ``first`` to ``last``, both included."""

    first: int
    last: int

    @property
    def size(self) -> int:
        return self.last - self.first + 1

    def halves(self) -> tuple[Span, Span]:
        middle = (self.first + self.last) // 2
        return Span(self.first, middle), Span(middle + 1, self.last)

    def __str__(self) -> str:
        return f"{self.first}..{self.last}"


def parse_range(text: str, name: str, spec: IntParam) -> Span:
    """``"1..2147483647"``: a usage error unless both ends are whole numbers within the
    input's range and the first is not above the last."""
    match = _RANGE.fullmatch(text)
    if match is None:
        raise UsageError(f"--range {text!r}: expected FIRST..LAST, e.g. "
                         f"--range {spec.low}..{spec.high}")
    span = Span(int(match[1]), int(match[2]))
    if not spec.low <= span.first <= span.last <= spec.high:
        raise UsageError(f"--range {text}: {name} runs from {spec.low} to {spec.high}, "
                         "and FIRST is at most LAST")
    return span


def shards(span: Span, size: int) -> list[Span]:
    """``span`` cut into shards of ``size`` inputs (the last one shorter)."""
    if size < 1:
        raise UsageError(f"--shard-size {size}: a shard holds at least one input")
    if -(-span.size // size) > MAX_SHARDS:
        raise UsageError(f"--shard-size {size}: {span} would make more than {MAX_SHARDS:,} "
                         "shards; take larger ones")
    return [Span(first, min(first + size - 1, span.last))
            for first in range(span.first, span.last + 1, size)]

"""A transcript cut into its cases, so a listing can show some of them and a fresh run's
difference from it is shown case by case.

A transcript is what a program printed for all its cases, in order; its ``transcript``
check has matched it against the cases' goldens in the port's comparison mode.  Each case
has as many units (lines, or tokens in ``tokens`` mode) as its golden, counted after the
port's normalization (a contributed program's dropped header lines count for nothing), so
the transcript's lines are handed out to the cases in order.  A line with no unit before
a case (a dropped ``Hand 617`` header) goes with the case it comes before.
"""

from __future__ import annotations

from portcheck.suite.compare import normalise_newlines
from portcheck.suite.normalize import Normalize


def units(text: str, mode: str) -> int:
    """How many units ``text`` (one line, or one golden) counts in ``mode``."""
    if mode == "tokens":
        return len(text.split())
    lines = normalise_newlines(text).split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    if mode == "lines":
        while lines and not lines[-1].rstrip(" \t"):
            lines.pop()
    return len(lines)


def cut(transcript: str, goldens: list[tuple[str, str]], mode: str,
        normalize: Normalize) -> dict[str, str]:
    """``transcript`` cut into the cases of ``goldens`` (case id, golden output), in order;
    the lines after the last case's units stay with the last case."""
    pieces: dict[str, list[str]] = {case: [] for case, _ in goldens}
    wanted = [(case, units(golden, mode)) for case, golden in goldens]
    index, counted = 0, 0
    for line in normalise_newlines(transcript).splitlines(keepends=True):
        while index < len(wanted) - 1 and counted >= wanted[index][1]:
            index, counted = index + 1, 0
        counted += _line_units(line, mode, normalize)
        pieces[wanted[index][0]].append(line)
    return {case: "".join(text) for case, text in pieces.items()}


def _line_units(line: str, mode: str, normalize: Normalize) -> int:
    """The units one printed line counts for: none if normalization drops it."""
    if any(pattern.search(line.rstrip("\n")) for pattern in normalize.drop_lines):
        return 0
    return len(normalize.apply(line).split()) if mode == "tokens" else 1

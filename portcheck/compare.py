"""Comparison of a program's output with what was expected, in a declared mode.

- ``exact``: the same text (after line endings and a BOM are normalised).
- ``lines``: trailing spaces on each line and blank lines at the end are ignored.
- ``tokens``: runs of white space, line breaks included, count as one separator.

The expected text is made of segments, one per case, so a difference is reported as
"case game-617, line 3" rather than as a line of the whole transcript.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass

MODES = ("exact", "lines", "tokens")


@dataclass(frozen=True)
class Segment:
    case_id: str
    text: str


@dataclass(frozen=True)
class Difference:
    where: str  # "case game-617, line 3" (or "after the last case")
    detail: str  # expected vs actual at that place
    diff: str  # a unified diff, for the report

    def one_line(self) -> str:
        return f"{self.where}: {self.detail}"


def normalise_newlines(text: str) -> str:
    """Drop a BOM and turn CRLF and CR into LF: what editors on Windows (and 1C) add."""
    return text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")


def _units(text: str, mode: str) -> list[str]:
    """The pieces compared in ``mode``: lines (with their end) or tokens."""
    text = normalise_newlines(text)
    if mode == "tokens":
        return text.split()
    if mode == "lines":
        lines = [line.rstrip(" \t") for line in text.split("\n")]
        while lines and not lines[-1]:
            lines.pop()
        return [line + "\n" for line in lines]
    return text.splitlines(keepends=True)


def compare(expected: list[Segment], actual: str, mode: str,
            labels: tuple[str, str] = ("expected", "actual"),
            cases: list[Segment] | None = None) -> Difference | None:
    """None when ``actual`` matches the segments joined, else where and how it differs.

    ``cases`` names the cases when ``expected`` is one text (a transcript) laid out as
    those segments are (the goldens it was checked against)."""
    if mode not in MODES:
        raise ValueError(f"unknown comparison mode {mode!r}")
    want = _units("".join(s.text for s in expected), mode)
    got = _units(actual, mode)
    if want == got:
        return None
    first = next((n for n, (w, g) in enumerate(zip(want, got, strict=False)) if w != g),
                 min(len(want), len(got)))
    where = _locate(cases or expected, mode, first)
    detail = f"expected {_show(want, first)}, got {_show(got, first)}"
    joiner = "\n" if mode == "tokens" else ""
    diff = "".join(difflib.unified_diff(
        [u + joiner for u in want], [u + joiner for u in got], *labels, n=2))
    return Difference(where, detail, diff)


def _show(units: list[str], n: int) -> str:
    return repr(units[n].rstrip("\n")) if n < len(units) else "the end of the output"


def _locate(expected: list[Segment], mode: str, index: int) -> str:
    """Which case, and which line or token of it, unit ``index`` of the whole belongs to."""
    noun = "token" if mode == "tokens" else "line"
    start = 0
    for segment in expected:
        count = len(_units(segment.text, mode))
        if index < start + count:
            return f"case {segment.case_id}, {noun} {index - start + 1}"
        start += count
    return "after the last case"

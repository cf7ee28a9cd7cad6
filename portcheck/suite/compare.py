"""Comparison of a program's output with what was expected, in a declared mode.

- ``exact``: the same text (after line endings and a BOM are normalised).
- ``lines``: trailing spaces on each line and blank lines at the end are ignored.
- ``tokens``: runs of white space, line breaks included, count as one separator; the diff
  still shows the output's lines, with each differing token marked ``⟦so⟧``.

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


# A diff shows the first differences, not a whole flood: at most this many units around them.
DIFF_WINDOW = 400
MARK_OPEN, MARK_CLOSE = "⟦", "⟧"
TOKENS_OF_CONTEXT = 24  # tokens mode: how far before the first difference the diff starts


def compare(expected: list[Segment], actual: str, mode: str,
            labels: tuple[str, str] = ("expected", "actual"),
            cases: list[Segment] | None = None) -> Difference | None:
    """None when ``actual`` matches the segments joined, else where and how it differs.

    ``cases`` names the cases when ``expected`` is one text (a transcript) laid out as
    those segments are (the goldens it was checked against)."""
    if mode not in MODES:
        raise ValueError(f"unknown comparison mode {mode!r}")
    want_text = "".join(s.text for s in expected)
    want = _units(want_text, mode)
    got = _units(actual, mode)
    if want == got:
        return None
    first = next((n for n, (w, g) in enumerate(zip(want, got, strict=False)) if w != g),
                 min(len(want), len(got)))
    where = _locate(cases or expected, mode, first)
    detail = _detail(_unit(want, first), _unit(got, first))
    if mode == "tokens":
        diff = _token_diff(want_text, actual, labels, first)
    else:
        diff = _line_diff(want, got, labels, first)
    return Difference(where, detail, diff)


def _window(units: list[str], first: int) -> tuple[list[str], int]:
    """The units around the first difference, and how many were left out after them."""
    start = max(0, first - 3)
    shown = units[start:first + DIFF_WINDOW]
    return shown, max(0, len(units) - start - len(shown))


def _line_diff(want: list[str], got: list[str], labels: tuple[str, str], first: int) -> str:
    want_shown, want_cut = _window(want, first)
    got_shown, got_cut = _window(got, first)
    diff = "".join(difflib.unified_diff(want_shown, got_shown, *labels, n=2))
    return diff + _cut_note(want_cut, got_cut, "lines")


def _cut_note(want_cut: int, got_cut: int, noun: str) -> str:
    if not (want_cut or got_cut):
        return ""
    return (f"… the diff stops here: {want_cut} more expected and {got_cut} more actual "
            f"{noun} not shown\n")


def _token_diff(want_text: str, got_text: str, labels: tuple[str, str], first: int) -> str:
    """A diff of the lines of both texts (white space collapsed), each differing token
    marked ``⟦so⟧``: the output as it reads, not one token a line."""
    want_lines = _token_lines(want_text)
    got_lines = _token_lines(got_text)
    want_tokens = [(n, t) for n, line in enumerate(want_lines) for t in line]
    got_tokens = [(n, t) for n, line in enumerate(got_lines) for t in line]
    start = max(0, first - TOKENS_OF_CONTEXT)
    want_win = want_tokens[start:first + DIFF_WINDOW]
    got_win = got_tokens[start:first + DIFF_WINDOW]
    matcher = difflib.SequenceMatcher(None, [t for _, t in want_win], [t for _, t in got_win],
                                      autojunk=False)
    want_marked, got_marked = set(), set()
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag != "equal":
            want_marked.update(range(a1, a2))
            got_marked.update(range(b1, b2))
    diff = "".join(difflib.unified_diff(_marked_lines(want_win, want_marked),
                                        _marked_lines(got_win, got_marked), *labels, n=1))
    return diff + _cut_note(len(want_tokens) - start - len(want_win),
                            len(got_tokens) - start - len(got_win), "tokens")



def _token_lines(text: str) -> list[list[str]]:
    return [line.split() for line in normalise_newlines(text).split("\n")]


def _marked_lines(tokens: list[tuple[int, str]], marked: set[int]) -> list[str]:
    """The tokens laid out on their lines again, the marked ones in ⟦ ⟧."""
    lines: dict[int, list[str]] = {}
    for n, (line, token) in enumerate(tokens):
        lines.setdefault(line, []).append(f"{MARK_OPEN}{token}{MARK_CLOSE}" if n in marked
                                          else token)
    return [" ".join(words) + "\n" for _, words in sorted(lines.items())]


def _unit(units: list[str], n: int) -> str | None:
    return units[n].rstrip("\n") if n < len(units) else None


SHOWN_CHARACTERS = 60  # of a long line, in the one-line summary


def _detail(want: str | None, got: str | None) -> str:
    """``expected 'a', got 'b'``; of long lines, the part where they start to differ."""
    column = 0
    if want is not None and got is not None and max(len(want), len(got)) > SHOWN_CHARACTERS:
        column = next((n for n, (a, b) in enumerate(zip(want, got, strict=False)) if a != b),
                      min(len(want), len(got)))
    where = f" (from column {column + 1})" if column > SHOWN_CHARACTERS // 2 else ""
    return f"expected {_excerpt(want, column)}, got {_excerpt(got, column)}{where}"


def _excerpt(unit: str | None, column: int) -> str:
    if unit is None:
        return "the end of the output"
    start = max(0, column - SHOWN_CHARACTERS // 2) if column > SHOWN_CHARACTERS // 2 else 0
    part = unit[start:start + SHOWN_CHARACTERS]
    return ("…" if start else "") + repr(part) + ("…" if start + len(part) < len(unit) else "")


def _locate(expected: list[Segment], mode: str, index: int) -> str:
    """Which case, and which line or token of it, unit ``index`` of the whole belongs to."""
    noun = "token" if mode == "tokens" else "line"
    segment, start = _segment_at(expected, mode, index)
    if segment == len(expected):
        return "after the last case"
    return f"case {expected[segment].case_id}, {noun} {index - start + 1}"


def _segment_at(expected: list[Segment], mode: str, index: int) -> tuple[int, int]:
    """The segment unit ``index`` of the whole belongs to (``len(expected)``: after the
    last), and the index of that segment's first unit."""
    start = 0
    for number, segment in enumerate(expected):
        count = len(_units(segment.text, mode))
        if index < start + count:
            return number, start
        start += count
    return len(expected), start


def first_differing_segment(expected: list[Segment], actual: str, mode: str) -> int | None:
    """The number of the first segment (case) ``actual`` does not match, as ``compare``
    places the first difference (``len(expected)``: output after the last case); None
    when it matches.  What ``portcheck fuzz`` needs to name the failing case of a run."""
    want = _units("".join(s.text for s in expected), mode)
    got = _units(actual, mode)
    if want == got:
        return None
    first = next((n for n, (w, g) in enumerate(zip(want, got, strict=False)) if w != g),
                 min(len(want), len(got)))
    return _segment_at(expected, mode, first)[0]

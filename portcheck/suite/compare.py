"""Comparison of a program's output with what was expected, in a declared mode.

- ``exact``: the same text (after line endings and a BOM are normalised).
- ``lines``: trailing spaces on each line and blank lines at the end are ignored.
- ``tokens``: runs of white space, line breaks included, count as one separator; the diff
  still shows the output's lines, with each differing token marked ``⟦so⟧``.

The expected text is made of segments, one per case, so a difference is reported as
"case game-617, line 3" rather than as a line of the whole transcript, and its diff is one
diff per case, headed by the case and its inputs (the output is aligned with the cases
first, so a line missing from one case never shifts the next case's lines into it).  What
a reader needs besides is said in words: a difference of white space alone (and the mode
that ignores it), output that ends before a case, and, when the output was read through a
port's notation map (``normalize``), that it was mapped and what the file itself says.
"""

from __future__ import annotations

import difflib
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cached_property

from portcheck.suite.normalize import Normalize

MODES = ("exact", "lines", "tokens")


@dataclass(frozen=True)
class Segment:
    case_id: str
    text: str
    inputs: str = ""  # "game=617": how the case's diff is headed

    @property
    def heading(self) -> str:
        return f"case {self.case_id}" + (f" ({self.inputs})" if self.inputs else "")


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
CASES_SHOWN = 3  # the diffs of this many differing cases, then the others are counted
WHITESPACE_WINDOW = 6  # white space alone differs: a few lines show it, the words say it
ALIGNED_UNITS = 50_000  # longer outputs are laid out on the cases by position, not aligned
OPTIONS = {"lines": "trailing spaces and blank lines at the end",
           "tokens": "runs of white space, line breaks included"}


@dataclass
class Difference:
    """Where and how an output differs; its diff is made when it is first asked for."""

    where: str  # "case game-617, line 3" (or "after the last case")
    detail: str  # expected vs actual at that place
    expected: list[Segment] = field(repr=False)
    actual: str = field(repr=False)  # as compared (after the notation map)
    mode: str = "exact"
    labels: tuple[str, str] = ("expected", "actual")
    mapping: Normalize | None = field(default=None, repr=False)
    raw: str = field(default="", repr=False)  # the output before the notation map
    ended_early: bool = False  # the output ends before the expected does
    case_id: str | None = None  # the case of the first difference (None: after the last)

    def expected_text(self) -> str:
        return "".join(s.text for s in self.expected)

    def one_line(self) -> str:
        said = f"{self.where}: {self.detail}"
        if self.whitespace:
            said = (f"only white space differs ({OPTIONS[self.whitespace]} or fewer): {said}; "
                    f"the output matches with --compare {self.whitespace} (compare: "
                    f"{self.whitespace} in port.yaml)")
        return said

    @cached_property
    def whitespace(self) -> str | None:
        """The mode in which the texts are equal when white space alone differs."""
        want = self.expected_text()
        for mode in MODES[MODES.index(self.mode) + 1:]:
            if _units(want, mode) == _units(self.actual, mode):
                return mode
        return None

    @cached_property
    def diff(self) -> str:
        """One diff per differing case (the first few), headed by the case and its inputs."""
        return _case_diffs(self)


def compare(expected: list[Segment], actual: str, mode: str,
            labels: tuple[str, str] = ("expected", "actual"), *,
            mapping: Normalize | None = None) -> Difference | None:
    """None when ``actual`` matches the segments joined, else where and how it differs.
    ``mapping``: the port's notation map, applied to ``actual`` first (its diff then says
    so, and shows what the output itself says)."""
    if mode not in MODES:
        raise ValueError(f"unknown comparison mode {mode!r}")
    shown = mapping.apply(actual) if mapping else actual
    want = _units("".join(s.text for s in expected), mode)
    got = _units(shown, mode)
    if want == got:
        return None
    first = _first_difference(want, got)
    segment, _ = _segment_at(expected, mode, first)
    return Difference(_locate(expected, mode, first), _detail(_unit(want, first),
                                                               _unit(got, first)),
                      list(expected), shown, mode, labels, mapping or None,
                      actual if mapping else "", first >= len(got) and first < len(want),
                      expected[segment].case_id if segment < len(expected) else None)


def _first_difference(want: list[str], got: list[str]) -> int:
    return next((n for n, (w, g) in enumerate(zip(want, got, strict=False)) if w != g),
                min(len(want), len(got)))


# --- the diff, case by case -----------------------------------------------------------------


def _case_diffs(difference: Difference) -> str:
    segments, mode = difference.expected, difference.mode
    tokens = mode == "tokens"
    want = _numbered(difference.expected_text(), mode)
    got = _numbered(difference.actual, mode)
    counts = [_count(s.text, mode) for s in segments]
    owner_want = [n for n, c in enumerate(counts) for _ in range(c)][:len(want)]
    owner_want += [len(segments) - 1] * (len(want) - len(owner_want))
    owner_got = _owners([u for _, u in want], [u for _, u in got], owner_want, len(segments))
    blocks, differing = [], []
    for number in range(len(segments) + 1):
        mine_want = [u for u, o in zip(want, owner_want, strict=True) if o == number]
        mine_got = [u for u, o in zip(got, owner_got, strict=True) if o == number]
        if _same(mine_want, mine_got):
            continue
        differing.append(number)
        if len(blocks) < (1 if difference.whitespace else CASES_SHOWN):
            heading = (segments[number].heading if number < len(segments)
                       else "after the last case")
            body = (_token_diff(mine_want, mine_got, difference.labels) if tokens
                    else _line_diff(mine_want, mine_got, difference.labels,
                                    bool(difference.whitespace)))
            blocks.append(f"{heading}\n{_mapped_label(difference, body)}"
                          + _before_mapping(difference, mine_got))
    rest = [segments[n].case_id if n < len(segments) else "after the last case"
            for n in differing[len(blocks):]]
    if rest:
        names = ", ".join(rest[:10]) + (", …" if len(rest) > 10 else "")
        blocks.append(f"… and {len(rest)} more case{'s' if len(rest) > 1 else ''} differ: "
                      f"{names}\n")
    return "".join(blocks)


Unit = tuple[int, str]  # (line number in its text, from 0; the unit)


def _numbered(text: str, mode: str) -> list[Unit]:
    """The units of ``text`` with the line each stands on (a line's own number for lines)."""
    if mode != "tokens":
        return list(enumerate(_units(text, mode)))
    return [(n, token) for n, line in enumerate(normalise_newlines(text).split("\n"))
            for token in line.split()]


def _same(want: list[Unit], got: list[Unit]) -> bool:
    return [u for _, u in want] == [u for _, u in got]


def _owners(want: list[str], got: list[str], owner_want: list[int], after: int) -> list[int]:
    """The case each unit of ``got`` belongs to: the output aligned with the expected units
    (difflib), so what is missing or extra in one case stays in it; ``after``: past the
    last case.  Alignment can take a line that happens to be the same in two cases
    (``survivor: 31`` of one case and of another) for an anchor and move the lines between
    them into the wrong case: where laying the output out by position leaves fewer cases
    differing — or as few, and the output has as many units as expected (the port prints
    each case's lines, some wrong) — that layout is taken."""
    def of(index: int) -> int:
        return owner_want[index] if index < len(owner_want) else after

    by_position = [of(n) for n in range(len(got))]
    if len(want) + len(got) > ALIGNED_UNITS:
        return by_position
    aligned = _aligned(want, got, of, after)
    differ = [_cases_differing(want, got, owner_want, owners)
              for owners in (aligned, by_position)]
    if differ[1] < differ[0] or (differ[1] == differ[0] and len(want) == len(got)):
        return by_position
    return aligned


def _cases_differing(want: list[str], got: list[str], owner_want: list[int],
                     owner_got: list[int]) -> int:
    cases: dict[int, tuple[list[str], list[str]]] = {}
    for unit, owner in zip(want, owner_want, strict=True):
        cases.setdefault(owner, ([], []))[0].append(unit)
    for unit, owner in zip(got, owner_got, strict=True):
        cases.setdefault(owner, ([], []))[1].append(unit)
    return sum(mine_want != mine_got for mine_want, mine_got in cases.values())


def _aligned(want: list[str], got: list[str], of: Callable[[int], int],
             after: int) -> list[int]:
    owners = [after] * len(got)
    matcher = difflib.SequenceMatcher(None, want, got, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        for j in range(j1, j2):
            if tag == "insert":  # extra output goes with the case before it
                owners[j] = after if i1 >= len(want) else of(max(i1 - 1, 0))
            else:
                owners[j] = of(i1 + min(j - j1, i2 - i1 - 1))
    return owners


def _line_diff(want: list[Unit], got: list[Unit], labels: tuple[str, str],
               visible: bool) -> str:
    want_lines, got_lines = [u for _, u in want], [u for _, u in got]
    first = _first_difference(want_lines, got_lines)
    size = WHITESPACE_WINDOW if visible else DIFF_WINDOW
    want_shown, want_cut = _window(want_lines, first, size)
    got_shown, got_cut = _window(got_lines, first, size)
    if visible:  # white space alone differs: show it
        want_shown, got_shown = _visible(want_shown), _visible(got_shown)
    diff = "".join(difflib.unified_diff(want_shown, got_shown, *labels, n=2))
    return diff + _cut_note(want_cut, got_cut, "lines")


def _visible(lines: list[str]) -> list[str]:
    return [line.rstrip("\n").replace(" ", "·").replace("\t", "→") + "⏎\n" for line in lines]


def _window(units: list[str], first: int, size: int = DIFF_WINDOW) -> tuple[list[str], int]:
    """The units around the first difference, and how many were left out after them."""
    start = max(0, first - 3)
    shown = units[start:first + size]
    return shown, max(0, len(units) - start - len(shown))


def _cut_note(want_cut: int, got_cut: int, noun: str) -> str:
    if not (want_cut or got_cut):
        return ""
    return (f"… the diff stops here: {want_cut} more expected and {got_cut} more actual "
            f"{noun} not shown\n")


def _token_diff(want: list[Unit], got: list[Unit], labels: tuple[str, str]) -> str:
    """A diff of the lines of both texts (white space collapsed), each differing token
    marked ``⟦so⟧``: the output as it reads, not one token a line."""
    first = _first_difference([t for _, t in want], [t for _, t in got])
    start = max(0, first - TOKENS_OF_CONTEXT)
    want_win = want[start:first + DIFF_WINDOW]
    got_win = got[start:first + DIFF_WINDOW]
    matcher = difflib.SequenceMatcher(None, [t for _, t in want_win], [t for _, t in got_win],
                                      autojunk=False)
    want_marked, got_marked = set(), set()
    for tag, a1, a2, b1, b2 in matcher.get_opcodes():
        if tag != "equal":
            want_marked.update(range(a1, a2))
            got_marked.update(range(b1, b2))
    diff = "".join(difflib.unified_diff(_marked_lines(want_win, want_marked),
                                        _marked_lines(got_win, got_marked), *labels, n=1))
    return diff + _cut_note(len(want) - start - len(want_win),
                            len(got) - start - len(got_win), "tokens")


def _marked_lines(tokens: list[Unit], marked: set[int]) -> list[str]:
    """The tokens laid out on their lines again, the marked ones in ⟦ ⟧."""
    lines: dict[int, list[str]] = {}
    for n, (line, token) in enumerate(tokens):
        lines.setdefault(line, []).append(f"{MARK_OPEN}{token}{MARK_CLOSE}" if n in marked
                                          else token)
    return [" ".join(words) + "\n" for _, words in sorted(lines.items())]


def _mapped_label(difference: Difference, body: str) -> str:
    """The diff with its ``+++`` label saying the output was read through the map."""
    if not difference.mapping:
        return body
    label = f"+++ {difference.labels[1]}"
    return body.replace(label, f"{label}, read through the notation map "
                               f"({difference.mapping.describe()})", 1)


SHOWN_ORIGINALS = 12  # lines of the output before the map, under a case's diff


def _before_mapping(difference: Difference, got: list[Unit]) -> str:
    """Under a mapped diff: the case's lines as the output itself has them."""
    if not difference.mapping or not got:
        return ""
    kept = difference.mapping.kept_lines(difference.raw)
    numbers = sorted({line for line, _ in got})
    originals = [kept[n] for n in numbers if n < len(kept)][:SHOWN_ORIGINALS]
    if not originals:
        return ""
    more = len(numbers) - len(originals)
    return (f"{difference.labels[1]} itself says (before the map):\n"
            + "".join(f"  | {line}\n" for line in originals)
            + (f"  | … ({more} more lines)\n" if more > 0 else ""))


# --- where, in words ------------------------------------------------------------------------


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


def _count(text: str, mode: str) -> int:
    """The units one case's text counts for within the whole (in ``lines`` mode, blank
    lines at its end count: only those at the end of the whole are ignored)."""
    if mode == "lines":
        lines = normalise_newlines(text).split("\n")
        return len(lines) - (1 if lines[-1] == "" else 0)
    return len(_units(text, mode))


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
        count = _count(segment.text, mode)
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
    return _segment_at(expected, mode, _first_difference(want, got))[0]

"""Puzzle 23 of the puzzle book (seeds/004): the ruler with the fewest marks.

A ruler of length k has marks 0 = a1 < a2 < … < an = k; it must measure every length
1…k as the distance between two of its marks.  The book's search:

- the ends are fixed: a1 = 0, an = k;
- a2 = 1: the length k − 1 needs the marks 0 and k − 1, or 1 and k; a ruler read from
  the other end (mark x becomes k − x) turns the first case into the second, so a ruler
  with a mark at 1 can always be found;
- the book also fixes a(n−1) = k − 2 (``method=book``); ``method=free`` leaves it to the
  search, to find out whether that costs a mark (where k − 2 ≤ 1 there is nothing to fix);
- the other marks are placed packed to the left (a3 = 2, a4 = 3, …), and the last movable
  mark is advanced; when it reaches the end of its range, the one before it is advanced
  and the marks after it packed behind it again (the combinations in lexicographic order);
- each ruler tried forms its differences a[i] − a[j] (j < i, for i = 2…n) and rejects
  itself "without computing all of them": n marks give n(n − 1)/2 differences for k
  lengths, so at most n(n − 1)/2 − k of them may repeat; one repeat more and the ruler
  cannot measure every length;
- n starts at the smallest number whose n(n − 1)/2 differences can cover k lengths, and
  grows until a ruler is found: the first one found has the fewest marks.

Output: the number of marks, the first ruler found, and the effort: rulers tried and
differences formed.

Done faster than the book's words, with the same rulers tried and the same differences
counted: consecutive rulers share their marks up to the first one that moved, so the
differences of the rows before it (a[i] − a[j] for the i before that mark) are kept from
one ruler to the next (``Differences``: for each row, the differences it added and the
counts after it) and only the rows from the moved mark on are formed again; a ruler that
keeps the row which rejected the ruler before it is rejected there again.  The movable
marks are advanced in place.  The effort still counts every difference the book's test
forms, the kept ones too (tests/algorithms/test_reference_speedups.py checks the search
against the plain one that forms every ruler's differences from scratch: the same ruler, the
same effort).
"""

from __future__ import annotations

from dataclasses import dataclass

from portcheck.suite.params import ChoiceParam, IntParam

NAME = "ruler"
TITLE = "Puzzle 23: the ruler of length k with the fewest marks that measures 1…k"
METHODS = ("book", "free")
PARAMS = {
    "k": IntParam(1, 30, "length of the ruler"),
    "method": ChoiceParam(METHODS, "book: a(n-1) = k-2 fixed, as the book does; "
                          "free: only a1 = 0, a2 = 1 and an = k fixed", default="book"),
}

CASES: dict[str, dict[str, object]] = {
    f"k-{k}-method-{method}": {"k": k, "method": method}
    for method in METHODS for k in range(1, 31)
}

ATTESTED: dict[str, str] = {}


@dataclass
class Result:
    marks: list[int]
    tried: int
    differences: int


@dataclass(frozen=True)
class Layout:
    """Where the movable marks of an n-mark ruler are: a[first..last] (1-based), within
    low..high; the other marks are fixed."""

    fixed_near_end: bool  # a(n-1) = k - 2

    def fixed(self, k: int) -> list[int]:
        """The fixed marks in order (the movable ones go before the last one or two)."""
        if k == 1:
            return [0, 1]
        return [0, 1, k - 2, k] if self.fixed_near_end else [0, 1, k]

    def high(self, k: int) -> int:
        return k - 3 if self.fixed_near_end else k - 1


def layout(k: int, method: str) -> Layout:
    return Layout(fixed_near_end=method == "book" and k - 2 > 1)


class Differences:
    """The book's test of a ruler, row by row (a[i] − a[j] for j < i, i = 1…n−1): each
    difference is marked in ``seen``, a repeat counted, and the ruler rejected at the first
    repeat more than ``allowed``.  Kept from one ruler to the next: ``rows[i]`` holds the
    differences row i added to ``seen`` and the differences formed and repeats found up to
    the end of that row."""

    def __init__(self, k: int, n: int) -> None:
        self.allowed = n * (n - 1) // 2 - k
        self.seen = bytearray(k + 1)
        self.rows: list[tuple[list[int], int, int]] = [([], 0, 0)]  # row 0: mark 0 alone
        self.rejected = (0, 0)  # the row that rejected the last ruler and the effort then

    def complete(self, marks: list[int], moved: int, effort: list[int]) -> bool:
        """``complete(marks, k, effort)`` for marks equal to the last ruler's before index
        ``moved``: the rows before it are kept, the others formed again; a ruler that
        keeps the row that rejected the last one is rejected there too, with its effort."""
        row, formed = self.rejected
        if 0 < row < moved:
            effort[0] += formed
            return False
        self.forget(moved)
        _, formed, repeats = self.rows[-1]
        seen, allowed = self.seen, self.allowed
        for i in range(len(self.rows), len(marks)):
            mark, added = marks[i], []
            for j in range(i):
                formed += 1
                d = mark - marks[j]
                if seen[d]:
                    repeats += 1
                    if repeats > allowed:
                        for d in added:  # a row left half formed is not kept
                            seen[d] = 0
                        self.rejected = (i, formed)
                        effort[0] += formed
                        return False
                else:
                    seen[d] = 1
                    added.append(d)
            self.rows.append((added, formed, repeats))
        self.rejected = (0, 0)
        effort[0] += formed
        return True

    def forget(self, row: int) -> None:
        """Keep the rows before ``row`` only (row 0 always)."""
        rows, seen, keep = self.rows, self.seen, max(row, 1)
        while len(rows) > keep:
            for d in rows.pop()[0]:
                seen[d] = 0


def complete(marks: list[int], k: int, effort: list[int]) -> bool:
    """Whether the marks measure every length 1..k, rejecting at the first repeat too
    many; ``effort[0]`` counts the differences formed (one ruler on its own: every row
    formed)."""
    return Differences(k, len(marks)).complete(marks, 0, effort)


def search(k: int, method: str) -> Result:
    PARAMS["k"].check(k)
    PARAMS["method"].check(method)
    place = layout(k, method)
    fixed = place.fixed(k)
    head, tail = fixed[:2], fixed[2:]
    low, high = 2, place.high(k)
    n = len(fixed)
    while n * (n - 1) // 2 < k:
        n += 1
    effort = [0]
    tried = 0
    while True:
        marks = head + list(range(low, low + n - len(fixed))) + tail  # packed to the left
        first, last = len(head), n - len(tail) - 1  # the movable marks: marks[first..last]
        differences, moved = Differences(k, n), first
        while moved >= 0 and (last < first or marks[last] <= high):
            tried += 1
            if differences.complete(marks, moved, effort):
                return Result(marks, tried, effort[0])
            moved = advance(marks, first, last, high)  # the rows before it are kept
        n += 1


def advance(marks: list[int], first: int, last: int, high: int) -> int:
    """The next combination of marks[first..last], in place: advance the last mark that can
    move, pack the later ones behind it.  The index of the mark advanced, or -1 when every
    mark is at the end of its range."""
    i = last
    while i >= first and marks[i] == high - (last - i):
        i -= 1
    if i < first:
        return -1
    marks[i] += 1
    for j in range(i + 1, last + 1):
        marks[j] = marks[j - 1] + 1
    return i


def output(k: int, method: str) -> str:
    result = search(k, method)
    lines = [f"отметок: {len(result.marks)}",
             "линейка: " + " ".join(map(str, result.marks)),
             f"испытано линеек: {result.tried}",
             f"вычислено разностей: {result.differences}"]
    return "".join(line + "\n" for line in lines)

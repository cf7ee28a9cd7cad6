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
"""

from __future__ import annotations

from dataclasses import dataclass

from portcheck.params import ChoiceParam, IntParam

NAME = "ruler"
TITLE = "Puzzle 23: the ruler of length k with the fewest marks that measures 1…k"
METHODS = ("book", "free")
PARAMS = {
    "k": IntParam(1, 30, "length of the ruler"),
    "method": ChoiceParam(METHODS, "book: a(n-1) = k-2 fixed, as the book does; "
                          "free: only a1 = 0, a2 = 1 and an = k fixed"),
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


def complete(marks: list[int], k: int, effort: list[int]) -> bool:
    """Whether the marks measure every length 1..k, rejecting at the first repeat too
    many; ``effort[0]`` counts the differences formed."""
    n = len(marks)
    allowed = n * (n - 1) // 2 - k
    seen = bytearray(k + 1)
    repeats = formed = 0
    for i in range(1, n):
        mark = marks[i]
        for j in range(i):
            formed += 1
            d = mark - marks[j]
            if seen[d]:
                repeats += 1
                if repeats > allowed:
                    effort[0] += formed
                    return False
            seen[d] = 1
    effort[0] += formed
    return True


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
        m = n - len(fixed)  # movable marks
        inner = list(range(low, low + m))
        while inner is not None and (not inner or inner[-1] <= high):
            tried += 1
            marks = head + inner + tail
            if complete(marks, k, effort):
                return Result(marks, tried, effort[0])
            inner = advance(inner, high)
        n += 1


def advance(inner: list[int], high: int) -> list[int] | None:
    """The next combination: advance the last mark that can move, pack the later ones
    behind it; None when every mark is at the end of its range."""
    m = len(inner)
    i = m - 1
    while i >= 0 and inner[i] == high - (m - 1 - i):
        i -= 1
    if i < 0:
        return None
    moved = [*inner[:i], inner[i] + 1]
    return moved + list(range(moved[-1] + 1, moved[-1] + m - i))


def output(k: int, method: str) -> str:
    result = search(k, method)
    lines = [f"отметок: {len(result.marks)}",
             "линейка: " + " ".join(map(str, result.marks)),
             f"испытано линеек: {result.tried}",
             f"вычислено разностей: {result.differences}"]
    return "".join(line + "\n" for line in lines)

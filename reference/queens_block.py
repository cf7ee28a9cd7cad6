"""Puzzle 21 of the puzzle book (seeds/004): the fewest queens that block an N×N board.

A board is blocked when no square is free: every square holds a queen or is attacked by
one.  The book's reasoning and search, generalised from 8 to N:

- a lower bound: one queen blocks at most B squares of an empty board (28 on 8×8, its own
  square included), so at least ceil(N² / B) queens are needed (3 on 8×8); the book then
  tries k = 3, 4, … queens until a placement blocks the board (it guesses 6 suffice);
- for each k: scan the board for a free square; if there is none, the queens placed are a
  solution; if there is one, a queen must block it, so put a queen on a square that blocks
  it (the free square itself, or one that attacks it) and start the scan again from the
  beginning; when no queen is left to place, or every choice has been tried, go back and
  try the next square that blocks that free square (as the eight-queens search tries the
  next free square of a row).  A square already tried for a free square is not tried
  again in the later branches of that choice: they would find the same placements in
  another order, so each placement is found once;
- the last queen must block every free square that is left, so it is put only on such a
  square (an early rejection in the spirit of the book's ruler test: the placements that
  cannot succeed are not tried);
- "it is useless to scan rows that already hold a queen": a queen attacks its whole row,
  so the scan skips those rows (the book's speed-up).

Variants (``variant``), as the book weighs them:
- ``any``: queens may attack each other;
- ``independent``: no two queens attack each other (a queen only goes on a free square);
- ``distinct-rows``: no two queens in one row (a queen only goes in a row without one).

Output: the bound, for each k tried the number of placements found and the queens put
(the search effort), the minimum, and the first placement found as squares (row, column)
and as a board.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from portcheck.params import ChoiceParam, IntParam

NAME = "queens-block"
TITLE = "Puzzle 21: the fewest queens that leave no free square on an N×N board"
VARIANTS = ("any", "independent", "distinct-rows")
PARAMS = {
    "n": IntParam(1, 8, "board size"),
    "variant": ChoiceParam(VARIANTS, "any: queens may attack each other; independent: they "
                           "may not; distinct-rows: at most one queen in a row"),
}

CASES: dict[str, dict[str, object]] = {
    f"n-{n}-variant-{variant}": {"n": n, "variant": variant}
    for variant in VARIANTS for n in range(1, 9)
}

ATTESTED: dict[str, str] = {}

Square = tuple[int, int]  # (row, column), from 1


def blocks(square: Square, target: Square) -> bool:
    """Whether a queen on ``square`` blocks ``target`` (stands on it or attacks it)."""
    (r, c), (tr, tc) = square, target
    return r == tr or c == tc or r + c == tr + tc or r - c == tr - tc


def most_blocked(n: int) -> int:
    """The most squares one queen blocks on an empty board (28 for 8×8)."""
    squares = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
    return max(sum(blocks(q, s) for s in squares) for q in squares)


@dataclass
class Board:
    """The queens of a search and the book's tables: how many queens hold each row,
    column, "sum" diagonal ``r + c − 1`` and "difference" diagonal ``r − c + n``."""

    n: int
    queens: list[Square] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.rows = [0] * (self.n + 1)
        self.columns = [0] * (self.n + 1)
        self.plus = [0] * (2 * self.n)
        self.minus = [0] * (2 * self.n)

    def mark(self, square: Square, step: int) -> None:
        r, c = square
        self.rows[r] += step
        self.columns[c] += step
        self.plus[r + c - 1] += step
        self.minus[r - c + self.n] += step

    def put(self, square: Square) -> None:
        self.queens.append(square)
        self.mark(square, 1)

    def lift(self) -> None:
        self.mark(self.queens.pop(), -1)

    def attacked(self, square: Square) -> bool:
        r, c = square
        return bool(self.rows[r] or self.columns[c] or self.plus[r + c - 1]
                    or self.minus[r - c + self.n])

    def free_squares(self, every: bool) -> list[Square]:
        """The free squares row by row, skipping the rows that hold a queen: all of them,
        or (``every`` false) only the first."""
        found: list[Square] = []
        for r in range(1, self.n + 1):
            if self.rows[r]:
                continue
            for c in range(1, self.n + 1):
                if not self.attacked((r, c)):
                    found.append((r, c))
                    if not every:
                        return found
        return found

    def allows(self, square: Square, variant: str) -> bool:
        if variant == "independent":
            return not self.attacked(square)
        if variant == "distinct-rows":
            return self.rows[square[0]] == 0
        return True


@dataclass
class Search:
    """The search for placements of ``k`` queens."""

    n: int
    variant: str
    k: int
    board: Board = field(init=False)
    tried: list[list[int]] = field(init=False)  # the depth that tried a square (0: none)
    placed: int = 0  # queens put on the board: the search effort
    found: int = 0
    first: list[Square] | None = None

    def __post_init__(self) -> None:
        self.board = Board(self.n)
        self.tried = [[0] * (self.n + 1) for _ in range(self.n + 1)]

    def run(self) -> None:
        self.step(1)

    def step(self, depth: int) -> None:
        """Place queen number ``depth`` (or find the board blocked)."""
        free = self.board.free_squares(every=depth == self.k)
        if not free:
            self.found += 1
            if self.first is None:
                self.first = sorted(self.board.queens)
            return
        if depth > self.k:
            return
        tried_here = []
        for square in self.candidates(free, depth):
            self.placed += 1
            self.board.put(square)
            self.step(depth + 1)
            self.board.lift()
            self.tried[square[0]][square[1]] = depth
            tried_here.append(square)
        for r, c in tried_here:
            self.tried[r][c] = 0

    def candidates(self, free: list[Square], depth: int) -> Iterator[Square]:
        """The squares that block the first free square, in scan order (its whole row, and
        in the row at distance d the columns fc − d, fc, fc + d), not tried at a shallower
        depth, allowed by the variant, and for the last queen blocking every free
        square."""
        (fr, fc), rest = free[0], free[1:] if depth == self.k else []
        for r in range(1, self.n + 1):
            d = abs(r - fr)
            for c in range(1, self.n + 1) if d == 0 else (fc - d, fc, fc + d):
                if (1 <= c <= self.n and not self.tried[r][c]
                        and self.board.allows((r, c), self.variant)
                        and all(blocks((r, c), other) for other in rest)):
                    yield r, c


def board_lines(n: int, queens: list[Square]) -> list[str]:
    return [" ".join("Ф" if (r, c) in queens else "." for c in range(1, n + 1))
            for r in range(1, n + 1)]


def output(n: int, variant: str) -> str:
    PARAMS["n"].check(n)
    PARAMS["variant"].check(variant)
    most = most_blocked(n)
    k = -(-n * n // most)
    lines = [f"один ферзь блокирует не больше полей: {most} из {n * n}",
             f"ферзей нужно не меньше: {k}"]
    while True:
        search = Search(n, variant, k)
        search.run()
        lines.append(f"k = {k}: расстановок {search.found}, поставлено ферзей {search.placed}")
        if search.first is not None:
            break
        k += 1
    first = search.first
    lines.append(f"наименьшее число ферзей: {k}")
    lines.append("первая расстановка: " + " ".join(f"({r},{c})" for r, c in first))
    lines += board_lines(n, first)
    return "".join(line + "\n" for line in lines)

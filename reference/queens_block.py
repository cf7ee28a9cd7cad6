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

Done faster than with the book's tables (queens per row, column and diagonal), with the
same squares tried in the same order: the board is a bit mask, one bit per square in scan
order (bit (r − 1)·n + (c − 1)).  Each square's mask of the squares it blocks is made
once (``Board.reach``, from ``blocks``); the squares the queens block are the union of
their masks, so the free squares are one mask (a queen's row is all blocked: the rows that
hold a queen are skipped without a test), the first free square is its lowest bit, the
squares that block it are its own ``reach`` (a queen blocks what blocks it), and the last
queen must cover the free mask.  The tests check the search against the tables' version.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field

from portcheck.suite.params import ChoiceParam, IntParam

NAME = "queens-block"
TITLE = "Puzzle 21: the fewest queens that leave no free square on an N×N board"
VARIANTS = ("any", "independent", "distinct-rows")
PARAMS = {
    "n": IntParam(1, 8, "board size", default=8),  # the book's chessboard
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


class Board:
    """The queens of a search, and the squares as bits (bit order = scan order): what a queen
    on each square blocks (``reach``), what the queens placed block, and the squares of the
    rows that hold a queen."""

    def __init__(self, n: int) -> None:
        self.n = n
        self.queens: list[Square] = []
        squares = [(r, c) for r in range(1, n + 1) for c in range(1, n + 1)]
        self.reach = [sum(1 << bit for bit, target in enumerate(squares) if blocks(square, target))
                      for square in squares]
        self.every = (1 << n * n) - 1
        self.blocked = self.held_rows = 0
        self.saved: list[tuple[int, int]] = []  # (blocked, held_rows) before each queen

    def bit(self, square: Square) -> int:
        r, c = square
        return (r - 1) * self.n + (c - 1)

    def square(self, bit: int) -> Square:
        r, c = divmod(bit, self.n)
        return r + 1, c + 1

    def put(self, square: Square) -> None:
        self.saved.append((self.blocked, self.held_rows))
        self.queens.append(square)
        self.blocked |= self.reach[self.bit(square)]
        self.held_rows |= ((1 << self.n) - 1) << (square[0] - 1) * self.n

    def lift(self) -> None:
        self.queens.pop()
        self.blocked, self.held_rows = self.saved.pop()

    def free(self) -> int:
        """The free squares: those no queen blocks."""
        return self.every & ~self.blocked

    def allowed(self, variant: str) -> int:
        """The squares the variant lets the next queen stand on."""
        if variant == "independent":
            return self.free()
        if variant == "distinct-rows":
            return self.every & ~self.held_rows
        return self.every


@dataclass
class Search:
    """The search for placements of ``k`` queens."""

    n: int
    variant: str
    k: int
    board: Board = field(init=False)
    tried: int = 0  # the squares tried at this depth or a shallower one, as bits
    placed: int = 0  # queens put on the board: the search effort
    found: int = 0
    first: list[Square] | None = None

    def __post_init__(self) -> None:
        self.board = Board(self.n)

    def run(self) -> None:
        self.step(1)

    def step(self, depth: int) -> None:
        """Place queen number ``depth`` (or find the board blocked)."""
        free = self.board.free()
        if not free:
            self.found += 1
            if self.first is None:
                self.first = sorted(self.board.queens)
            return
        if depth > self.k:
            return
        tried_here = 0
        for bit in self.candidates(free, depth):
            self.placed += 1
            self.board.put(self.board.square(bit))
            self.step(depth + 1)
            self.board.lift()
            self.tried |= 1 << bit
            tried_here |= 1 << bit
        self.tried &= ~tried_here

    def candidates(self, free: int, depth: int) -> Iterator[int]:
        """The squares that block the first free square, in scan order, not tried at a
        shallower depth, allowed by the variant, and for the last queen blocking every free
        square."""
        reach = self.board.reach
        first = (free & -free).bit_length() - 1
        options = reach[first] & ~self.tried & self.board.allowed(self.variant)
        last = depth == self.k
        while options:
            lowest = options & -options
            options ^= lowest
            bit = lowest.bit_length() - 1
            if not last or reach[bit] & free == free:
                yield bit


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

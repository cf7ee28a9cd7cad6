"""The article's search for a fleet placement: key generators with three rails, and
backtracking with a "signal up".

A **key** of a ship is (row, column, rotation): where its anchor lies and how many quarter
turns (clockwise) it is turned about the anchor.  Each ship has a generator that gives its
keys like an odometer — row rail most significant, then column, rotation fastest:
{000}, {001}, {002}, {003}, {010}, … — reading each rail through its (shuffled) numbers.

The search: take the current ship's next key; if the ship fits, place it and go on to the
next ship; when a ship's keys run out, reset its generator and "signal up": the previous
ship is lifted and takes its next key.  A ship fits when, in this order (the article's
cheap test first): every cell lies on the field; no cell is forbidden or taken; and, when
touching is forbidden, no cell has another ship among its eight neighbours.

Done faster than the tests as written above, with the same keys tried and the same
answers: the cells of every key of every ship are made once per fleet (``key_cells``, not
again for every seed's board), with None for a key that puts a cell off the field or on a
forbidden cell, the two tests that do not depend on the other ships; and the board keeps,
for each cell, how many ship cells lie in the 3×3 square around it (``Board.near``, counted
up when a ship is placed and down when it is lifted), so "no other ship among the eight
neighbours" is one look.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

from .fleets import Fleet
from .rails import ROTATIONS, ShipRails, fleet_rails

Key = tuple[int, int, int]
NEIGHBOURS = tuple((dr, dc) for dr in (-1, 0, 1) for dc in (-1, 0, 1))


def turned(cells: tuple[tuple[int, int], ...], turn: int) -> list[tuple[int, int]]:
    """The offsets turned ``turn`` quarter turns clockwise about the anchor (row down)."""
    for _ in range(turn):
        cells = tuple((dc, -dr) for dr, dc in cells)
    return list(cells)


class Generator:
    """One ship's keys, like an odometer of three rails (rotation turns fastest)."""

    def __init__(self, rails: ShipRails) -> None:
        self.rails = rails
        self.reset()

    def reset(self) -> None:
        """Back to before the first key."""
        self.row, self.col, self.turn = 0, 0, -1

    def next(self) -> Key | None:
        """The next key, or None when the keys have run out."""
        self.turn += 1
        if self.turn == ROTATIONS:
            self.turn, self.col = 0, self.col + 1
            if self.col == len(self.rails.cols):
                self.col, self.row = 0, self.row + 1
                if self.row == len(self.rails.rows):
                    return None
        return (self.rails.rows[self.row], self.rails.cols[self.col],
                self.rails.turns[self.turn])


Cells = tuple[tuple[int, int], ...]


@cache
def key_cells(fleet: Fleet) -> list[list[list[list[Cells | None]]]]:
    """``key_cells(fleet)[ship][row][col][turn]``: the cells of the ship at that key, or
    None when one of them is off the field or forbidden."""
    rows, cols = fleet.rows, fleet.cols

    def usable(cells: Cells) -> Cells | None:
        on_field = all(0 <= r < rows and 0 <= c < cols for r, c in cells)
        return cells if on_field and not any(fleet.forbidden(r, c) for r, c in cells) else None

    return [[[[usable(tuple((row + dr, col + dc) for dr, dc in turned(ship.cells, turn)))
               for turn in range(ROTATIONS)] for col in range(cols)] for row in range(rows)]
            for ship in fleet.ships]


@dataclass
class Board:
    """The field: which ship (its number from 0) takes each cell, -1 for none, and how many
    ship cells lie in the 3×3 square around each cell (``near``)."""

    fleet: Fleet
    touching: bool  # may ships touch?
    rows: int = field(init=False)
    cols: int = field(init=False)
    taken: list[list[int]] = field(init=False)
    near: list[list[int]] = field(init=False)
    keys: list[list[list[list[Cells | None]]]] = field(init=False)  # key_cells(fleet)

    def __post_init__(self) -> None:
        self.rows, self.cols = self.fleet.rows, self.fleet.cols
        self.taken = [[-1] * self.cols for _ in range(self.rows)]
        self.near = [[0] * self.cols for _ in range(self.rows)]
        self.keys = key_cells(self.fleet)

    def cells(self, number: int, key: Key) -> Cells | None:
        """The ship's cells at ``key``; None when it does not lie on free field cells."""
        row, col, turn = key
        return self.keys[number][row][col][turn]

    def fits(self, number: int, key: Key) -> bool:
        cells = self.cells(number, key)
        return cells is not None and all(self.free(r, c) for r, c in cells)

    def free(self, row: int, col: int) -> bool:
        """No ship on the cell, and when touching is forbidden none around it either (the
        cell itself is one of the nine ``near`` counts)."""
        return self.taken[row][col] < 0 if self.touching else self.near[row][col] == 0

    def put(self, number: int, key: Key, mark: int) -> None:
        """Place ship ``number`` (mark = number) or lift it (mark = -1)."""
        step = 1 if mark >= 0 else -1
        rows, cols, near = self.rows, self.cols, self.near
        for r, c in self.cells(number, key) or ():
            self.taken[r][c] = mark
            for dr, dc in NEIGHBOURS:
                if 0 <= r + dr < rows and 0 <= c + dc < cols:
                    near[r + dr][c + dc] += step

    def picture(self) -> list[str]:
        ships = self.fleet.ships
        return ["".join(ships[n].symbol if n >= 0 else cell
                        for n, cell in zip(taken, line, strict=True))
                for taken, line in zip(self.taken, self.fleet.field, strict=True)]


@dataclass(frozen=True)
class Found:
    """A valid placement: the field as printed, and the keys tried so far."""

    picture: list[str]
    keys: list[Key]
    tried: int


@dataclass
class Search:
    fleet: Fleet
    seed: int
    touching: bool
    tried: int = 0  # keys taken from the generators so far

    def placements(self) -> Iterator[Found]:
        """Every valid placement, in the order the backtracking meets them."""
        ships = self.fleet.ships
        board = Board(self.fleet, self.touching)
        generators = [Generator(r) for r in fleet_rails(len(ships), self.fleet.rows,
                                                          self.fleet.cols, self.seed)]
        keys: list[Key] = []
        while True:
            if len(keys) == len(ships):
                yield Found(board.picture(), list(keys), self.tried)
                board.put(len(keys) - 1, keys.pop(), -1)
            number = len(keys)
            key = generators[number].next()
            if key is None:  # this ship's keys ran out: signal up
                generators[number].reset()
                if number == 0:
                    return
                board.put(number - 1, keys.pop(), -1)
                continue
            self.tried += 1
            if board.fits(number, key):
                board.put(number, key, number)
                keys.append(key)


def first(fleet: Fleet, seed: int, touching: bool) -> Found | None:
    """The placement the search finds first, or None when there is none."""
    return next(Search(fleet, seed, touching).placements(), None)


@dataclass(frozen=True)
class Whole:
    """The search run to its end: how many fleet keys are valid, how many keys it tried."""

    valid: int
    tried: int


def whole(fleet: Fleet, touching: bool) -> Whole:
    search = Search(fleet, 0, touching)
    valid = sum(1 for _ in search.placements())
    return Whole(valid, search.tried)

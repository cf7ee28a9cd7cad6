"""The fleets of the battleship placement (seeds/001, the "rails" article): a field with its
forbidden cells, and ships of any shape.

Everything is drawn as text, as a reader would draw it on squared paper: a field is its rows
(``.`` a free cell, ``#`` a forbidden one); a ship is its rows (``#`` a cell of the ship) and
prints on the field as its symbol.  A ship's **anchor** is its first cell in reading order
(top row, leftmost cell); the ship's cells are kept as offsets (row, column) from the anchor,
the anchor itself first, and it turns about the anchor.

A ship is a set of cells, not necessarily joined edge to edge: the article's letters R and A
in a 3×5 pixel font join at corners, as printed letters do; nothing in the search depends on
how a ship's cells are joined.
"""

from __future__ import annotations

from dataclasses import dataclass

FREE, FORBIDDEN, PART = ".", "#", "#"


@dataclass(frozen=True)
class Ship:
    symbol: str
    picture: tuple[str, ...]
    cells: tuple[tuple[int, int], ...]  # offsets from the anchor, the anchor (0, 0) first

    @property
    def height(self) -> int:
        return len(self.picture)

    @property
    def width(self) -> int:
        return max(len(line) for line in self.picture)


@dataclass(frozen=True)
class Fleet:
    name: str
    field: tuple[str, ...]  # the field's rows: "." free, "#" forbidden
    ships: tuple[Ship, ...]
    exhaustive: bool  # small enough that the whole search is printed too

    @property
    def rows(self) -> int:
        return len(self.field)

    @property
    def cols(self) -> int:
        return len(self.field[0])

    @property
    def raw_keys(self) -> int:
        """The article's formula: every ship takes any of rows·columns·4 keys."""
        return (self.rows * self.cols * 4) ** len(self.ships)

    def forbidden(self, row: int, col: int) -> bool:
        return self.field[row][col] == FORBIDDEN


def ship(symbol: str, picture: str) -> Ship:
    """A ship drawn as rows separated by ``/``: ``ship("R", "##./#.#/##./#.#/#.#")``."""
    lines = tuple(picture.split("/"))
    parts = [(r, c) for r, line in enumerate(lines) for c, mark in enumerate(line)
             if mark == PART]
    if not parts or any(set(line) - {FREE, PART} for line in lines):
        raise ValueError(f"ship {symbol}: draw it with '#' and '.' ({picture!r})")
    anchor_row, anchor_col = parts[0]
    return Ship(symbol, lines, tuple((r - anchor_row, c - anchor_col) for r, c in parts))


def fleet(name: str, field: str, ships: tuple[Ship, ...], exhaustive: bool = False) -> Fleet:
    """A fleet on a field drawn as rows separated by ``/``; a ship that cannot lie on the
    field in any of its four turns is refused in one line."""
    rows = tuple(field.split("/"))
    if len({len(line) for line in rows}) != 1 or any(set(line) - {FREE, FORBIDDEN}
                                                      for line in rows):
        raise ValueError(f"fleet {name}: the field must be rows of equal length of "
                         f"'.' and '#'")
    built = Fleet(name, rows, ships, exhaustive)
    for each in ships:
        if not fits_somehow(each, built.rows, built.cols):
            raise ValueError(f"fleet {name}: ship {each.symbol} ({each.height}×{each.width}) "
                             f"is larger than the {built.rows}×{built.cols} field")
    return built


def fits_somehow(each: Ship, rows: int, cols: int) -> bool:
    """Whether the ship's box fits the field upright or turned a quarter."""
    upright = each.height <= rows and each.width <= cols
    return upright or (each.width <= rows and each.height <= cols)


def straight(symbol: str, length: int) -> Ship:
    return ship(symbol, PART * length)


# The letters of the article's picture, in a 3×5 pixel font.
LETTERS = {
    "R": "##./#.#/##./#.#/#.#",
    "A": ".#./#.#/###/#.#/#.#",
    "H": "#.#/#.#/###/#.#/#.#",
    "B": "##./#.#/##./#.#/##.",
}

FLEETS: dict[str, Fleet] = {f.name: f for f in (
    # The classic fleet: one 4-decker, two 3-deckers, three 2-deckers, four 1-deckers.
    fleet("classic", "/".join(["." * 10] * 10),
          tuple(straight(str(n), size) for n, size in enumerate((4, 3, 3, 2, 2, 2, 1, 1, 1, 1)))),
    # The article's picture: R, A, H, B on a 5×15 field with forbidden cells (designed here:
    # the article's picture is not in the text).  Two forbidden cells in columns 3, 7 and 11
    # fence off four slots three columns wide; one forbidden cell in the top row of the
    # first slot and one in the bottom row of the last decide which letters, upright or
    # upside down, can stand there.
    fleet("letters", ".#............./"
                     "...#...#...#.../"
                     "...#...#...#.../"
                     ".............../"
                     ".............#.",
          tuple(ship(letter, picture) for letter, picture in LETTERS.items())),
    # Small fleets, searched to the end: the whole search is printed.
    fleet("pair", "..../..../....", (straight("1", 3), straight("2", 2)), exhaustive=True),
    fleet("corner", "..../.#../..../....",
          (ship("L", "#./##"), straight("2", 2), straight("3", 1)), exhaustive=True),
    # No placement exists: eight free cells around a forbidden centre hold the two
    # 3-deckers only along two opposite sides, and then no two free cells are left in line.
    fleet("impossible", ".../.#./...", (straight("1", 3), straight("2", 3), straight("3", 2)),
          exhaustive=True),
)}

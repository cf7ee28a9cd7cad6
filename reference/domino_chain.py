"""Puzzle 22 of the puzzle book (seeds/004): one chain of all the tiles of a domino set.

The double-N set has one tile for each pair of numbers 0 ≤ a ≤ b ≤ N ((N + 1)(N + 2) / 2
tiles: 28 for the double six).  Tiles touch with equal numbers.  The book: "try all the
combinations: take a tile as the start of the chain and try the tiles one after another;
they are taken out of the store, then the first tile that can be joined to the last one
is looked for, as the first free square of the next row was looked for" (eight queens).

"Choose your representation of the tiles carefully."  Ours:
- the store is a table ``лежит[a, b]`` (0..N × 0..N): 1 while tile a:b is in the store,
  kept equal to ``лежит[b, a]`` (one tile, seen from either end);
- the chain is the list of numbers where tiles meet, ``x[0], x[1], …, x[m]``: tile ``i``
  is ``x[i−1]:x[i]``, so a tile needs no orientation flag (a double is ``x:x``);
- so "the first tile that joins the end ``x``" is the smallest ``y`` with
  ``лежит[x, y] = 1``: one row of the table, scanned like a row of the board.

The search: the chain starts with the number ``x[0] = 0`` ("take some tile as the start":
the first tile tried is 0:0, then 0:1, …); lay the first tile that joins, and go on; when
nothing joins before all tiles are laid, take the last tile back and try the next one
that joins.  The first chain found is printed; for N ≤ 4 the search goes on and counts
every chain that starts with 0.  Every number plays the same part in the set (renaming
the numbers turns a chain into a chain), so there are as many chains starting with 1, 2,
…: all chains, read left to right, are N + 1 times as many (the book's own use of a
symmetry, as in its hint for the queens), and each chain is counted twice, once from each
end, so the different chains are half of those.

Before searching, the book's "all combinations" can be spared when no chain can exist:
inside a chain every number shows up in pairs (two touching halves), so at most two numbers
(the two ends) may show up an odd number of times on all the tiles.  In the double-N set
each number is on N + 2 halves, so for odd N every number is odd: no chain (the double
three and the double five).  The search would only confirm it; for the double five it
does not end in any reasonable time, so the program says why and does not search (0
tiles laid).

Output: the number of tiles, the first chain (tiles ``a:b``) or why there is none, the
counts of chains (N ≤ 4), and the search effort (tiles laid).
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

from portcheck.suite.params import IntParam

NAME = "domino-chain"
TITLE = "Puzzle 22: a chain of every tile of the double-N domino set"
PARAMS = {"n": IntParam(2, 6, "the highest number on a tile (6: the double-six set)",
                        default=6)}
COUNT_UP_TO = 4  # chains are counted for N up to this

CASES: dict[str, dict[str, int]] = {f"n-{n}": {"n": n} for n in range(2, 7)}

ATTESTED: dict[str, str] = {}


def tiles(n: int) -> int:
    return (n + 1) * (n + 2) // 2


def odd_numbers(n: int) -> list[int]:
    """The numbers on an odd number of halves in the double-N set."""
    return [x for x in range(n + 1) if (n + 2) % 2 == 1]


@dataclass
class Search:
    n: int
    count_all: bool
    store: list[list[int]] = field(init=False)
    chain: list[int] = field(default_factory=list)
    laid: int = 0  # tiles laid: the search effort
    chains: int = 0
    first: list[int] | None = None

    def __post_init__(self) -> None:
        self.store = [[1] * (self.n + 1) for _ in range(self.n + 1)]

    def run(self) -> None:
        self.chain = [0]
        self.extend(0)

    def extend(self, count: int) -> bool:
        """Lay the next tile after ``count`` tiles; true: stop the search."""
        if count == tiles(self.n):
            self.chains += 1
            if self.first is None:
                self.first = list(self.chain)
            return not self.count_all
        x = self.chain[-1]
        for y in range(self.n + 1):
            if self.store[x][y]:
                self.store[x][y] = self.store[y][x] = 0
                self.chain.append(y)
                self.laid += 1
                stop = self.extend(count + 1)
                self.chain.pop()
                self.store[x][y] = self.store[y][x] = 1
                if stop:
                    return True
        return False


def search(n: int, count_all: bool) -> Search:
    found = Search(n, count_all)
    found.run()
    return found


def output(n: int) -> str:
    PARAMS["n"].check(n)
    lines = [f"шашек: {tiles(n)}"]
    odd = odd_numbers(n)
    if len(odd) > 2:
        lines.append("на нечётном числе половинок: " + " ".join(map(str, odd)))
        lines.append("цепочки нет: внутри цепочки каждое число встречается парами")
        lines.append("положено шашек: 0")
        return "".join(line + "\n" for line in lines)
    result = search(n, count_all=n <= COUNT_UP_TO)
    chain = result.first or []
    lines.append("первая цепочка: "
                 + " ".join(f"{a}:{b}" for a, b in itertools.pairwise(chain)))
    if n <= COUNT_UP_TO:
        every = result.chains * (n + 1)
        lines.append(f"цепочек от 0: {result.chains}, всех: {every}, различных: {every // 2}")
    lines.append(f"положено шашек: {result.laid}")
    return "".join(line + "\n" for line in lines)

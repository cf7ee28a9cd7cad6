"""The article's rails: the numbers of one of a ship's degrees of freedom (row, column,
rotation), read through a shuffled table ``random_num[i]`` so that different seeds give
different placements.

The article's shuffle of a rail of N numbers: ``ceil(N/2)`` times

    a = rand() % N
    b = (a + 1 + rand() % (N - 1)) % N     (never a: no wasted swap)
    swap rail[a], rail[b]

with ``rand()`` the Microsoft C generator (``portcheck.prng.MsRand``) seeded once with the
case's seed.  The rails are shuffled in a fixed order: ship by ship in fleet order, and for
each ship its row rail, then its column rail, then its rotation rail.  A rail of one number
has nothing to swap and draws nothing.  Seed 0 means the rails stay as they are (0, 1, 2, …).
"""

from __future__ import annotations

from dataclasses import dataclass

from portcheck.prng import MsRand

ROTATIONS = 4  # quarter turns about the anchor: 0°, 90°, 180°, 270° clockwise


def swaps(n: int) -> int:
    """The article's number of swaps for N numbers: ceil(N * 0.5)."""
    return (n + 1) // 2


def shuffle(rail: list[int], rand: MsRand) -> None:
    """Shuffle ``rail`` in place by the article's formula."""
    n = len(rail)
    if n < 2:
        return
    for _ in range(swaps(n)):
        a = rand.next() % n
        b = (a + 1 + rand.next() % (n - 1)) % n
        rail[a], rail[b] = rail[b], rail[a]


@dataclass(frozen=True)
class ShipRails:
    """The three rails of one ship's key generator, most significant first."""

    rows: list[int]
    cols: list[int]
    turns: list[int]


def fleet_rails(ships: int, rows: int, cols: int, seed: int) -> list[ShipRails]:
    """Every ship's rails, shuffled in the documented order (seed 0: not shuffled)."""
    rand = MsRand(seed)
    rails = []
    for _ in range(ships):
        ship = ShipRails(list(range(rows)), list(range(cols)), list(range(ROTATIONS)))
        if seed != 0:
            for rail in (ship.rows, ship.cols, ship.turns):
                shuffle(rail, rand)
        rails.append(ship)
    return rails

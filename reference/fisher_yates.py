"""The correct shuffle of the article's 36-card deck: Fisher–Yates, as
``java.util.Collections.shuffle(list, new Random(seed))`` does it.

From the bottom card up, position ``i`` (35 down to 1) is swapped with a position drawn
from those not yet fixed, ``nextInt(i + 1)``; every one of the 36! orders is then equally
likely for a uniform generator.  Printed like the article's shuffle: the deck before and
after.
"""

from __future__ import annotations

from portcheck.prng import JavaRandom

from . import deck36
from .javarandom import SEED

NAME = "fisher-yates"
TITLE = "Fisher–Yates shuffle of the 36-card deck (java.util.Random seed)"
PARAMS = {"seed": SEED}

CASES: dict[str, dict[str, int]] = {
    "seed-20": {"seed": 20},
    "seed-0": {"seed": 0},
    "seed-1160000000000": {"seed": 1160000000000},
    "seed-neg1": {"seed": -1},
    "seed-maxlong": {"seed": 2**63 - 1},
    # -2^24: a negative seed whose low 24 bits are 0 (the KuMir port's 24-bit halves).
    "seed-neg16777216": {"seed": -2**24},
    # Seeds found by running the generator backwards from the draw wanted.  Here the 34th
    # draw, nextInt(3)'s, is 2^31 - 1: in the last, incomplete block of three, drawn again
    # (and the new draw is 2 mod 3, so a redraw of 0, 1, 30 or 32 bits, or keeping the
    # rejected draw's remainder 1, would show).
    "seed-127564553489323": {"seed": 127564553489323},
    # Here the first draw, nextInt(36)'s, is 2147483620: in the last full block of 36
    # (2147483592 to 2147483627), kept; a test that rejected more would draw again.
    "seed-84568153705668": {"seed": 84568153705668},
    # Here the fifth draw, nextInt(32)'s (a power of two: (32 * r) >> 31), is 2^31 - 1,
    # the largest (position 31 stays where it is); a divisor 2^31 - 1 instead of 2^31
    # would give 32.  The KuMir port's 24-bit halves carry into a top half of 2^24 - 1.
    "seed-neg123132236327240": {"seed": -123132236327240},
    # Here the fifth draw is 2^30, where (32 * r) >> 31 steps from 15 to 16.
    "seed-neg134741127910252": {"seed": -134741127910252},
    # Here the state after the first step is below 2^24 (its top 24 bits are 0, the
    # first draw is 0): the KuMir port's halves must carry between them exactly.
    "seed-neg149955576741703": {"seed": -149955576741703},
}


def shuffle(seed: int) -> list[int]:
    """The deck (card numbers, top first) after Fisher–Yates with ``new Random(seed)``."""
    SEED.check(seed)
    pack = list(range(deck36.SIZE))
    generator = JavaRandom(seed)
    for i in range(len(pack) - 1, 0, -1):
        j = generator.next_int(i + 1)
        pack[i], pack[j] = pack[j], pack[i]
    return pack


def output(seed: int) -> str:
    return deck36.listing(shuffle(seed))

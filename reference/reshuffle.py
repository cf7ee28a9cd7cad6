"""The article's ``reshuffle(int[] pack)`` (seeds/002), on a fake clock.

For each position ``i`` of the 36-card deck the card there is swapped with the card at
``nextInt(36)``; when ``i % (36 / 4) == 0`` (``i`` = 0, 9, 18, 27) the method draws a pause
``nextInt(20)``, sleeps it and reseeds the generator with ``new Date().getTime()``.  The
generator starts as ``new Random(new Date().getTime())``.

The clock is the case's: ``new Date().getTime()`` first returns ``start`` (ms since 1970) and
each sleep advances it by its pause plus ``lag`` ms (the time a sleep really takes beyond
what was asked), so a run is reproducible.  Nothing else moves the clock.
"""

from __future__ import annotations

from portcheck.prng import JavaRandom
from portcheck.suite.params import IntParam

from . import deck36

NAME = "reshuffle"
TITLE = "The article's reshuffle (36 cards, reseeded from the clock), on a fake clock"
PARAMS = {
    # Up to 9999-12-31 23:59:59.999 UTC, below 2^48: the clock never needs the upper bits.
    "start": IntParam(0, 253402300799999, "what new Date().getTime() returns first (ms)"),
    "lag": IntParam(0, 50, "ms each sleep takes beyond its pause"),
}

CASES: dict[str, dict[str, int]] = {
    # 2006-09-29 00:00 UTC, the article's date; a sleep that takes exactly its pause.
    "start-1159488000000-lag-0": {"start": 1159488000000, "lag": 0},
    "start-1159488000000-lag-1": {"start": 1159488000000, "lag": 1},
    "start-1160000000000-lag-15": {"start": 1160000000000, "lag": 15},
    "start-0-lag-0": {"start": 0, "lag": 0},
    "start-253402300799999-lag-50": {"start": 253402300799999, "lag": 50},
    # Starts found by running the generator backwards from the first draw wanted: here
    # 2^31 - 1, in the last, incomplete block of nextInt(36), drawn again ...
    "start-10043455925711-lag-0": {"start": 10043455925711, "lag": 0},
    # ... and here 2147483620, in the last full block of 36 (2147483592 to 2147483627),
    # kept; a test that rejected more would draw again.
    "start-13973024454430-lag-0": {"start": 13973024454430, "lag": 0},
    # The KuMir port keeps the state and the clock as two 24-bit halves.  Here the state
    # after the first step is below 2^24 (found backwards, as above), and the first sleep
    # (17 ms + 1) brings the clock's low half to 2^24 - 1: no carry yet, one at the next.
    "start-128259534618605-lag-1": {"start": 128259534618605, "lag": 1},
    # Here the first sleep (1 ms + 3) brings the clock's low half to exactly 2^24, and the
    # start, read digit by digit, is 2^24 - 1 after its first eight (16777215) ...
    "start-167772159999996-lag-3": {"start": 167772159999996, "lag": 3},
    # ... and here exactly 2^24 (16777216).
    "start-167772160000329-lag-0": {"start": 167772160000329, "lag": 0},
}

PAUSES = 20  # the pause is nextInt(20): 0 to 19 ms


def reshuffle(start: int, lag: int) -> list[int]:
    """The deck (card numbers, top first) after the article's method, on the fake clock."""
    PARAMS["start"].check(start)
    PARAMS["lag"].check(lag)
    pack = list(range(deck36.SIZE))
    length = len(pack)
    clock = start
    generator = JavaRandom(clock)
    for i in range(length):
        new_pos = generator.next_int(length)
        pack[i], pack[new_pos] = pack[new_pos], pack[i]
        if i % (length // 4) == 0:
            pause = generator.next_int(PAUSES)
            clock += pause + lag
            generator.set_seed(clock)
    return pack


def output(start: int, lag: int) -> str:
    return deck36.listing(reshuffle(start, lag))

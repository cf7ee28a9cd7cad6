"""``java.util.Random`` as the card-shuffling article uses it (seeds/002): ``count`` values of
``nextInt(bound)`` from ``new Random(seed)``, on one line joined by ``"; "`` as the article's
first program prints them (``new Random(20)``, ten ``nextInt(100)``:
``53; 36; 1; 61; 5; 95; 33; 55; 93; 88``).

The generator is the JDK's, bit for bit (``portcheck.prng.JavaRandom``): a 48-bit linear
congruential generator, ``seed = (seed * 0x5DEECE66D + 0xB) mod 2^48``, whose constructor
scrambles the seed (``(seed ^ 0x5DEECE66D) mod 2^48``, so only its low 48 bits count);
``next(31)`` is the state's top 31 bits.  ``nextInt(bound)`` takes ``(bound * next(31)) >> 31``
for a power of two and otherwise ``next(31) mod bound``, drawing again while the draw falls
in the last, incomplete block of ``bound`` values (the rejection loop), so that every value is
equally likely.
"""

from __future__ import annotations

from portcheck.prng import JavaRandom
from portcheck.suite.params import IntParam

NAME = "javarandom"
TITLE = "java.util.Random: nextInt(bound) values as the article prints them"
SEED = IntParam(-2**63, 2**63 - 1, "seed of new Random(seed): any Java long")
PARAMS = {
    # the article's first program: new Random(20), ten nextInt(100)
    "seed": IntParam(SEED.low, SEED.high, SEED.help, default=20),
    "bound": IntParam(1, 2**31 - 1, "nextInt(bound) gives 0 to bound - 1", default=100),
    "count": IntParam(1, 1000, "how many values", default=10),
}

CASES: dict[str, dict[str, int]] = {
    # The article's program: new Random(20), ten nextInt(100).
    "seed-20-bound-100-count-10": {"seed": 20, "bound": 100, "count": 10},
    # Only the seed's low 48 bits count: 2^48 gives seed 0's numbers.
    "seed-0-bound-100-count-10": {"seed": 0, "bound": 100, "count": 10},
    "seed-281474976710656-bound-100-count-10": {"seed": 2**48, "bound": 100, "count": 10},
    # A seed like the article's new Date().getTime() (ms since 1970, above 2^32).
    "seed-1160000000000-bound-36-count-36": {"seed": 1160000000000, "bound": 36, "count": 36},
    "seed-neg5-bound-6-count-20": {"seed": -5, "bound": 6, "count": 20},
    # Powers of two take (bound * next(31)) >> 31: bound 1 (always 0), 2, 16, 2^30.
    "seed-7-bound-1-count-5": {"seed": 7, "bound": 1, "count": 5},
    "seed-42-bound-2-count-20": {"seed": 42, "bound": 2, "count": 20},
    "seed-42-bound-16-count-20": {"seed": 42, "bound": 16, "count": 20},
    "seed-3-bound-1073741824-count-10": {"seed": 3, "bound": 2**30, "count": 10},
    # Just above 2^30 almost half the draws are rejected and drawn again.
    "seed-3-bound-1073741825-count-20": {"seed": 3, "bound": 2**30 + 1, "count": 20},
    "seed-minlong-bound-2147483647-count-10": {"seed": -2**63, "bound": 2**31 - 1,
                                               "count": 10},
    "seed-maxlong-bound-1000000-count-10": {"seed": 2**63 - 1, "bound": 10**6, "count": 10},
    # 2^31 + 1 = 3 * 715827883: the last block of nextInt(715827883) is one value short of
    # full, so a third of the draws are drawn again, and a test one off (U - R + bound - 2)
    # keeps them (four of these 14 draws).
    "seed-1-bound-715827883-count-10": {"seed": 1, "bound": 715827883, "count": 10},
    # A negative seed whose low 24 bits are 0: -2^24 is 2^48 - 2^24 in 48 bits (the KuMir
    # port keeps the seed as two 24-bit halves and takes this case apart).
    "seed-neg16777216-bound-100-count-10": {"seed": -2**24, "bound": 100, "count": 10},
    # -1: its low 48 bits are all 1 (the 1C port turns the remainder -1 into 2^48 - 1, the
    # KuMir port the halves of |seed| = 1 into 2^24 - 1 and 2^24 - 1).
    "seed-neg1-bound-100-count-10": {"seed": -1, "bound": 100, "count": 10},
    # Seeds found by running the generator backwards (its multiplier is odd, so it has an
    # inverse mod 2^48) from the state wanted after the first step.  Here the state is
    # below 2^24 (its top 24 bits are 0, the first draw is 0): the KuMir port, which keeps
    # the state as two 24-bit halves, must carry between them exactly.
    "seed-neg147924929294793-bound-100-count-10": {"seed": -147924929294793, "bound": 100,
                                                   "count": 10},
    # Here the first draw is 2^31 - 1, the largest: the power-of-two branch gives
    # (16 * (2^31 - 1)) >> 31 = 15, and the KuMir port's halves carry into a top half of
    # 2^24 - 1.
    "seed-neg94831912104764-bound-16-count-10": {"seed": -94831912104764, "bound": 16,
                                                 "count": 10},
}

ATTESTED: dict[str, str] = {
    "seed-20-bound-100-count-10": "seeds/002_c4cc78c65a2d69a8.txt (the Java article): the "
                                  "line printed by its first program, three runs",
}


def values(seed: int, bound: int, count: int) -> list[int]:
    """``count`` values of ``nextInt(bound)`` from ``new Random(seed)``."""
    for name, value in (("seed", seed), ("bound", bound), ("count", count)):
        PARAMS[name].check(value)
    generator = JavaRandom(seed)
    return [generator.next_int(bound) for _ in range(count)]


def output(seed: int, bound: int, count: int) -> str:
    """The values on one line, joined by ``"; "``."""
    return "; ".join(map(str, values(seed, bound, count))) + "\n"

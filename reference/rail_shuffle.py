"""The article's claim about its shuffle (seeds/001): "ceil(N/2) swaps are the minimum
sufficient for complete mixing (a derangement)", settled exactly.

A rail holds 0, 1, …, N-1.  The article swaps ``ceil(N/2)`` times the numbers at ``a =
rand() % N`` and ``b = (a + 1 + rand() % (N - 1)) % N``.  Taking every sequence of the
values of ``rand() % N`` and ``rand() % (N - 1)`` as equally likely, there are
``(N·(N-1))^ceil(N/2)`` sequences; the output says how many of them leave no number in its
place, and that probability as a reduced fraction:

    n = 4, 2 swaps: 24 of 144 value sequences leave no number in place: probability 1/6

How it is computed here (the ports try every sequence instead): the formula makes every
ordered pair (a, b), a ≠ b, equally likely, so the chance of each arrangement after any
number of swaps depends only on its cycle lengths; a swap joins two cycles (a and b in
different cycles) or splits one (a and b in the same cycle).  Counting value sequences per
cycle type is exact and fast for every N of the range, where trying every sequence is not
(N = 15: 210^8 sequences).
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction

from portcheck.suite.params import IntParam

from .rails import swaps

NAME = "rail-shuffle"
TITLE = "The rail shuffle: chance that ceil(N/2) swaps leave no number in place"
PARAMS = {"n": IntParam(2, 15, "how many numbers the rail holds")}

CASES: dict[str, dict[str, int]] = {f"n-{n}": {"n": n} for n in (*range(2, 9), 10, 15)}

CycleType = tuple[int, ...]  # cycle lengths, longest first


def _with(lengths: CycleType, remove: tuple[int, ...], add: tuple[int, ...]) -> CycleType:
    counts = Counter(lengths)
    counts.subtract(remove)
    counts.update(add)
    return tuple(sorted(counts.elements(), reverse=True))


def swap_outcomes(lengths: CycleType) -> Counter[CycleType]:
    """For an arrangement with these cycle lengths: how many ordered pairs (a, b), a ≠ b,
    lead to each cycle type when a and b are swapped."""
    outcomes: Counter[CycleType] = Counter()
    counts = Counter(lengths)
    for length, many in counts.items():  # a and b in one cycle: it splits in two
        for part in range(1, length):
            outcomes[_with(lengths, (length,), (part, length - part))] += many * length
    for first, many in counts.items():  # a and b in two cycles: they join
        for second, others in counts.items():
            pairs = many * (others - (first == second)) * first * second
            if pairs:
                outcomes[_with(lengths, (first, second), (first + second,))] += pairs
    return outcomes


def deranging_sequences(n: int, steps: int) -> int:
    """How many value sequences of ``steps`` swaps leave none of 0..n-1 in place."""
    ways: Counter[CycleType] = Counter({(1,) * n: 1})
    for _ in range(steps):
        following: Counter[CycleType] = Counter()
        for lengths, count in ways.items():
            for result, pairs in swap_outcomes(lengths).items():
                following[result] += count * pairs
        ways = following
    return sum(count for lengths, count in ways.items() if 1 not in lengths)


def output(n: int) -> str:
    """What a port prints for one rail size."""
    PARAMS["n"].check(n)
    steps = swaps(n)
    total = (n * (n - 1)) ** steps
    good = deranging_sequences(n, steps)
    chance = Fraction(good, total)
    return (f"n = {n}, {steps} swap{'s' if steps > 1 else ''}: {good} of {total} value "
            f"sequences leave no number in place: probability "
            f"{chance.numerator}/{chance.denominator}\n")

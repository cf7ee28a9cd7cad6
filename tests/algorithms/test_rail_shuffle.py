"""The article's claim "ceil(N/2) swaps are the minimum sufficient for a derangement"
(seeds/001), and the reference's count by cycle types that settles it.

Where each expected value comes from:
- small N: every sequence of the values of rand() % N and rand() % (N - 1) tried here,
  the article's formula applied literally;
- every N: the closed forms that follow from counting minimal factorisations into
  transpositions — N! for even N (the swaps must be disjoint: N/2 disjoint pairs in any
  order, each pair from two value pairs), and (N - 1)/2 · (N + 1)! for odd N (one 3-cycle
  from two overlapping swaps, the other pairs disjoint).
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from collections.abc import Iterator

import pytest

from tests.helpers.reference import reference_module

rail_shuffle = reference_module("rail-shuffle")
RANGE = range(2, 16)


def arrangements(n: int) -> Iterator[list[int]]:
    """The rail after ceil(n/2) swaps by the article's formula, for every sequence of the
    values of rand() % n and rand() % (n - 1)."""
    for values in itertools.product(range(n), range(n - 1), repeat=(n + 1) // 2):
        rail = list(range(n))
        for a, r in zip(values[::2], values[1::2], strict=True):
            b = (a + 1 + r) % n
            rail[a], rail[b] = rail[b], rail[a]
        yield rail


def tried_one_by_one(n: int) -> int:
    """How many value sequences of ceil(n/2) swaps move every number, trying them all."""
    return sum(all(rail[i] != i for i in range(n)) for rail in arrangements(n))


@pytest.mark.parametrize("n", range(2, 7))
def test_the_count_by_cycle_types_equals_trying_every_sequence(n: int) -> None:
    assert rail_shuffle.deranging_sequences(n, (n + 1) // 2) == tried_one_by_one(n)


@pytest.mark.parametrize("n", RANGE)
def test_the_closed_forms(n: int) -> None:
    expected = math.factorial(n) if n % 2 == 0 else (n - 1) // 2 * math.factorial(n + 1)
    assert rail_shuffle.deranging_sequences(n, (n + 1) // 2) == expected


@pytest.mark.parametrize("n", RANGE)
def test_fewer_swaps_never_derange(n: int) -> None:
    """The "minimum" half of the claim: k swaps move at most 2k numbers."""
    assert rail_shuffle.deranging_sequences(n, (n + 1) // 2 - 1) == 0


@pytest.mark.parametrize("lengths", [(1,) * 6, (2, 2, 1, 1), (3, 2, 1), (6,), (4, 4, 2, 1)])
def test_every_ordered_pair_leads_somewhere(lengths: tuple[int, ...]) -> None:
    n = sum(lengths)
    outcomes = rail_shuffle.swap_outcomes(lengths)
    assert sum(outcomes.values()) == n * (n - 1)
    assert all(sum(result) == n for result in outcomes)


def test_the_golden_for_15_numbers(portcheck_golden) -> None:
    """No port can try 210^8 sequences; the golden is the closed form, reduced."""
    text = portcheck_golden("rail-shuffle", "n-15")
    good, total = 7 * math.factorial(16), 210**8
    common = math.gcd(good, total)
    assert text == (f"n = 15, 8 swaps: {good} of {total} value sequences leave no number "
                    f"in place: probability {good // common}/{total // common}\n")
    assert Counter(text)["\n"] == 1


def parity(rail: list[int]) -> int:
    """0 for an even arrangement, 1 for an odd one (by counting inversions)."""
    return sum(a > b for a, b in itertools.combinations(rail, 2)) % 2


@pytest.mark.parametrize("n", range(2, 7))
def test_a_fixed_number_of_swaps_reaches_only_half_the_orders(n: int) -> None:
    """Every swap flips the parity, so ceil(n/2) swaps give arrangements of one parity."""
    reached = {tuple(rail) for rail in arrangements(n)}
    assert {parity(list(rail)) for rail in reached} == {(n + 1) // 2 % 2}
    assert len(reached) <= math.factorial(n) // 2

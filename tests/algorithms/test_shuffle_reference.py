"""The card-shuffling references (seeds/002) against sources outside them.

Where each expected value comes from:
- ``javarandom``: the JDK's documented algorithm, instrumented to see which path each case
  takes (the values themselves are compared with a real JDK in test_shuffle_jdk.py);
- ``shuffle-bias``: brute force over every sequence of draws (itertools.product), and the
  published three-card table of the naive shuffle (4/27 and 5/27);
- ``derangement``: the published values of D(n) (OEIS A000166), the recurrence
  D(n) = (n - 1)(D(n - 1) + D(n - 2)), and brute force over itertools.permutations;
- the command line: the issue's examples and its bad values.
"""

from __future__ import annotations

import itertools
import math
from collections import Counter
from fractions import Fraction
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portcheck.prng import JavaRandom
from tests.helpers.cli import portcheck
from tests.helpers.reference import REPO, reference_module

javarandom = reference_module("javarandom")
reshuffle = reference_module("reshuffle")
fisher_yates = reference_module("fisher-yates")
shuffle_bias = reference_module("shuffle-bias")
derangement = reference_module("derangement")
deck36 = reshuffle.deck36

LONG = st.integers(min_value=-2**63, max_value=2**63 - 1)


class CountingRandom(JavaRandom):
    """``JavaRandom`` that counts its steps, to see when ``nextInt`` draws again."""

    __slots__ = ("steps",)

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.steps = 0

    def next_bits(self, bits: int) -> int:
        self.steps += 1
        return super().next_bits(bits)


def draws_again(seed: int, bound: int, count: int) -> int:
    """How many extra steps the rejection loop takes over ``count`` values."""
    generator = CountingRandom(seed)
    for _ in range(count):
        generator.next_int(bound)
    return generator.steps - count


# --- javarandom -------------------------------------------------------------------------------


def test_cases_cover_every_path_of_next_int() -> None:
    cases = javarandom.CASES.values()
    bounds = {case["bound"] for case in cases}
    seeds = {case["seed"] for case in cases}
    assert {1, 2**30, 2**31 - 1} <= bounds  # bound 1, the largest power of two, the top
    assert any(case["bound"] & (case["bound"] - 1) for case in cases)  # not a power of two
    assert any(s < 0 for s in seeds) and any(s > 2**32 for s in seeds)
    assert {-2**63, 2**63 - 1} <= seeds
    rejections = {cid: draws_again(**case) for cid, case in javarandom.CASES.items()}
    assert rejections["seed-3-bound-1073741825-count-20"] > 0  # the rejection loop runs
    powers = [cid for cid, case in javarandom.CASES.items()
              if case["bound"] & (case["bound"] - 1) == 0]
    assert all(rejections[cid] == 0 for cid in powers)  # a power of two never draws again


def test_only_the_low_48_bits_of_the_seed_count() -> None:
    assert (javarandom.output(seed=0, bound=100, count=10)
            == javarandom.output(seed=2**48, bound=100, count=10))


@given(LONG, st.integers(min_value=1, max_value=2**31 - 1))
def test_values_lie_below_the_bound(seed: int, bound: int) -> None:
    assert all(0 <= v < bound for v in javarandom.values(seed, bound, 20))


def test_bound_1_always_gives_0() -> None:
    assert javarandom.values(7, 1, 5) == [0] * 5


def test_output_is_the_articles_line_format() -> None:
    text = javarandom.output(seed=42, bound=6, count=3)
    assert text.endswith("\n") and text.count("\n") == 1
    assert [int(v) for v in text[:-1].split("; ")] == javarandom.values(42, 6, 3)


# --- reshuffle and fisher-yates ---------------------------------------------------------------


@given(st.integers(min_value=0, max_value=253402300799999), st.integers(0, 50))
def test_reshuffle_gives_a_permutation(start: int, lag: int) -> None:
    assert sorted(reshuffle.reshuffle(start, lag)) == list(range(deck36.SIZE))


@pytest.mark.parametrize("lag", [0, 7, 50])
def test_reshuffle_seeds_from_the_clock_five_times(monkeypatch: pytest.MonkeyPatch,
                                                   lag: int) -> None:
    """new Random(time), then setSeed(time) after the pauses at i = 0, 9, 18 and 27: each
    reading is the one before plus a pause of 0 to 19 ms plus the lag."""
    seeds: list[int] = []

    class Recording(JavaRandom):
        def set_seed(self, seed: int) -> None:
            seeds.append(seed)
            super().set_seed(seed)

    monkeypatch.setattr(reshuffle, "JavaRandom", Recording)
    reshuffle.reshuffle(1159488000000, lag)
    assert len(seeds) == 5 and seeds[0] == 1159488000000
    assert all(0 <= later - earlier - lag < 20 for earlier, later in itertools.pairwise(seeds))


def test_the_lag_of_a_sleep_changes_the_deck() -> None:
    assert reshuffle.reshuffle(1159488000000, 0) != reshuffle.reshuffle(1159488000000, 1)


def test_the_deck_listing() -> None:
    lines = reshuffle.output(start=0, lag=0).splitlines()
    assert len(lines) == 2 + 2 * deck36.SIZE
    assert lines[0] == deck36.BEFORE and lines[deck36.SIZE + 1] == deck36.AFTER
    assert lines[1:deck36.SIZE + 1] == list(deck36.NAMES)
    assert deck36.NAMES[0] == "шестерка пик" and deck36.NAMES[-1] == "туз червей"


@given(LONG)
def test_fisher_yates_gives_a_permutation(seed: int) -> None:
    assert sorted(fisher_yates.shuffle(seed)) == list(range(deck36.SIZE))


# --- shuffle-bias -----------------------------------------------------------------------------


def brute_force(n: int, method: str) -> Counter[tuple[int, ...]]:
    """Every sequence of draws, one by one."""
    steps = shuffle_bias.steps(n, method)
    orders: Counter[tuple[int, ...]] = Counter()
    for draws in itertools.product(*(choices for _, choices in steps)):
        deck = list(range(1, n + 1))
        for (i, _), r in zip(steps, draws, strict=True):
            deck[i], deck[r] = deck[r], deck[i]
        orders[tuple(deck)] += 1
    return orders


@pytest.mark.parametrize(("n", "method"), [(3, "naive"), (4, "naive"), (5, "naive"),
                                           (3, "fisher-yates"), (5, "fisher-yates"),
                                           (6, "fisher-yates")])
def test_counts_equal_brute_force(n: int, method: str) -> None:
    assert shuffle_bias.counts(n, method) == brute_force(n, method)


def test_the_published_three_card_table() -> None:
    """The naive shuffle of three cards: 123, 312 and 321 come 4 times in 27, the other
    three orders 5 times (the table every write-up of this bias shows)."""
    odds = shuffle_bias.odds(3, "naive")
    four, five = Fraction(4, 27), Fraction(5, 27)
    assert odds == {(1, 2, 3): four, (1, 3, 2): five, (2, 1, 3): five, (2, 3, 1): five,
                    (3, 1, 2): four, (3, 2, 1): four}


@pytest.mark.parametrize("n", range(3, 8))
def test_fisher_yates_is_uniform_and_the_naive_pass_is_not(n: int) -> None:
    assert set(shuffle_bias.odds(n, "fisher-yates").values()) == {
        Fraction(1, math.factorial(n))}
    naive = shuffle_bias.odds(n, "naive")
    assert sum(naive.values()) == 1
    assert len(set(naive.values())) > 1 and min(naive.values()) > 0


@pytest.mark.parametrize("n", range(3, 8))
def test_the_least_likely_order_is_the_bottom_card_moved_to_the_top(n: int) -> None:
    """docs/findings.md: for 3 to 7 cards, n 1 2 … n-1 has 2^(n-1) of the n^n ways, and
    no order has fewer."""
    ways = shuffle_bias.counts(n, "naive")
    rotation = (n, *range(1, n))
    assert ways[rotation] == 2 ** (n - 1) == min(ways.values())


def test_output_ends_with_the_extremes_and_their_ratio() -> None:
    lines = shuffle_bias.output(n=4, method="naive").splitlines()
    assert lines[0] == "naive, n = 4: 256 sequences of draws"
    assert len(lines) == 1 + 24 + 3
    assert lines[-3:] == ["most likely: 2143 15/256", "least likely: 4123 1/32",
                          "ratio: 15/8"]


# --- derangement ------------------------------------------------------------------------------

# OEIS A000166, D(0) to D(20).
PUBLISHED = [1, 0, 1, 2, 9, 44, 265, 1854, 14833, 133496, 1334961, 14684570, 176214841,
             2290792932, 32071101049, 481066515734, 7697064251745, 130850092279664,
             2355301661033953, 44750731559645106, 895014631192902121]


def test_d_of_n_is_the_published_sequence() -> None:
    assert [derangement.count(n) for n in range(21)] == PUBLISHED
    assert all(PUBLISHED[n] == (n - 1) * (PUBLISHED[n - 1] + PUBLISHED[n - 2])
               for n in range(2, 21))


@pytest.mark.parametrize("n", range(2, 8))
def test_numbering_is_lexicographic_order(n: int) -> None:
    every = [list(p) for p in itertools.permutations(range(n))
             if all(card != place for place, card in enumerate(p))]
    assert [derangement.derangement(n, k) for k in range(len(every))] == every
    assert [derangement.index_of(cards) for cards in every] == list(range(len(every)))


@given(st.integers(min_value=0, max_value=PUBLISHED[20] - 1))
def test_index_of_inverts_derangement_for_20_cards(index: int) -> None:
    cards = derangement.derangement(20, index)
    assert sorted(cards) == list(range(20))
    assert all(card != place for place, card in enumerate(cards))
    assert derangement.index_of(cards) == index


def test_an_index_beyond_d_of_n_is_refused() -> None:
    with pytest.raises(ValueError, match=r"index 2 is not below D\(3\) = 2"):
        derangement.derangement(3, 2)


# --- the command line ---------------------------------------------------------------------------


@pytest.fixture
def in_the_project(monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PORTCHECK_ROOT", str(REPO))
    return REPO


def test_reference_prints_the_articles_line(in_the_project: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert portcheck(capsys, "reference", "javarandom", "seed=20", "bound=100",
                     "count=10") == (0, "53; 36; 1; 61; 5; 95; 33; 55; 93; 88\n", "")


def test_reference_of_the_issues_examples(in_the_project: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "reference", "derangement", "n=10", "index=12345")
    assert (code, out.splitlines()[0]) == (0, "D(10) = 1334961")
    code, out, _ = portcheck(capsys, "reference", "shuffle-bias", "n=4", "method=naive")
    assert (code, out.splitlines()[-1]) == (0, "ratio: 15/8")


@pytest.mark.parametrize(("words", "message"), [
    (["javarandom", "seed=20", "bound=0", "count=10"],
     "javarandom: bound: 0 is out of range 1..2147483647"),
    (["javarandom", "seed=9223372036854775808", "bound=10", "count=10"],
     "javarandom: seed: 9223372036854775808 is out of range "
     "-9223372036854775808..9223372036854775807"),
    (["shuffle-bias", "n=2", "method=naive"], "shuffle-bias: n: 2 is out of range 3..7"),
    (["shuffle-bias", "n=9", "method=naive"], "shuffle-bias: n: 9 is out of range 3..7"),
    (["shuffle-bias", "n=4", "method=riffle"],
     "shuffle-bias: method: 'riffle' is not one of naive|fisher-yates"),
    (["derangement", "n=10", "index=-1"],
     "derangement: index: -1 is out of range 0..895014631192902120"),
    (["derangement", "n=10", "index=1334961"],
     "derangement: index 1334961 is not below D(10) = 1334961"),
    (["reshuffle", "start=0", "lag=51"], "reshuffle: lag: 51 is out of range 0..50"),
])
@pytest.mark.parametrize("command", [["reference"], ["run", "--lang", "python"]])
def test_bad_values_are_one_line(in_the_project: Path, capsys: pytest.CaptureFixture[str],
                                 command: list[str], words: list[str], message: str) -> None:
    code, out, err = portcheck(capsys, *command[:1], words[0], *command[1:], *words[1:])
    assert (code, out) == (2, "")
    assert err == f"portcheck: error: {message}\n"

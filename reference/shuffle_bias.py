"""How likely each order is after a shuffle of ``n`` cards, exactly (seeds/002).

The article's pass swaps each position ``i`` with ``nextInt(n)``: ``n^n`` equally likely
sequences of draws, which cannot spread evenly over the ``n!`` orders (``n^n`` is not a
multiple of ``n!`` for ``n >= 3``), so some orders come out more often than others.
Fisher–Yates swaps position ``i`` (``n - 1`` down to 1) with ``nextInt(i + 1)``: ``n!``
sequences, one for each order.

The output lists every order of the cards 1…n (top card first, written as digits) in
lexicographic order with its probability as a reduced fraction, then the most and the least
likely order (the first in that order where several tie) and the ratio of their odds.

The reference adds up the sequences step by step (the distribution over orders after each
swap); the ports enumerate the sequences one by one.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from itertools import permutations
from math import prod

from portcheck.suite.params import ChoiceParam, IntParam

NAME = "shuffle-bias"
TITLE = "Exact odds of every order after the article's pass and after Fisher–Yates"
METHODS = ("naive", "fisher-yates")
PARAMS = {
    "n": IntParam(3, 7, "cards (n^n draw sequences: 823543 for 7)"),
    "method": ChoiceParam(METHODS, "naive: swap with nextInt(n); fisher-yates: nextInt(i + 1)",
                          default="naive"),  # the article's pass
}

CASES: dict[str, dict[str, int | str]] = {
    f"n-{n}-{method}": {"n": n, "method": method}
    for method in METHODS for n in range(3, 8)
}


def steps(n: int, method: str) -> list[tuple[int, range]]:
    """Each swap of the shuffle: (position, the positions its draw can give)."""
    if method == "naive":
        return [(i, range(n)) for i in range(n)]
    return [(i, range(i + 1)) for i in range(n - 1, 0, -1)]


def counts(n: int, method: str) -> Counter[tuple[int, ...]]:
    """For each order (card numbers 1…n, top first), how many draw sequences give it."""
    PARAMS["n"].check(n)
    PARAMS["method"].check(method)
    orders: Counter[tuple[int, ...]] = Counter({tuple(range(1, n + 1)): 1})
    for i, draws in steps(n, method):
        after: Counter[tuple[int, ...]] = Counter()
        for order, ways in orders.items():
            for r in draws:
                deck = list(order)
                deck[i], deck[r] = deck[r], deck[i]
                after[tuple(deck)] += ways
        orders = after
    return orders


def sequences(n: int, method: str) -> int:
    """How many equally likely draw sequences the shuffle has."""
    return prod(len(draws) for _, draws in steps(n, method))


def odds(n: int, method: str) -> dict[tuple[int, ...], Fraction]:
    """Every order of 1…n, in lexicographic order, with its exact probability."""
    ways, total = counts(n, method), sequences(n, method)
    return {order: Fraction(ways[order], total) for order in permutations(range(1, n + 1))}


def _fraction(value: Fraction) -> str:
    return f"{value.numerator}/{value.denominator}"


def _order(order: tuple[int, ...]) -> str:
    return "".join(map(str, order))


def output(n: int, method: str) -> str:
    table = odds(n, method)
    most = max(table, key=lambda order: table[order])  # max and min keep the first of ties
    least = min(table, key=lambda order: table[order])
    lines = [f"{method}, n = {n}: {sequences(n, method)} sequences of draws"]
    lines += [f"{_order(order)} {_fraction(p)}" for order, p in table.items()]
    lines += [f"most likely: {_order(most)} {_fraction(table[most])}",
              f"least likely: {_order(least)} {_fraction(table[least])}",
              f"ratio: {_fraction(table[most] / table[least])}"]
    return "".join(line + "\n" for line in lines)

"""Numbered derangements, the reader's proposal under the card-shuffling article (seeds/002).

A derangement of ``n`` cards leaves no card in its own place.  ``D(n)`` counts them
(``D(20) = 895014631192902121``); numbering them from 0 in lexicographic order, a shuffle
can draw one number and deal that derangement.  The output gives ``D(n)``, the derangement
with the given index (cards numbered 1…n, as the comment numbers its boxes) and, computed
back from those cards, its index.

Both directions count completions: with ``m`` places left to fill, ``f`` of which may not
take their own card (their card is still unplaced), there are ``W(m, f)`` ways, where
``W(m, 0) = m!`` and ``W(m, f) = W(m, f - 1) - W(m - 1, f - 1)`` (the arrangements where
one more place must avoid its card: all of them, less those where it holds it).
``D(n) = W(n, n)``.  The largest number used is ``W(20, 0) = 20!``, below ``2^63``.
"""

from __future__ import annotations

from functools import cache

from portcheck.suite.params import IntParam

NAME = "derangement"
TITLE = "Derangements: D(n), the one with a given number, and back"
MAX_N = 20


@cache
def ways(m: int, f: int) -> int:
    """``W(m, f)``: arrangements of ``m`` cards in ``m`` places where ``f`` given places
    may not hold their own card."""
    if f == 0:
        return 1 if m == 0 else m * ways(m - 1, 0)
    return ways(m, f - 1) - ways(m - 1, f - 1)


def count(n: int) -> int:
    """``D(n)``."""
    return ways(n, n)


PARAMS = {
    "n": IntParam(2, MAX_N, "cards"),
    "index": IntParam(0, count(MAX_N) - 1, "the derangement's number, from 0 (below D(n))"),
}

CASES: dict[str, dict[str, int]] = {
    "n-2-index-0": {"n": 2, "index": 0},
    "n-3-index-1": {"n": 3, "index": 1},
    "n-4-index-0": {"n": 4, "index": 0},
    "n-4-index-8": {"n": 4, "index": 8},
    "n-10-index-12345": {"n": 10, "index": 12345},
    "n-12-index-176214840": {"n": 12, "index": count(12) - 1},
    "n-13-index-0": {"n": 13, "index": 0},
    "n-18-index-1000000000000000": {"n": 18, "index": 10**15},
    "n-20-index-0": {"n": 20, "index": 0},
    "n-20-index-447507315596451060": {"n": 20, "index": count(20) // 2},
    "n-20-index-895014631192902120": {"n": 20, "index": count(20) - 1},
}


def check_inputs(n: int, index: int) -> None:
    if index >= count(n):
        raise ValueError(f"index {index} is not below D({n}) = {count(n)}")


def _free_places(n: int, placed: list[bool], place: int) -> int:
    """How many places after ``place`` still wait for their own card."""
    return sum(1 for card in range(place + 1, n) if not placed[card])


def derangement(n: int, index: int) -> list[int]:
    """The derangement number ``index`` (cards 0…n-1; card ``c`` never at place ``c``)."""
    check_inputs(n, index)
    placed = [False] * n
    cards = []
    for place in range(n):
        free = _free_places(n, placed, place)
        for card in range(n):
            if placed[card] or card == place:
                continue
            completions = ways(n - place - 1, free - (card > place))
            if index < completions:
                break
            index -= completions
        placed[card] = True
        cards.append(card)
    return cards


def index_of(cards: list[int]) -> int:
    """The number of a derangement: how many derangements come before it."""
    n = len(cards)
    placed = [False] * n
    index = 0
    for place, chosen in enumerate(cards):
        free = _free_places(n, placed, place)
        for card in range(chosen):
            if not placed[card] and card != place:
                index += ways(n - place - 1, free - (card > place))
        placed[chosen] = True
    return index


def output(n: int, index: int) -> str:
    cards = derangement(n, index)
    shown = " ".join(str(card + 1) for card in cards)
    return f"D({n}) = {count(n)}\nderangement {index}: {shown}\nits index: {index_of(cards)}\n"

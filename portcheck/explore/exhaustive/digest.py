"""The digest of a range of FreeCell deals, defined once, in plain Python.

The hash of one game is the 64-bit FNV-1a hash of 56 bytes: the game number's 4 bytes,
lowest first, then its 52 card numbers in dealing order (card c is rank c // 4 and suit
c % 4 of the ordered deck A♣ A♦ A♥ A♠ 2♣ … K♠).  The digest of a range is the sum of its
games' hashes modulo 2^64.  A sum, so that the digest of a range is that of its two halves
added (a shard is bisected by digests of sub-ranges), and so that one game dealt wrong
always changes the digest (adding ``a - b ≠ 0`` modulo 2^64 changes any sum); the game number
is hashed so that games dealt in the wrong order (the deal of game g printed for g + 1) do
too.  The range-mode programs (``templates/*/freecell-range.*.j2``) and
``portcheck.explore.exhaustive.freecell_numpy`` compute the same; this module is their definition,
checked against both in the tests, and too slow for anything else.
"""

from __future__ import annotations

from collections.abc import Iterable

FNV_OFFSET = 0xCBF29CE484222325
FNV_PRIME = 0x100000001B3
MASK = 2**64 - 1
RANKS = "A23456789TJQK"
SUITS = "♣♦♥♠"


def card_number(card: str) -> int:
    """``"K♠"`` → 51: the card's place in the ordered deck."""
    return RANKS.index(card[0]) * 4 + SUITS.index(card[1])


def fnv1a(data: Iterable[int], value: int = FNV_OFFSET) -> int:
    for byte in data:
        value = ((value ^ byte) * FNV_PRIME) & MASK
    return value


def game_hash(game: int, cards: list[str]) -> int:
    """The hash of one game dealt as ``cards`` (e.g. ``reference.freecell.deal(game)``)."""
    return fnv1a([*game.to_bytes(4, "little"), *map(card_number, cards)])


def range_digest(hashes: Iterable[int]) -> int:
    return sum(hashes) & MASK

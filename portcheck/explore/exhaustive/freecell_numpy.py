"""FreeCell deals by the million: the reference's deal, vectorised with NumPy over many
games at once, giving the digest of a range (``portcheck.explore.exhaustive.digest``).

The generator is the reference's (``portcheck.prng.MsRand``) in 32-bit arithmetic:
``214013 * s + 2531011`` wraps modulo 2^32, and taking it modulo 2^31 afterwards gives what
the reference computes exactly, since 2^31 divides 2^32.  Each of the 52 steps works on a
whole block of games: the picks (``rand % cards left``), the cards dealt (a gather, hashed
at once) and the last card moved into the pick's place (a scatter).  The deck is kept
card-major (52 rows of ``BLOCK`` games), so that "the last card left" of every game is one
contiguous row.  The operations write in place: fewer temporary arrays, faster.
"""

from __future__ import annotations

from collections.abc import Iterator

import numpy as np

from portcheck.explore.exhaustive.digest import FNV_OFFSET, FNV_PRIME, MASK
from portcheck.prng import MS_INCREMENT, MS_MULTIPLIER

BLOCK = 1 << 14  # games dealt at once: the deck (52 × BLOCK bytes) stays in the CPU cache
_PRIME = np.uint64(FNV_PRIME)


def deal_block(games: np.ndarray) -> np.ndarray:
    """The card numbers of ``games`` in dealing order: an array (52, len(games)) of uint8."""
    dealt = np.empty((52, len(games)), dtype=np.uint8)
    for step, cards in enumerate(_dealing(games)):
        dealt[step] = cards
    return dealt


def block_hashes(games: np.ndarray) -> np.ndarray:
    """The FNV-1a hash of each game (uint64), as ``digest.game_hash``."""
    hashes = np.full(len(games), FNV_OFFSET, dtype=np.uint64)
    wide = games.astype(np.uint64)
    for shift in range(0, 32, 8):
        _mix(hashes, (wide >> np.uint64(shift)) & np.uint64(0xFF))
    for cards in _dealing(games):
        _mix(hashes, cards)
    return hashes


def _mix(hashes: np.ndarray, byte: np.ndarray) -> None:
    """One FNV-1a step on every hash, in place (uint64 arithmetic wraps modulo 2^64)."""
    np.bitwise_xor(hashes, byte, out=hashes)
    np.multiply(hashes, _PRIME, out=hashes)


def _dealing(games: np.ndarray) -> Iterator[np.ndarray]:
    """The cards dealt at each of the 52 steps, a row of ``len(games)`` at a time."""
    count = len(games)
    deck = np.repeat(np.arange(52, dtype=np.uint8), count).reshape(52, count)
    flat = deck.reshape(-1)
    columns = np.arange(count, dtype=np.uint32)
    state = games.astype(np.uint32)
    where = np.empty(count, dtype=np.uint32)
    for step in range(52):
        np.multiply(state, np.uint32(MS_MULTIPLIER), out=state)
        np.add(state, np.uint32(MS_INCREMENT), out=state)
        np.bitwise_and(state, np.uint32(0x7FFFFFFF), out=state)
        np.right_shift(state, np.uint32(16), out=where)
        np.remainder(where, np.uint32(52 - step), out=where)
        np.multiply(where, np.uint32(count), out=where)
        np.add(where, columns, out=where)
        cards = flat[where]
        yield cards
        flat[where] = deck[51 - step]


def range_digest(first: int, last: int) -> int:
    """The digest of games ``first`` to ``last`` (both included)."""
    total = 0
    for start in range(first, last + 1, BLOCK):
        games = np.arange(start, min(start + BLOCK, last + 1), dtype=np.uint32)
        total += int(block_hashes(games).sum(dtype=np.uint64))
    return total & MASK

"""The pseudo-random generators every port that needs randomness shares.

Both are exactly reproducible in any language with 64-bit integers (or exact decimals):
- ``MsRand``: the Microsoft C run-time ``rand()`` linear congruential generator used by
  FreeCell: ``state = (214013 * state + 2531011) mod 2**31``, result ``state >> 16``
  (0 to 32767).
- ``JavaRandom``: ``java.util.Random``'s 48-bit LCG, bit for bit (``setSeed``, ``next(bits)``,
  ``nextInt()``, ``nextInt(bound)``, ``nextLong()``, ``nextBoolean()``, ``nextDouble()``, as
  in the JDK's source).
"""

from __future__ import annotations

MS_MULTIPLIER = 214013
MS_INCREMENT = 2531011
MS_MODULUS = 2**31


class MsRand:
    """Microsoft C ``srand(seed)`` / ``rand()``."""

    __slots__ = ("state",)

    def __init__(self, seed: int) -> None:
        self.state = seed % MS_MODULUS

    def next(self) -> int:
        self.state = (MS_MULTIPLIER * self.state + MS_INCREMENT) % MS_MODULUS
        return self.state >> 16


_JAVA_MULTIPLIER = 0x5DEECE66D
_JAVA_ADDEND = 0xB
_JAVA_MASK = (1 << 48) - 1


class JavaRandom:
    """``java.util.Random``: same seed, same sequence as the JDK."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.set_seed(seed)

    def set_seed(self, seed: int) -> None:
        """``setSeed(seed)``: the seed's low 48 bits, scrambled with the multiplier."""
        self.seed = (seed ^ _JAVA_MULTIPLIER) & _JAVA_MASK

    def next_bits(self, bits: int) -> int:
        self.seed = (self.seed * _JAVA_MULTIPLIER + _JAVA_ADDEND) & _JAVA_MASK
        value = self.seed >> (48 - bits)
        return value - 2**32 if value >= 2**31 else value  # Java's (int) cast

    def next_int(self, bound: int | None = None) -> int:
        """``nextInt()`` (any 32-bit int) or ``nextInt(bound)`` (0 to bound - 1)."""
        if bound is None:
            return self.next_bits(32)
        if bound <= 0:
            raise ValueError("bound must be positive")
        if bound & -bound == bound:  # a power of two
            return (bound * self.next_bits(31)) >> 31
        while True:
            bits = self.next_bits(31)
            value = bits % bound
            if bits - value + (bound - 1) < 2**31:
                return value

    def next_long(self) -> int:
        """``nextLong()``: ``((long) next(32) << 32) + next(32)``, wrapped to 64 bits."""
        value = (self.next_bits(32) << 32) + self.next_bits(32)
        return (value + 2**63) % 2**64 - 2**63

    def next_boolean(self) -> bool:
        return self.next_bits(1) != 0

    def next_double(self) -> float:
        return ((self.next_bits(26) << 27) + self.next_bits(27)) * 2.0**-53


def java_seeds_with_draw(value: int, draw: int, seeds: range) -> list[int]:
    """The seeds in ``seeds`` whose ``draw``-th ``next(31)`` (1 = the first after
    ``setSeed``) is ``value``, found by running the generator backwards: its multiplier is
    odd, so it has an inverse mod 2^48, and each of the 2^17 states whose top 31 bits are
    ``value`` leads back to one scrambled seed."""
    inverse = pow(_JAVA_MULTIPLIER, -1, _JAVA_MASK + 1)
    found = []
    for low in range(1 << 17):
        state = (value << 17) | low
        for _ in range(draw):
            state = ((state - _JAVA_ADDEND) * inverse) & _JAVA_MASK
        for seed in (state ^ _JAVA_MULTIPLIER, (state ^ _JAVA_MULTIPLIER) - (1 << 48)):
            if seed in seeds:
                found.append(seed)
    return sorted(found)

"""KuMir's random numbers here: ``java.util.Random``'s 48-bit linear congruential generator,
bit for bit, with the two draws ``rnd``/``irnd`` and ``rand``/``irand`` need
(``nextInt(bound)``, ``nextDouble()``), as in the JDK's source.

Decision (interpreters/docs/kumir.md, "Random numbers"): the interpreters own the generator
their language uses and depend on nothing outside portinterp; portcheck keeps the suite's
generators (``portcheck.prng``: Microsoft's ``rand()`` and the whole ``java.util.Random``
API the reference uses).  The dozen lines of the JDK's step are therefore written in both
packages, and a test of portcheck (``tests/test_embedded_interpreters.py``) draws from both on
many seeds and bounds and requires the same numbers; a KuMir test compares ``irnd`` with a
real JDK's output.
"""

from __future__ import annotations

_MULTIPLIER = 0x5DEECE66D
_ADDEND = 0xB
_MASK = (1 << 48) - 1


class JavaRandom:
    """``java.util.Random``: same seed, same ``nextInt(bound)`` and ``nextDouble()``."""

    __slots__ = ("seed",)

    def __init__(self, seed: int) -> None:
        self.seed = (seed ^ _MULTIPLIER) & _MASK  # ``setSeed``: scrambled with the multiplier

    def next_bits(self, bits: int) -> int:
        """``next(bits)``: the top ``bits`` of the next state, as Java's (int) cast gives it."""
        self.seed = (self.seed * _MULTIPLIER + _ADDEND) & _MASK
        value = self.seed >> (48 - bits)
        return value - 2**32 if value >= 2**31 else value

    def next_int(self, bound: int) -> int:
        """``nextInt(bound)``: 0 to ``bound`` - 1, unbiased (``bound`` > 0)."""
        if bound <= 0:
            raise ValueError("bound must be positive")
        if bound & -bound == bound:  # a power of two
            return (bound * self.next_bits(31)) >> 31
        while True:
            bits = self.next_bits(31)
            value = bits % bound
            if bits - value + (bound - 1) < 2**31:
                return value

    def next_double(self) -> float:
        """``nextDouble()``: 53 random bits in [0, 1)."""
        return ((self.next_bits(26) << 27) + self.next_bits(27)) * 2.0**-53

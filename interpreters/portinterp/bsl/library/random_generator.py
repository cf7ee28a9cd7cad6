"""``ГенераторСлучайныхЧисел``: OneScript's generator is .NET's ``System.Random`` (Knuth's
subtractive generator as .NET's reference source writes it), so a seeded generator here gives
the numbers OneScript gives for the same seed.  ``СлучайноеЧисло(Мин, Макс)`` maps the
range as OneScript's RandomNumberGenerator.cs does; without a seed the generator is seeded
from the system's entropy."""

from __future__ import annotations

import os
from decimal import Decimal
from typing import Any

from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.objects import BAD_ARGUMENT, BslObject, register_type, spellings
from portinterp.errors import ProgramFault

INT_MIN, INT_MAX = -(2**31), 2**31 - 1
UINT_MAX = 2**32 - 1
MSEED = 161803398


class DotNetRandom:
    """``System.Random(seed)`` of .NET's reference source, bit for bit."""

    def __init__(self, seed: int) -> None:
        seeds = [0] * 56
        subtraction = INT_MAX if seed == INT_MIN else abs(seed)
        mj = MSEED - subtraction
        seeds[55] = mj
        mk = 1
        for i in range(1, 55):
            ii = (21 * i) % 55
            seeds[ii] = mk
            mk = mj - mk
            if mk < 0:
                mk += INT_MAX
            mj = seeds[ii]
        for _ in range(1, 5):
            for i in range(1, 56):
                seeds[i] = _int32(seeds[i] - seeds[1 + (i + 30) % 55])
                if seeds[i] < 0:
                    seeds[i] += INT_MAX
        self.seeds = seeds
        self.inext, self.inextp = 0, 21

    def internal_sample(self) -> int:
        inext = 1 if self.inext + 1 >= 56 else self.inext + 1
        inextp = 1 if self.inextp + 1 >= 56 else self.inextp + 1
        value = self.seeds[inext] - self.seeds[inextp]
        if value == INT_MAX:
            value -= 1
        if value < 0:
            value += INT_MAX
        self.seeds[inext] = value
        self.inext, self.inextp = inext, inextp
        return value

    def sample(self) -> float:
        return self.internal_sample() * (1.0 / INT_MAX)

    def large_range_sample(self) -> float:
        result = self.internal_sample()
        if self.internal_sample() % 2 == 0:
            result = -result
        return (result + (INT_MAX - 1)) / (2 * INT_MAX - 1)

    def next_in(self, low: int, high: int) -> int:
        span = high - low
        if span <= INT_MAX:
            return int(self.sample() * span) + low
        return int(self.large_range_sample() * span) + low

    def random32(self) -> int:
        data = bytes(self.internal_sample() % 256 for _ in range(4))
        return int.from_bytes(data, "little")


def _int32(value: int) -> int:
    return (value + 2**31) % 2**32 - 2**31


def _uint(value: Any, default: int) -> int:
    if value is None:
        return default
    number = int(to_number(value))  # .NET's (uint) conversion truncates
    if not 0 <= number <= UINT_MAX:
        raise ProgramFault("Неверное значение аргумента")
    return number


class RandomNumberGenerator(BslObject):
    __slots__ = ("random",)
    type_name = "ГенераторСлучайныхЧисел"
    spellings = spellings("СлучайноеЧисло RandomNumber randomnumber")

    def __init__(self, seed: int | None) -> None:
        if seed is None:
            seed = int.from_bytes(os.urandom(4), "little") & INT_MAX
        self.random = DotNetRandom(seed)

    def bsl_randomnumber(self, low: Any = None, high: Any = None) -> int:
        lo, hi = _uint(low, 0), _uint(high, UINT_MAX)
        if hi < lo:
            raise ProgramFault("Неверное значение аргумента")
        span = hi - lo
        if span == UINT_MAX:
            return self.random.random32()
        value = self.random.next_in(INT_MIN, INT_MIN + span + 1)
        return value - (INT_MIN - lo)


def _seed(value: Any) -> int | None:
    """OneScript's seed: 0 means none; out of the int range, the low 32 bits of the
    decimal's mantissa."""
    try:
        number = Decimal(to_number(value))
    except ProgramFault:
        raise ProgramFault(BAD_ARGUMENT) from None
    if number == 0:
        return None
    if INT_MIN <= number <= INT_MAX:
        return int(number)
    _sign, digits, exponent = number.as_tuple()
    mantissa = int("".join(map(str, digits))) * (10 ** exponent if exponent > 0 else 1)
    return _int32(mantissa & 0xFFFFFFFF)


def _new_generator(runtime: Any, seed: Any = None) -> RandomNumberGenerator:
    return RandomNumberGenerator(None if seed is None else _seed(seed))


register_type("ГенераторСлучайныхЧисел", "RandomNumberGenerator", _new_generator)

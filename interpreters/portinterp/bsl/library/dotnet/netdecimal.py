""".NET ``System.Decimal`` arithmetic, as OneScript computes every number (its dialect).

A .NET decimal is a 96-bit whole mantissa and a scale of 0…28 (the digits after the point,
trailing zeros included: ``1.50 * 2`` is ``3.00``).  Here a value is the interpreter's usual
number — a Python ``int`` for scale 0, else a ``Decimal`` whose exponent is minus the scale —
and each operation computes the exact result, then fits it as .NET does: rounded half to
even to the largest scale that keeps the mantissa within 96 bits (``1/3`` has 28 threes,
``10/3`` 29 digits), ``System.OverflowException`` beyond.  Conversions to and from
``double`` (``Sqrt``, ``Pow`` with a fractional power, ``Sin``) follow the runtime's C code
(15 significant digits), so they print OneScript's digits.  Hand-written: no library models
``System.Decimal``; each rule is checked against Mono 6.8 (interpreters/docs/bsl.md).
"""

from __future__ import annotations

import decimal
import math
from decimal import ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

from portinterp.bsl.runtime.numbers import DIVISION_BY_ZERO, Number
from portinterp.errors import ProgramFault

MAX_SCALE = 28
LIMIT = 1 << 96  # mantissas are below this
SHORT = 1 << 32
TWO_TO_64 = float(1 << 64)
EXACT = decimal.Context(prec=200, rounding=ROUND_HALF_EVEN, traps=[decimal.InvalidOperation])
OVERFLOW = ("Внешнее исключение (System.OverflowException): "
            "Value was either too large or too small for a Decimal.")
INT32_OVERFLOW = ("Внешнее исключение (System.OverflowException): "
                  "Value was either too large or too small for an Int32.")
ROUND_DIGITS = ("Внешнее исключение (System.ArgumentOutOfRangeException): "
                "Decimal can only round to between 0 and 28 digits of precision.\n"
                "Parameter name: decimals")
# The C runtime's table of powers of ten as doubles (literals: correctly rounded).
POWERS10 = [float(f"1e{k}") for k in range(81)]


def scale_of(value: Number) -> int:
    return 0 if type(value) is int else -value.as_tuple().exponent  # type: ignore[union-attr,operator]


def mantissa_of(value: Number) -> int:
    """The whole number the digits make, without the point (sign kept)."""
    if type(value) is int:
        return value  # type: ignore[return-value]
    return int(value.scaleb(scale_of(value), EXACT))  # type: ignore[union-attr]


def make(mantissa: int, scale: int) -> Number:
    """``mantissa * 10**-scale`` in the canonical form (a zero has no sign, as in .NET)."""
    if scale <= 0:
        return mantissa * 10 ** -scale
    return Decimal((1 if mantissa < 0 else 0, tuple(map(int, str(abs(mantissa)))), -scale))


def clean(value: Decimal) -> Number:
    """A Python decimal in the canonical form: whole as ``int``, a zero without sign."""
    if value.as_tuple().exponent >= 0:  # type: ignore[operator]
        return int(value)
    return value.copy_abs() if not value else value


def fit(exact: Decimal) -> Number:
    """An exact result as .NET stores it: the scale cut (half to even) to 28 and then until
    the mantissa fits in 96 bits; a whole number that does not fit overflows."""
    sign, digits, exponent = exact.as_tuple()
    if exponent >= 0:  # type: ignore[operator]
        return _whole(int(exact))
    if exponent >= -MAX_SCALE and (len(digits) <= MAX_SCALE  # 10**28 < 2**96: fits
                                   or int("".join(map(str, digits))) < LIMIT):
        return exact.copy_abs() if sign and not exact else exact
    scale = min(-exponent, MAX_SCALE)  # type: ignore[operator]
    while True:
        mantissa = int(exact.scaleb(scale, EXACT).to_integral_value(ROUND_HALF_EVEN))
        if abs(mantissa) < LIMIT:
            return make(mantissa, scale)
        if scale == 0:
            raise ProgramFault(OVERFLOW)
        scale -= 1


def _whole(value: int) -> int:
    if -LIMIT < value < LIMIT:
        return value
    raise ProgramFault(OVERFLOW)


def add(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        return _whole(a + b)
    return fit(EXACT.add(a, b))


def subtract(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        return _whole(a - b)
    return fit(EXACT.subtract(a, b))


def multiply(a: Number, b: Number) -> Number:
    """The exact product fitted; a product of zero keeps the scale only where both
    mantissas fit in 32 bits (the runtime's short path), else it is the whole 0."""
    if type(a) is int and type(b) is int:
        return _whole(a * b)
    exact = EXACT.multiply(a, b)
    product = fit(exact)
    if product:
        return product
    short = abs(mantissa_of(a)) < SHORT and abs(mantissa_of(b)) < SHORT
    if (short and scale_of(a) + scale_of(b) - MAX_SCALE > 19) or (not short and not exact):
        return 0
    return product


def negate(a: Number) -> Number:
    """OneScript negates as ``a * -1``: a zero keeps its scale and shows no sign."""
    return -a if type(a) is int else fit(EXACT.minus(a))


def divide(a: Number, b: Number) -> Number:
    """Exact at the natural scale (the dividend's minus the divisor's: ``1.00/1`` is
    ``1.00``) or at the smallest scale beyond it; otherwise rounded half to even at the
    largest scale that fits, then its trailing zeros dropped (``1/3`` has 28 threes)."""
    if not b:
        raise ProgramFault(DIVISION_BY_ZERO)
    if type(a) is int and type(b) is int and a % b == 0:
        return _whole(a // b)
    exact = EXACT.divide(Decimal(a), Decimal(b))  # exact: Python's ideal exponent is .NET's
    result = fit(exact)
    return result if result is exact or not a else _strip(result)


def _strip(value: Number) -> Number:
    """The trailing zeros of the fraction dropped (a zero becomes the whole 0)."""
    if type(value) is int:
        return value
    mantissa, scale = mantissa_of(value), scale_of(value)
    while scale > 0 and mantissa % 10 == 0:
        mantissa //= 10
        scale -= 1
    return make(mantissa, scale)


def remainder(a: Number, b: Number) -> Number:
    """``a % b`` exactly, with the sign of ``a`` and the larger of the two scales; ``a``
    itself when it is smaller than ``b`` in magnitude."""
    if not b:
        raise ProgramFault(DIVISION_BY_ZERO)
    if type(a) is int and type(b) is int:
        magnitude = abs(a) % abs(b)
        return -magnitude if a < 0 else magnitude
    if abs(a) < abs(b):
        return a
    return fit(EXACT.remainder(Decimal(a), Decimal(b)))


def truncate(a: Number) -> int:
    return a if type(a) is int else int(a)  # type: ignore[return-value]


# ---- rounding ----------------------------------------------------------------------------


def round_away(value: Number, digits: int) -> Number:
    """``Math.Round(d, digits, MidpointRounding.AwayFromZero)``: never adds digits."""
    if not 0 <= digits <= MAX_SCALE:
        raise ProgramFault(ROUND_DIGITS)
    if scale_of(value) <= digits:
        return value
    step = Decimal(1).scaleb(-digits)
    return clean(Decimal(value).quantize(step, ROUND_HALF_UP, EXACT))


def to_int32(value: Number) -> int:
    """``(int)decimal``: toward zero; ``System.OverflowException`` outside Int32."""
    whole = truncate(value)
    if -(1 << 31) <= whole < (1 << 31):
        return whole
    raise ProgramFault(INT32_OVERFLOW)


def int_power_of_ten(digits: int) -> int:
    """``(int)Math.Pow(10, digits)``: beyond Int32 the x86 conversion gives Int32.MinValue."""
    return 10 ** digits if 0 <= digits <= 9 else -(1 << 31)


def onescript_round(value: Number, digits: int, half_down: bool) -> Number:
    """OneScript's ``Окр`` (MachineInstance.Round): half away from zero, or with
    ``Окр15как10`` the tie moved back toward zero; negative digits round tens, hundreds…"""
    if digits >= 0:
        result = round_away(value, digits)
        if half_down:
            scale = int_power_of_ten(digits)
            diff = multiply(subtract(result, value), scale)
            if diff in (Decimal("0.5"), Decimal("-0.5")):
                step = divide(1, scale)
                result = subtract(result, step) if diff > 0 else add(result, step)
        return result
    scale = int_power_of_ten(-digits)
    value = divide(value, scale)
    result = round_away(value, 0)
    if half_down:
        diff = subtract(result, value)
        if diff in (Decimal("0.5"), Decimal("-0.5")):
            result = subtract(result, 1) if diff > 0 else add(result, 1)
    return multiply(result, scale)


# ---- double conversions ------------------------------------------------------------------


def to_double(value: Number) -> float:
    """``(double)decimal`` as the runtime's C code computes it: the mantissa's two halves
    and the power of ten as doubles (not always the nearest double)."""
    mantissa = mantissa_of(value)
    low, high = abs(mantissa) & ((1 << 64) - 1), abs(mantissa) >> 64
    result = (float(low) + float(high) * TWO_TO_64) / POWERS10[scale_of(value)]
    return -result if mantissa < 0 else result


def from_double(value: float) -> Number:
    """``(decimal)double``: 15 significant digits, trailing zeros dropped; an infinity, a
    NaN or a value beyond 2**96 is ``System.OverflowException``."""
    if math.isnan(value) or math.isinf(value):
        raise ProgramFault(OVERFLOW)
    exponent = math.frexp(value)[1]  # the C code's biased exponent - 1022
    if value == 0 or exponent < -94:
        return 0
    if exponent > 96:
        raise ProgramFault(OVERFLOW)
    return _scaled_double(abs(value), exponent, value < 0)


def _scaled_double(dbl: float, exponent: int, negative: bool) -> Number:
    power = 14 - ((exponent * 19728) >> 16)
    if power >= 0:
        power = min(power, MAX_SCALE)
        dbl = dbl * POWERS10[power]
    elif power != -1 or dbl >= 1e15:
        dbl = dbl / POWERS10[-power]
    else:
        power = 0
    if dbl < 1e14 and power < MAX_SCALE:
        dbl *= 10
        power += 1
    mantissa = int(dbl)
    rest = dbl - float(mantissa)
    if rest > 0.5 or (rest == 0.5 and mantissa & 1):
        mantissa += 1
    if mantissa == 0:
        return 0
    while power > 0 and mantissa % 10 == 0:
        mantissa //= 10
        power -= 1
    return make(-mantissa if negative else mantissa, power)

"""1C numbers: exact decimals with 38 significant digits.

A whole number is a Python ``int`` (exact and fast); any other number is a
``decimal.Decimal`` whose exponent is negative.  Every operation here accepts both and
returns that canonical form, so the runtime's inline fast paths can test ``type(x) is int``.
"""

from __future__ import annotations

import decimal
from decimal import ROUND_HALF_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Decimal

from portinterp.errors import ProgramFault

PRECISION = 38
CONTEXT = decimal.Context(
    prec=PRECISION,
    rounding=ROUND_HALF_EVEN,
    traps=[decimal.InvalidOperation, decimal.DivisionByZero, decimal.Overflow],
)
DIVISION_BY_ZERO = "Деление на ноль"
# Python writes and reads whole numbers of at most this many digits (its guard against
# quadratic conversions, sys.get_int_max_str_digits); the platform's numbers have 38
# significant digits, so only a program gone wrong meets it.
MAX_DIGITS = 4300
TOO_LONG = (f"Число длиннее {MAX_DIGITS} цифр не может быть преобразовано в строку "
            "(предел встроенного интерпретатора)")
NOT_A_NUMBER = "Преобразование значения к типу Число не может быть выполнено"

Number = int | Decimal


def canonical(value: Decimal) -> Number:
    """``int`` when the decimal has no fractional digits (exponent >= 0), else itself."""
    if value.as_tuple().exponent >= 0:  # type: ignore[operator]
        return int(value)
    return value


def parse_number(text: str) -> Number | None:
    """A number written as 1C's ``Число()`` reads it (sign, digits, '.' or ',')."""
    cleaned = text.strip().replace(",", ".")
    if not cleaned or not all(ch in "+-.0123456789" for ch in cleaned):
        return None
    try:
        return canonical(CONTEXT.create_decimal(cleaned))
    except decimal.InvalidOperation:
        return None


def add(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        return a + b
    return canonical(CONTEXT.add(a, b))


def subtract(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        return a - b
    return canonical(CONTEXT.subtract(a, b))


def multiply(a: Number, b: Number) -> Number:
    if type(a) is int and type(b) is int:
        return a * b
    return canonical(CONTEXT.multiply(a, b))


def divide(a: Number, b: Number) -> Number:
    """Exact where the quotient is finite, else rounded to 38 significant digits."""
    if not b:
        raise ProgramFault(DIVISION_BY_ZERO)
    if type(a) is int and type(b) is int and a % b == 0:
        return a // b
    return canonical(CONTEXT.divide(Decimal(a), Decimal(b)))


def remainder(a: Number, b: Number) -> Number:
    """``a % b`` as 1C computes it: ``a - b * Цел(a / b)``, so it keeps a's sign."""
    if not b:
        raise ProgramFault(DIVISION_BY_ZERO)
    if type(a) is int and type(b) is int:
        magnitude = abs(a) % abs(b)
        return -magnitude if a < 0 else magnitude
    return canonical(CONTEXT.remainder(Decimal(a), Decimal(b)))


def truncate(a: Number) -> int:
    """``Цел``: the whole part, toward zero."""
    return a if type(a) is int else int(a)


def quotient(a: Number, b: Number) -> int:
    """``Цел(a / b)`` computed without the intermediate decimal."""
    if not b:
        raise ProgramFault(DIVISION_BY_ZERO)
    if type(a) is int and type(b) is int:
        whole = abs(a) // abs(b)
        return -whole if (a < 0) != (b < 0) else whole
    return truncate(divide(a, b))


ROUNDING_MODES = {"half_up": ROUND_HALF_UP, "half_down": ROUND_HALF_DOWN}


def round_number(a: Number, digits: int = 0, mode: str = "half_up") -> Number:
    """``Окр``: round to ``digits`` after the point (negative: before it); by default half
    away from zero (1C's Окр15как20), or half toward zero (Окр15как10)."""
    exponent = Decimal((0, (1,), -digits))
    try:
        rounded = Decimal(a).quantize(exponent, rounding=ROUNDING_MODES[mode], context=CONTEXT)
    except decimal.InvalidOperation:  # the result needs more than 38 digits
        return _round_wide(Decimal(a), digits, ROUNDING_MODES[mode])
    return canonical(rounded)


def _round_wide(exact: Decimal, digits: int, rounding: str) -> Number:
    """``Окр`` where 38 digits do not hold the result (``Окр(1.5, 1000000000)``): a number
    with no more digits after the point is itself, one below half of ``10**-digits`` is 0,
    the rest (a whole number longer than 38 digits) is rounded exactly."""
    if digits >= -exact.as_tuple().exponent:  # type: ignore[operator]
        return canonical(exact)
    if -digits > exact.adjusted() + 1:
        return 0
    context = CONTEXT.copy()
    context.prec = exact.adjusted() + 2 + max(digits, 0)
    return canonical(exact.quantize(Decimal((0, (1,), -digits)), rounding, context))


def negate(a: Number) -> Number:
    return -a if type(a) is int else canonical(CONTEXT.minus(a))

"""KuMir numbers: ``цел`` is a 32-bit whole number (leaving the range is a run-time
error), ``вещ`` a Python float."""

from __future__ import annotations

from portinterp.errors import ProgramFault

INT_MIN = -(2**31)
INT_MAX = 2**31 - 1
OVERFLOW = "Целочисленное переполнение"
DIVISION_BY_ZERO = "Деление на ноль"


def whole(text: str) -> int:
    """The value of an integer's digits; one with more digits than a ``цел`` can hold is
    read as one past its limit (Python converts at most 4300 digits: overflow either way)."""
    if len(text.lstrip("+-").lstrip("0")) <= 10:
        return int(text)
    return INT_MIN - 1 if text.startswith("-") else INT_MAX + 1


def int32(value: int) -> int:
    """``value`` as a ``цел``: itself, or the overflow error outside 32 bits."""
    if not INT_MIN <= value <= INT_MAX:
        raise ProgramFault(OVERFLOW)
    return value

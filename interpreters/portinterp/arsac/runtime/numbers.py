"""The language's numbers: whole numbers of any size (the book says no more; Python's int)
and, from ``/``, real numbers (Python's float).  ``ДЕЛ`` and ``ОСТ`` are Pascal's ``div``
and ``mod`` (the book calls its language close to Pascal): the quotient rounded toward
zero, and the remainder with the dividend's sign."""

from __future__ import annotations

from portinterp.errors import ProgramFault

DIVISION_BY_ZERO = "Деление на ноль"
NOT_WHOLE = "ДЕЛ и ОСТ делят только целые числа"


def whole_pair(a: object, b: object) -> tuple[int, int]:
    if type(a) is not int or type(b) is not int:
        raise ProgramFault(NOT_WHOLE)
    if b == 0:
        raise ProgramFault(DIVISION_BY_ZERO)
    return a, b


def quotient(a: object, b: object) -> int:
    """``a ДЕЛ b``: rounded toward zero (``-7 ДЕЛ 2 = -3``)."""
    x, y = whole_pair(a, b)
    q = abs(x) // abs(y)
    return q if (x < 0) == (y < 0) else -q


def remainder(a: object, b: object) -> int:
    """``a ОСТ b = a - (a ДЕЛ b) * b`` (``-7 ОСТ 2 = -1``)."""
    x, y = whole_pair(a, b)
    return x - quotient(x, y) * y

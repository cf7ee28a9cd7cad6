"""Equality and ordering of 1C values."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from portinterp.bsl.runtime.collation import string_less
from portinterp.errors import ProgramFault

_ORDERED_KINDS = {int: "number", Decimal: "number", str: "string", datetime: "date",
                  bool: "boolean"}
NOT_ORDERED = ("Операция сравнения на больше-меньше допустима только для значений "
               "совпадающих примитивных типов (Булево, Число, Строка, Дата)")


def equal(a: object, b: object) -> bool:
    """``a = b``: numbers by value, strings case-sensitively, other values of different
    types are simply unequal (never an error); collections by identity."""
    kind_a, kind_b = type(a), type(b)
    if kind_a is kind_b:
        return a == b
    if kind_a in (int, Decimal) and kind_b in (int, Decimal):
        return a == b
    return False


def less(a: object, b: object) -> bool:
    """``a < b`` for two values of the same primitive type, else a 1C error; strings in the
    Russian culture's order (``collation.py``)."""
    kind_a = _ORDERED_KINDS.get(type(a))
    if kind_a is None or kind_a != _ORDERED_KINDS.get(type(b)):
        raise ProgramFault(NOT_ORDERED)
    if kind_a == "string":
        return string_less(a, b)  # type: ignore[arg-type]
    return a < b  # type: ignore[operator]

"""1C's implicit conversions: a number from a number or a string holding one
(``1 + "2"``), a condition from a Булево or a number."""

from __future__ import annotations

from decimal import Decimal

from portcheck.interp.bsl import numbers
from portcheck.interp.errors import ProgramFault

NOT_A_BOOLEAN = "Преобразование значения к типу Булево не может быть выполнено"


def to_number(value: object) -> numbers.Number:
    """A number, or a string holding one (``1 + "2"``); anything else is an error."""
    kind = type(value)
    if kind is int or kind is Decimal:
        return value  # type: ignore[return-value]
    if kind is str:
        parsed = numbers.parse_number(value)  # type: ignore[arg-type]
        if parsed is not None:
            return parsed
    raise ProgramFault(numbers.NOT_A_NUMBER)


def to_bool(value: object) -> bool:
    """A condition: a Булево, or a number (non-zero is Истина)."""
    kind = type(value)
    if kind is bool:
        return value  # type: ignore[return-value]
    if kind is int or kind is Decimal:
        return value != 0
    raise ProgramFault(NOT_A_BOOLEAN)

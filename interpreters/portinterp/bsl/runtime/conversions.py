"""1C's implicit conversions: a number from a number or a string holding one
(``1 + "2"``), a condition from a Булево or a number."""

from __future__ import annotations

import re
from decimal import Decimal

from portinterp.bsl.runtime import numbers
from portinterp.errors import ProgramFault

NOT_A_BOOLEAN = "Преобразование значения к типу Булево не может быть выполнено"
# OneScript's ``Число("…")`` (ValueFactory.Parse: .NET ``Decimal.Parse``, invariant culture):
# blanks around, a sign, digits with one '.': ``"1,5"`` is not a number there.
NET_DECIMAL = re.compile(r"[\t\n\v\f\r ]*[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)[\t\n\v\f\r ]*")
_ONESCRIPT_BOOLEANS = {"истина": True, "true": True, "да": True,
                       "ложь": False, "false": False, "нет": False}


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


def onescript_number(value: object) -> numbers.Number:
    """``Число(x)`` in OneScript: Булево 1/0, a number, or a string as .NET reads one."""
    if type(value) is str:
        if not NET_DECIMAL.fullmatch(value):
            raise ProgramFault(numbers.NOT_A_NUMBER)
        return numbers.canonical(numbers.CONTEXT.create_decimal(value.strip("\t\n\v\f\r ")))
    return int(value) if type(value) is bool else to_number(value)


def onescript_boolean(value: object) -> bool:
    """``Булево(x)`` in OneScript: ``Истина/Ложь/True/False/Да/Нет`` exactly (any case)."""
    if type(value) is str:
        if value.lower() not in _ONESCRIPT_BOOLEANS:
            raise ProgramFault(NOT_A_BOOLEAN)
        return _ONESCRIPT_BOOLEANS[value.lower()]
    return to_bool(value)

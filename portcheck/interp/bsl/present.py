"""Conversions of 1C values: to string (per dialect), to number, to boolean."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from portcheck.interp.bsl import numbers
from portcheck.interp.bsl.values import BslType, NullType, type_name
from portcheck.interp.errors import ProgramFault

DIALECTS = ("platform", "onescript")
NOT_A_BOOLEAN = "Преобразование значения к типу Булево не может быть выполнено"


def date_text(value: datetime) -> str:
    """``01.01.2024 0:00:00``: how both 1C and OneScript write a date."""
    return f"{value:%d.%m.%Y} {value.hour}:{value:%M:%S}"


def to_string(value: object, dialect: str = "platform") -> str:
    """``Строка(value)``: the presentation of any value."""
    kind = type(value)
    if kind is str:
        return value  # type: ignore[return-value]
    if kind is int or kind is Decimal:
        if dialect == "onescript":
            return numbers.onescript_presentation(value)  # type: ignore[arg-type]
        return numbers.platform_presentation(value)  # type: ignore[arg-type]
    if kind is bool:
        return "Да" if value else "Нет"
    if value is None or kind is NullType:
        return ""
    if kind is datetime:
        return date_text(value)  # type: ignore[arg-type]
    if kind is BslType:
        return value.name  # type: ignore[attr-defined]
    return type_name(value)


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

"""How ``ВЫВЕСТИ`` prints values: whole numbers in digits, real numbers with up to 15
significant digits and a point, text as it is, a truth value as ИСТИНА/ЛОЖЬ, and a table
as its elements separated by single spaces (the book's ``ВЫВЕСТИ c`` prints the
vector ``1 5 8 6 3 7 2 4``)."""

from __future__ import annotations

from typing import Any

from portinterp.arsac.runtime.values import UNASSIGNED_ITEM, Table
from portinterp.errors import ProgramFault


def format_value(value: Any) -> str:
    if type(value) is int or type(value) is str:
        return str(value)
    if type(value) is bool:
        return "ИСТИНА" if value else "ЛОЖЬ"
    if type(value) is float:
        text = f"{value:.15g}"
        return text if any(c in text for c in ".en") else text + ".0"
    if isinstance(value, Table):
        if any(item is None for item in value.data):
            raise ProgramFault(UNASSIGNED_ITEM)
        return " ".join(format_value(item) for item in value.data)
    raise ProgramFault(f"Значение нельзя вывести: {value!r}")

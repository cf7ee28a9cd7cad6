"""The order the collections sort by (``СортироватьПоЗначению``, ``ТаблицаЗначений.Сортировать``):
values of one primitive type by value (strings in the Russian culture's order, which puts
"аааааб" before "Бааааа": ``collation.py``), values of different types by type."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import Any

from portinterp.bsl.runtime.collation import collation_key
from portinterp.bsl.runtime.formatting import to_string

_RANK = {type(None): 0, bool: 2, int: 3, Decimal: 3, datetime: 4, str: 5}


def sort_key(value: Any) -> tuple[Any, ...]:
    rank = _RANK.get(type(value), 9)
    if rank == 5:
        return (rank, collation_key(value))
    if rank in (2, 3, 4):
        return (rank, value)
    if rank == 0:
        return (rank,)
    return (rank, to_string(value))

"""KuMir values that are not Python's own: tables (``целтаб t[1:n]``): fixed bounds, 1 to 3
dimensions, checked indexes."""

from __future__ import annotations

from typing import Any

from portinterp.core.limits import MAX_ITEMS
from portinterp.errors import ProgramFault

OUT_OF_BOUNDS = "Выход за границу таблицы"
OUT_OF_MEMORY = "Недостаточно памяти"


class Table:
    """A table with inclusive bounds; ``data`` is flat, row-major.  Elements start
    undefined (``None``).  ``lo``/``hi`` are the first dimension's bounds (the fast path
    of one-dimensional tables reads them directly)."""

    __slots__ = ("bounds", "data", "hi", "lo")

    def __init__(self, bounds: list[tuple[int, int]]) -> None:
        self.bounds = bounds
        self.lo, self.hi = bounds[0]
        size = 1
        for low, high in bounds:
            size *= max(high - low + 1, 0)
        if size > MAX_ITEMS:
            raise ProgramFault(OUT_OF_MEMORY)
        self.data: list[Any] = [None] * size

    def copy(self) -> Table:
        twin = Table.__new__(Table)
        twin.bounds, twin.lo, twin.hi, twin.data = self.bounds, self.lo, self.hi, self.data[:]
        return twin

    def offset(self, index: tuple[int, ...]) -> int:
        if len(index) != len(self.bounds):
            raise ProgramFault(OUT_OF_BOUNDS)
        flat = 0
        for value, (low, high) in zip(index, self.bounds, strict=True):
            if not low <= value <= high:
                raise ProgramFault(OUT_OF_BOUNDS)
            flat = flat * (high - low + 1) + (value - low)
        return flat

    def get(self, index: tuple[int, ...]) -> Any:
        return self.data[self.offset(index)]

    def set(self, index: tuple[int, ...], value: Any) -> None:
        self.data[self.offset(index)] = value

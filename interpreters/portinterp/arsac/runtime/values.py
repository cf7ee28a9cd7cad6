"""Values that are not Python's own: tables (``ТАБЛИЦА c[8]``), indexed from 1 to their
size in each dimension, every element undefined (``None``) until assigned."""

from __future__ import annotations

from typing import Any

from portinterp.core.limits import MAX_ITEMS
from portinterp.errors import ProgramFault

OUT_OF_MEMORY = "Недостаточно памяти"
OUT_OF_BOUNDS = "Индекс за границами таблицы"
UNASSIGNED_ITEM = "Элементу таблицы не присвоено значение"
BAD_SIZE = "Размер таблицы должен быть целым числом не меньше 0"


class Table:
    """``data`` is flat, row-major; ``n`` and ``m`` are the first and second dimensions'
    sizes (the fast paths of one- and two-dimensional tables read them directly)."""

    __slots__ = ("data", "dims", "m", "n")

    def __init__(self, dims: tuple[Any, ...]) -> None:
        size = 1
        for dim in dims:
            if type(dim) is not int or dim < 0:
                raise ProgramFault(BAD_SIZE)
            size *= dim
            if size > MAX_ITEMS:  # a program's table, not a machine swapping for minutes
                raise ProgramFault(OUT_OF_MEMORY)
        self.dims = dims
        self.n = dims[0]
        self.m = dims[1] if len(dims) > 1 else 0
        self.data: list[Any] = [None] * size

    def offset(self, index: tuple[Any, ...]) -> int:
        if len(index) != len(self.dims):
            raise ProgramFault(f"У таблицы {len(self.dims)} индекса, а дано {len(index)}")
        flat = 0
        for value, size in zip(index, self.dims, strict=True):
            if type(value) is not int or not 1 <= value <= size:
                raise ProgramFault(OUT_OF_BOUNDS)
            flat = flat * size + value - 1
        return flat

    def get(self, index: tuple[Any, ...]) -> Any:
        value = self.data[self.offset(index)]
        if value is None:
            raise ProgramFault(UNASSIGNED_ITEM)
        return value

    def set(self, index: tuple[Any, ...], value: Any) -> None:
        self.data[self.offset(index)] = value

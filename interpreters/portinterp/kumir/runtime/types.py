"""The types of the school language: five scalar types and tables of them, and the file
module's ``файл`` (a key of an open file; no table of them)."""

from __future__ import annotations

from dataclasses import dataclass

INT = "цел"
REAL = "вещ"
BOOL = "лог"
CHAR = "сим"
STR = "лит"
FILE = "файл"

SCALARS = (INT, REAL, BOOL, CHAR, STR)
NUMERIC = (INT, REAL)



def element_of(type_word: str) -> tuple[str, bool]:
    """A type word (``цел``, ``цел таб``, ``целтаб``): its element type, and whether it
    names a table."""
    text = "".join(type_word.split())
    if text == FILE:
        return FILE, False
    return text[:3], text.endswith("таб")


@dataclass(frozen=True)
class TableType:
    """``целтаб t[1:n]`` is ``TableType(INT, 1)``."""

    element: str
    dims: int

    def __str__(self) -> str:
        return self.element + "таб"


Type = str | TableType


def is_table(kind: Type | None) -> bool:
    return isinstance(kind, TableType)


def assignable(target: Type, value: Type) -> bool:
    """May a value of type ``value`` be stored in a place of type ``target``?"""
    if target == value:
        return True
    return (target, value) in {(REAL, INT), (STR, CHAR)}

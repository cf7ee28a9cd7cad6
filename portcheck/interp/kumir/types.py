"""The types of the school language: five scalar types and tables of them."""

from __future__ import annotations

from dataclasses import dataclass

INT = "цел"
REAL = "вещ"
BOOL = "лог"
CHAR = "сим"
STR = "лит"

SCALARS = (INT, REAL, BOOL, CHAR, STR)
NUMERIC = (INT, REAL)

# Lark terminal name -> type keyword
TERMINAL_TYPES = {
    "T_INT": INT, "T_REAL": REAL, "T_BOOL": BOOL, "T_CHAR": CHAR, "T_STR": STR,
}
TERMINAL_TABLES = {
    "T_INT_TAB": INT, "T_REAL_TAB": REAL, "T_BOOL_TAB": BOOL, "T_CHAR_TAB": CHAR,
    "T_STR_TAB": STR,
}


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

"""The built-in algorithms of the school language: name -> argument types, result type and
the runtime primitive that computes it."""

from __future__ import annotations

from dataclasses import dataclass

from portcheck.interp.kumir.types import BOOL, CHAR, INT, REAL, STR


@dataclass(frozen=True)
class Builtin:
    params: tuple[str, ...]
    result: str
    prim: str


def _b(params: str, result: str, prim: str) -> Builtin:
    return Builtin(tuple(params.split()), result, prim)


BUILTINS: dict[str, Builtin] = {
    "abs": _b("вещ", REAL, "abs"),
    "iabs": _b("цел", INT, "iabs"),
    "sign": _b("вещ", INT, "sign"),
    "sqrt": _b("вещ", REAL, "sqrt"),
    "int": _b("вещ", INT, "int"),
    "div": _b("цел цел", INT, "div"),
    "mod": _b("цел цел", INT, "mod"),
    "max": _b("вещ вещ", REAL, "max"),
    "min": _b("вещ вещ", REAL, "min"),
    "imax": _b("цел цел", INT, "imax"),
    "imin": _b("цел цел", INT, "imin"),
    "sin": _b("вещ", REAL, "sin"),
    "cos": _b("вещ", REAL, "cos"),
    "tg": _b("вещ", REAL, "tg"),
    "arctg": _b("вещ", REAL, "arctg"),
    "exp": _b("вещ", REAL, "exp"),
    "ln": _b("вещ", REAL, "ln"),
    "lg": _b("вещ", REAL, "lg"),
    "rnd": _b("вещ", REAL, "rnd"),
    "irnd": _b("цел", INT, "irnd"),
    "rand": _b("вещ вещ", REAL, "rand"),
    "irand": _b("цел цел", INT, "irand"),
    "МАКСЦЕЛ": _b("", INT, "max_int"),
    "МАКСВЕЩ": _b("", REAL, "max_real"),
    "длин": _b("лит", INT, "length"),
    "юникод": _b("сим", INT, "unicode"),
    "юнисимвол": _b("цел", CHAR, "unichar"),
    "код": _b("сим", INT, "code"),
    "символ": _b("цел", CHAR, "char"),
    "цел_в_лит": _b("цел", STR, "int_to_str"),
    "вещ_в_лит": _b("вещ", STR, "real_to_str"),
}

assert all(t in (INT, REAL, BOOL, CHAR, STR) for b in BUILTINS.values() for t in b.params)

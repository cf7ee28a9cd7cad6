"""The built-in algorithms of the school language: name -> argument types (with their
modes), result type and the runtime primitive that computes it.

KuMir 2 preloads its «Строки» and «Файлы» modules, so ``поз``, ``вставить``, ``открыть на
чтение``… need no ``использовать`` (and their names are taken).
A function with a ``рез`` parameter (``лит_в_цел(s, рез лог ок)``) is called like an
algorithm of the program, which the front-end writes for it (``lower_exprs.library_proc``);
a command with an ``аргрез`` one (``вставить(ф, аргрез лит s, p)``) is an assignment to
that place (``lower_stmts.builtin_update``)."""

from __future__ import annotations

from dataclasses import dataclass

from portinterp.kumir.runtime.types import BOOL, CHAR, FILE, INT, REAL, STR


@dataclass(frozen=True)
class Builtin:
    params: tuple[str, ...]
    result: str | None  # None: a command (``вставить``, ``ждать``)
    prim: str
    modes: tuple[str, ...] = ()  # each parameter's mode if one is not арг

    def by_reference(self) -> bool:
        return bool(self.modes)


def _b(params: str, result: str | None, prim: str) -> Builtin:
    """``"лит аргрез:лит цел"``: the parameters' types, a mode before a colon."""
    words = [word.rpartition(":") for word in params.split()]
    modes = tuple(mode or "арг" for mode, _, _ in words)
    return Builtin(tuple(kind for _, _, kind in words), result, prim,
                   modes if set(modes) != {"арг"} else ())


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
    "ctg": _b("вещ", REAL, "ctg"),
    "arcsin": _b("вещ", REAL, "arcsin"),
    "arccos": _b("вещ", REAL, "arccos"),
    "arcctg": _b("вещ", REAL, "arcctg"),
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
    "лит_в_цел": _b("лит рез:лог", INT, "str_to_int"),
    "лит_в_вещ": _b("лит рез:лог", REAL, "str_to_real"),
    "Цел": _b("лит цел", INT, "str_to_int_or"),
    "Вещ": _b("лит вещ", REAL, "str_to_real_or"),
    "Лог": _b("лит лог", BOOL, "str_to_bool_or"),
    "время": _b("", INT, "time"),
    "ждать": _b("цел", None, "wait"),
    # -- the «Строки» module ---------------------------------------------------------
    "верхний регистр": _b("лит", STR, "upper"),
    "нижний регистр": _b("лит", STR, "lower"),
    "позиция": _b("лит лит", INT, "find"),
    "поз": _b("лит лит", INT, "find"),
    "позиция после": _b("цел лит лит", INT, "find_after"),
    "поз после": _b("цел лит лит", INT, "find_after"),
    "вставить": _b("лит аргрез:лит цел", None, "insert"),
    "заменить": _b("аргрез:лит лит лит лог", None, "replace"),
    "удалить": _b("аргрез:лит цел цел", None, "remove"),
    # -- the «Файлы» module (kumiranalizer/stdlibmodules.h; runtime/files.py) ----------
    "открыть на чтение": _b("лит", FILE, "file_open_read"),
    "открыть на запись": _b("лит", FILE, "file_open_write"),
    "открыть на добавление": _b("лит", FILE, "file_open_append"),
    "закрыть": _b("файл", None, "file_close"),
    "начать чтение": _b("файл", None, "file_reset"),
    "конец файла": _b("файл", BOOL, "file_at_end"),
    "установить кодировку": _b("лит", None, "file_set_encoding"),
    "можно открыть на чтение": _b("лит", BOOL, "file_can_read"),
    "можно открыть на запись": _b("лит", BOOL, "file_can_write"),
    "есть данные": _b("файл", BOOL, "file_has_data"),
    "существует": _b("лит", BOOL, "file_exists"),
    "является каталогом": _b("лит", BOOL, "file_is_folder"),
    "создать каталог": _b("лит", BOOL, "file_make_folder"),
    "полный путь": _b("лит", STR, "file_full_path"),
    "удалить_файл": _b("лит", BOOL, "file_delete"),
    "РАБОЧИЙ КАТАЛОГ": _b("", STR, "file_working_folder"),
    "КАТАЛОГ ПРОГРАММЫ": _b("", STR, "file_program_folder"),
    "удалить_каталог": _b("лит", BOOL, "file_delete_folder"),
    "консоль": _b("", FILE, "file_console"),
}

assert all(t in (INT, REAL, BOOL, CHAR, STR, FILE) for b in BUILTINS.values() for t in b.params)

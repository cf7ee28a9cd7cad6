"""The global string functions that are methods of OneScript's global context
(``StringOperations.cs`` in OneScript 1.9.2): ``СтрНайти`` with ``НаправлениеПоиска``,
``СтрНачинаетсяС``/``СтрЗаканчиваетсяНа``, ``СтрРазделить``, ``СтрСоединить``, ``НСтр``,
``СтрСравнить``.  The platform documents the same behaviour (OneScript copies its
descriptions), so both dialects share it.

A mixin of the runtime (through ``builtins.BuiltinFunctions``).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.collation import compare_strings
from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.format_params import param_value, parse_params
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import EnumValue
from portinterp.bsl.runtime.strtemplate import str_template
from portinterp.bsl.runtime.values import BslArray
from portinterp.errors import ProgramFault

BAD_VALUE = "Неверное значение аргумента"
BAD_TYPE = "Неверный тип аргумента"
NOT_AN_OBJECT = "Значение не является значением объектного типа"
# What .NET raises inside OneScript, in OneScript's words.
BAD_CAST = "Внешнее исключение (System.InvalidCastException): Specified cast is not valid."
NULL_SOURCE = ("Внешнее исключение (System.ArgumentNullException): Value cannot be null.\n"
               "Parameter name: source")
INT32 = range(-(2**31), 2**31)
_OMITTED = object()  # НСтр(Текст) without a language (Неопределено is the language "")
FROM_END = EnumValue("НаправлениеПоиска", "СКонца")
FROM_BEGIN = EnumValue("НаправлениеПоиска", "СНачала")
# The language НСтр picks when none is given: the system's (OneScript: the culture's
# two-letter name; the recorded runs and a Russian configuration: ru), then en, then the first.
SYSTEM_LANGUAGE = "ru"


def text_argument(value: Any, dialect: str = "platform") -> str:
    """A ``string`` parameter of a context method: its presentation (Неопределено is "")."""
    return value if type(value) is str else to_string(value, dialect)


def whole_argument(value: Any) -> int:
    """An ``int`` parameter: Неопределено or an omitted one is 0, a number is truncated; one
    outside .NET's Int32 is OneScript's «Неверное значение аргумента»."""
    whole = 0 if value is None else numbers.truncate(to_number(value))
    if whole not in INT32:
        raise ProgramFault(BAD_VALUE)
    return whole


def find_from_begin(text: str, needle: str, start: int, occurrence: int) -> int:
    found, index = 0, -1
    while found < occurrence:
        index = text.find(needle, start)
        if index < 0:
            return 0
        found, start = found + 1, index + 1
        if start >= len(text):
            break
    return index + 1 if found == occurrence else 0


def find_from_end(text: str, needle: str, start: int, occurrence: int) -> int:
    """.NET's ``LastIndexOf(needle, start)``: the match ends at ``start`` or before."""
    found, index = 0, -1
    while found < occurrence:
        index = text.rfind(needle, 0, start + 1)
        if index < 0:
            return 0
        found, start = found + 1, index - 1
        if start < 0:
            break
    return index + 1 if found == occurrence else 0


def split_text(text: str, separators: str, keep_empty: bool) -> list[str]:
    """.NET's ``String.Split(chars)``: no separator characters split at white space."""
    is_separator = str.isspace if not separators else separators.__contains__
    parts, current = [], []
    for char in text:
        if is_separator(char):
            parts.append("".join(current))
            current = []
        else:
            current.append(char)
    parts.append("".join(current))
    return parts if keep_empty else [part for part in parts if part]


class StringFunctions:
    """Needs ``dialect`` (the runtime's)."""

    dialect: str
    if TYPE_CHECKING:
        def prim_f_boolean(self, value: Any) -> bool: ...

    def _text(self, value: Any) -> str:
        return text_argument(value, self.dialect)

    def prim_f_strfind(self, value: Any, part: Any, direction: Any = None,
                       start: Any = None, occurrence: Any = None) -> int:
        """``СтрНайти``: the position (1-based) of the n-th occurrence, searching from the
        start or from the end (``НаправлениеПоиска``) from a position; 0 if there is none."""
        text, needle = self._text(value), self._text(part)
        from_begin = self._from_begin(direction)
        position, count = whole_argument(start), whole_argument(occurrence) or 1
        if not text or not needle:
            return 0
        position = position or (1 if from_begin else len(text))
        if not 1 <= position <= len(text):
            raise ProgramFault(BAD_VALUE)
        search = find_from_begin if from_begin else find_from_end
        return search(text, needle, position - 1, count)

    def _from_begin(self, direction: Any) -> bool:
        if direction is None or direction == FROM_BEGIN:
            return True
        if direction == FROM_END:
            return False
        raise ProgramFault(BAD_CAST if self.dialect == "onescript" else BAD_TYPE)

    def prim_f_strstartswith(self, value: Any, part: Any) -> bool:
        text, prefix = self._text(value), self._text(part)
        if text and not prefix:
            raise ProgramFault(_empty_parameter("СтрНачинаетсяС"))
        return bool(text) and text.startswith(prefix)

    def prim_f_strendswith(self, value: Any, part: Any) -> bool:
        text, suffix = self._text(value), self._text(part)
        if text and not suffix:
            raise ProgramFault(_empty_parameter("СтрЗаканчиваетсяНа"))
        return bool(text) and text.endswith(suffix)

    def prim_f_strsplit(self, value: Any, separators: Any, keep_empty: Any = True) -> BslArray:
        keep = keep_empty is None or self.prim_f_boolean(keep_empty)
        text = self._text(value)
        if not text:
            return BslArray([""] if keep else [])
        return BslArray(split_text(text, self._text(separators), keep))

    def prim_f_strconcat(self, values: Any, separator: Any = None) -> str:
        if not isinstance(values, BslArray):
            raise ProgramFault(self._not_an_array(values))
        joint = "" if separator is None else self._text(separator)
        return joint.join(self._text(item) for item in values.items)

    def prim_f_strtemplate(self, template: Any, *values: Any) -> str:
        return str_template(self._text(template), values, self._text)

    def _not_an_array(self, value: Any) -> str:
        if isinstance(value, str | int | Decimal | datetime):
            return NOT_AN_OBJECT
        if self.dialect != "onescript":
            return BAD_TYPE
        return NULL_SOURCE if value is None else BAD_CAST

    def prim_f_nstr(self, value: Any, language: Any = _OMITTED) -> str:
        """``НСтр("ru = '…'; en = '…'", Язык)``: the text for the language (without one: the
        system's, else English, else the first); "" when there is none."""
        pairs = parse_params(self._text(value))
        if language is not _OMITTED:
            return param_value(pairs, self._text(language)) or ""
        found = param_value(pairs, SYSTEM_LANGUAGE)
        found = param_value(pairs, "en") if found is None else found
        if found is None and pairs:
            found = pairs[0][1]
        return found or ""

    def prim_f_strcompare(self, first: Any, second: Any) -> int:
        """``СтрСравнить``: -1, 0 or 1, case-insensitively, in the culture's order."""
        return compare_strings(self._text(first), self._text(second), ignore_case=True)


def _empty_parameter(function: str) -> str:
    return (f"Ошибка при вызове метода контекста ({function}): "
            "Недопустимое значение параметра (параметр номер '2')")

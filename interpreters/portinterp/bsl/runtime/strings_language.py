"""The string functions of the language itself (OneScript's ``LanguageDef``: ``СтрДлина``,
``Сред``, ``Лев``, ``Прав``, ``ВРег``/``НРег``/``ТРег``, ``СокрЛП``, ``Найти``,
``СтрЗаменить``, ``СтрЧислоВхождений``, ``СтрЧислоСтрок``, ``СтрПолучитьСтроку``,
``ПустаяСтрока``, ``Символ``, ``КодСимвола``), as OneScript 1.9.2 computes them
(``MachineInstance.cs``).  Where OneScript fails inside .NET (``СтрЗаменить`` of an empty
string, ``СтрПолучитьСтроку`` past the last line) the OneScript dialect fails with its words
and the platform dialect keeps the forgiving result; positions and lengths are truncated
whole numbers.  Strings positions are 1-based.

A mixin of the runtime (through ``builtins.BuiltinFunctions``).
"""

from __future__ import annotations

import unicodedata
from typing import Any

from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.strings import INT32, StringFunctions
from portinterp.errors import ProgramFault

EMPTY_OLD_VALUE = ("Внешнее исключение (System.ArgumentException): String cannot be of zero "
                   "length.\nParameter name: oldValue")
NO_SUCH_LINE = ("Внешнее исключение (System.IndexOutOfRangeException): Index was outside the "
                "bounds of the array.")
INT32_OVERFLOW = ("Внешнее исключение (System.OverflowException): Value was either too large "
                  "or too small for an Int32.")
MAX_CHAR = 0xFFFF  # OneScript's Символ makes one UTF-16 unit: a larger code gives ""


def same_length_case(text: str, converted: str, upper: bool) -> str:
    """.NET changes case letter by letter ("ß" stays "ß", "İ" lowers to "i"), where Python
    may give more letters ("SS", "i̇")."""
    if len(converted) == len(text):
        return converted
    if upper:
        return "".join(_upper_one(c) for c in text)
    return "".join(c.lower()[0] for c in text)


def title_case(text: str) -> str:
    """``ТРег``: a letter after punctuation or a separator (a space, not a tab) starts a word
    (upper case), the other letters of a word go lower case; digits do not end a word."""
    chars, in_word = list(text), False
    for i, char in enumerate(chars):
        if char.isalpha():
            chars[i] = char.lower() if in_word else _upper_one(char)
            in_word = True
        elif unicodedata.category(char)[0] in "PZ":  # .NET: punctuation or a separator
            in_word = False
    return "".join(chars)


def _upper_one(char: str) -> str:
    upper = char.upper()
    return upper if len(upper) == 1 else char


class LanguageStringFunctions(StringFunctions):
    """Needs ``dialect`` (the runtime's)."""

    dialect: str

    def _whole(self, value: Any) -> int:
        """A position or a count: truncated; in the OneScript dialect .NET's ``(int)`` cast
        fails outside Int32."""
        whole = 0 if value is None else numbers.truncate(to_number(value))
        if whole not in INT32 and self.dialect == "onescript":
            raise ProgramFault(INT32_OVERFLOW)
        return whole

    def prim_f_strlen(self, value: Any) -> int:
        return len(self._text(value))

    def prim_f_mid(self, value: Any, start: Any, length: Any = None) -> str:
        text, first = self._text(value), max(self._whole(start), 1) - 1
        count = len(text) - first if length is None else self._whole(length)
        if count < 0:  # OneScript: to the end; the platform dialect: nothing
            count = len(text) - first if self.dialect == "onescript" else 0
        return text[first:first + count]

    def prim_f_left(self, value: Any, count: Any) -> str:
        return self._text(value)[:max(self._whole(count), 0)]

    def prim_f_right(self, value: Any, count: Any) -> str:
        text, n = self._text(value), max(self._whole(count), 0)
        return text[max(len(text) - n, 0):] if n else ""

    def prim_f_upper(self, value: Any) -> str:
        text = self._text(value)
        return same_length_case(text, text.upper(), upper=True)

    def prim_f_lower(self, value: Any) -> str:
        text = self._text(value)
        return same_length_case(text, text.lower(), upper=False)

    def prim_f_title(self, value: Any) -> str:
        return title_case(self._text(value))

    def prim_f_trimall(self, value: Any) -> str:
        return self._text(value).strip()

    def prim_f_triml(self, value: Any) -> str:
        return self._text(value).lstrip()

    def prim_f_trimr(self, value: Any) -> str:
        return self._text(value).rstrip()

    def prim_f_find(self, value: Any, part: Any) -> int:
        return self._text(value).find(self._text(part)) + 1

    def prim_f_strreplace(self, value: Any, old: Any, new: Any) -> str:
        text, old_text = self._text(value), self._text(old)
        if not old_text:
            if self.dialect == "onescript":
                raise ProgramFault(EMPTY_OLD_VALUE)
            return text
        return text.replace(old_text, self._text(new))

    def prim_f_stroccurrencecount(self, value: Any, part: Any) -> int:
        """Occurrences that do not overlap (OneScript loops for ever on "": we count 0)."""
        needle = self._text(part)
        return self._text(value).count(needle) if needle else 0

    def prim_f_strlinecount(self, value: Any) -> int:
        return self._text(value).count("\n") + 1

    def prim_f_strgetline(self, value: Any, number: Any) -> str:
        lines, n = self._text(value).split("\n"), self._whole(number)
        if n > len(lines) and self.dialect == "onescript":
            raise ProgramFault(NO_SUCH_LINE)
        return lines[n - 1] if 1 <= n <= len(lines) else ""

    def prim_f_isblankstring(self, value: Any) -> bool:
        return not self._text(value).strip()

    def prim_f_char(self, code: Any) -> str:
        n = self._whole(code)
        limit = MAX_CHAR if self.dialect == "onescript" else 0x10FFFF
        return chr(n) if 0 <= n <= limit else ""

    def prim_f_charcode(self, value: Any, position: Any = None) -> int:
        text = self._text(value)
        n = self._whole(position) if position is not None else 1
        return ord(text[n - 1]) if 1 <= n <= len(text) else -1

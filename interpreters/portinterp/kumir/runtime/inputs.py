"""``ввод``: reading typed values from stdin the way KuMir 2 reads them (kumir2-libs/
stdlib/kfiles.cpp, ``Kumir::IO``).

The input is one stream of characters.  A number or a ``лог`` is a word: white space (line
breaks included) skipped, then everything up to the next white space, read as KuMir's
Converter reads it (``$1F``, ``1.5е2``).  A ``сим`` is the next character, whatever it is
(a space, or the line break itself).  A ``лит`` is the rest of the current line — empty
right after ``ввод n`` of a number typed alone on its line, as in KuMir (but an error once
the input is over, where KuMir gives "": see ``read_str``).  The first
algorithm's ``лит`` arguments are words instead (or a text in quotes).
"""

from __future__ import annotations

from typing import TextIO

from portinterp.errors import ProgramFault
from portinterp.kumir.runtime import convert
from portinterp.kumir.runtime.types import INT, REAL

_DELIMITERS = " \n\r\t"
_BOOLS = {"0": False, "1": True, "false": False, "no": False, "true": True, "yes": True,
          "да": True, "истина": True, "ложь": False, "нет": False}
_INT_ERRORS = {
    convert.EMPTY: "Ошибка ввода целого числа: текст закончился",
    convert.BAD_SYMBOL: "Ошибка ввода целого числа: число содержит неверный символ",
    convert.OVERFLOW: "Ошибка ввода: слишком большое целое число",
}
_REAL_ERRORS = {
    convert.EMPTY: "Ошибка ввода вещественного числа: текст закончился",
    convert.WRONG_EXPONENT:
        "Ошибка ввода вещественного числа: неверная запись экспоненциальной формы",
    convert.WRONG_REAL: "Ошибка ввода вещественного числа: неверная запись",
    convert.OVERFLOW: "Ошибка ввода: слишком большое вещественное число",
}
_ERRORS = {INT: _INT_ERRORS, REAL: _REAL_ERRORS}
# KuMir's own lower-casing (Latin and А–Я) before a лог word is looked up.
_LOWER = {c: c + 0x20 for c in [*range(ord("A"), ord("Z") + 1), *range(0x410, 0x430)]}


class InputReader:
    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.line = ""  # the current line with its line break; "" once the input is over
        self.pos = 0

    def _available(self) -> bool:
        """Is there a character to read (the next line fetched if needed)?"""
        if self.pos < len(self.line):
            return True
        self.line, self.pos = self.stream.readline(), 0
        return bool(self.line)

    def _word(self) -> str:
        """KuMir's readWord: delimiters skipped, then up to the next one ("" at the end)."""
        while self._available() and self.line[self.pos] in _DELIMITERS:
            self.pos += 1
        start = self.pos
        while self.pos < len(self.line) and self.line[self.pos] not in _DELIMITERS:
            self.pos += 1
        return self.line[start:self.pos]

    def read_int(self) -> int:
        value, error = convert.parse_int(self._word())
        if error is not None:
            raise ProgramFault(_INT_ERRORS[error])
        return value

    def read_real(self) -> float:
        value, error = convert.parse_real(self._word())
        if error is not None:
            raise ProgramFault(_REAL_ERRORS[error])
        return value

    def read_bool(self) -> bool:
        word = self._word().translate(_LOWER)
        if not word:
            raise ProgramFault("Ошибка ввода логического значения: ничего не введено")
        if word not in _BOOLS:
            raise ProgramFault("Ошибка ввода логического значения: неизвестное значение")
        return _BOOLS[word]

    def read_char(self) -> str:
        if not self._available():
            raise ProgramFault("Ошибка ввода символа: текст закончился")
        self.pos += 1
        return self.line[self.pos - 1]

    def read_str(self) -> str:
        """KuMir's readLine: up to the line break (taken too), carriage returns dropped.
        Decision (a deviation): with no input left at all, KuMir 2 gives "" (a program
        that keeps asking then loops for ever); here it is a run-time error."""
        if not self._available():
            raise ProgramFault("Ошибка ввода строки: текст закончился")
        text = self.line[self.pos:]
        self.pos = len(self.line)
        return text.rstrip("\n").replace("\r", "")

    def read_file_key(self) -> None:
        """A first algorithm's ``файл`` argument: none can be typed (KuMir 2 stops so)."""
        raise ProgramFault("Ключ файла не вводится")

    def read_word_str(self) -> str:
        """KuMir's readString (a first algorithm's лит argument): a word, or a text in
        quotes; none left is KuMir's «Не могу прочитать литерал: текст закончился»."""
        word = self._word()
        if not word:
            raise ProgramFault("Не могу прочитать литерал: текст закончился")
        if word[:1] not in ("'", '"'):
            return word
        self.pos -= len(word) - 1
        end = self.line.find(word[0], self.pos)
        end = len(self.line) if end < 0 else end
        text, self.pos = self.line[self.pos:end], min(end + 1, len(self.line))
        return text

# For files' ввод (file_streams.py), which reads words as the keyboard's does.
INT_ERRORS, REAL_ERRORS, BOOL_WORDS, LOWER = _INT_ERRORS, _REAL_ERRORS, _BOOLS, _LOWER

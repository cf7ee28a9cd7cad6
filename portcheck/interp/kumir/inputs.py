"""``ввод``: reading typed values from stdin the way KuMir reads them.

Numbers, ``лог`` and ``сим`` values are separated by white space (line breaks included);
a ``лит`` takes the rest of the current line, leading spaces included.  After a ``ввод``
statement, a line whose remainder is only white space is finished (the pupil pressed
Enter), so the next ``ввод`` starts on the next line.
"""

from __future__ import annotations

import re
from typing import TextIO

from portcheck.interp.errors import ProgramFault
from portcheck.interp.kumir.numbers import int32, whole

NO_DATA = "Ошибка ввода: нет данных"
_INT = re.compile(r"[+-]?\d+\Z")
_REAL = re.compile(r"[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\Z")
_BOOLS = {"да": True, "нет": False}


class InputReader:
    def __init__(self, stream: TextIO) -> None:
        self.stream = stream
        self.line: str | None = None  # the current line, without its line break
        self.pos = 0

    def _next_line(self) -> bool:
        text = self.stream.readline()
        if not text:
            self.line = None
            return False
        self.line = text.rstrip("\r\n")
        self.pos = 0
        return True

    def _skip_space(self) -> None:
        while True:
            if self.line is None and not self._next_line():
                raise ProgramFault(NO_DATA)
            assert self.line is not None
            rest = self.line[self.pos :]
            stripped = rest.lstrip()
            if stripped:
                self.pos += len(rest) - len(stripped)
                return
            self.line = None

    def word(self) -> str:
        """The next white-space separated word."""
        self._skip_space()
        assert self.line is not None
        match = re.match(r"\S+", self.line[self.pos :])
        assert match is not None
        self.pos += match.end()
        return match.group()

    def read_int(self) -> int:
        word = self.word()
        if not _INT.match(word):
            raise ProgramFault(f"Ошибка ввода: ожидалось целое число, введено «{word}»")
        return int32(whole(word))

    def read_real(self) -> float:
        word = self.word()
        if not _REAL.match(word):
            raise ProgramFault(f"Ошибка ввода: ожидалось вещественное число, введено «{word}»")
        return float(word)

    def read_bool(self) -> bool:
        word = self.word()
        if word not in _BOOLS:
            raise ProgramFault(f"Ошибка ввода: ожидалось да или нет, введено «{word}»")
        return _BOOLS[word]

    def read_char(self) -> str:
        self._skip_space()
        assert self.line is not None
        char = self.line[self.pos]
        self.pos += 1
        return char

    def read_str(self) -> str:
        if self.line is None and not self._next_line():
            raise ProgramFault(NO_DATA)
        assert self.line is not None
        text = self.line[self.pos :]
        self.line = None
        return text

    def end_statement(self) -> None:
        """Finish the current line if only white space is left on it."""
        if self.line is not None and not self.line[self.pos :].strip():
            self.line = None

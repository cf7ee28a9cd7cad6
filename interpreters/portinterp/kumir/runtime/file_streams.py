"""The bytes of a file opened by a KuMir program, read and written as KuMir 2 does
(kumir2-libs/stdlib/kfiles.cpp, ``IO::InputStream`` and ``IO::OutputStream``).

Reading: every value a ``ввод`` reads is read by a fresh stream in KuMir 2, and the one
character a stream looks ahead (the delimiter after a number, a ``лог`` word) is lost with
it: after ``ввод ф, n`` on ``5⏎текст`` a ``лит`` read gets ``текст``, not the empty rest
of the line as from the keyboard.  A number or a ``лог`` is a word (spaces, tabs and line
breaks skipped first); a ``сим`` the next character; a ``лит`` the rest of the line (its
line break taken, carriage returns dropped; ``""`` at the end of the file, no error).  A
byte-order mark at the very start of a file reads as a space.

Writing: the first thing written at the start of a UTF-8 file is its byte-order mark, so
every file KuMir 2 writes begins with one (a file opened for adding at its end does not).
"""

from __future__ import annotations

import codecs
from typing import BinaryIO

from portinterp.errors import ProgramFault
from portinterp.kumir.runtime import convert
from portinterp.kumir.runtime.inputs import BOOL_WORDS, INT_ERRORS, LOWER, REAL_ERRORS

READING, WRITING = "чтение", "запись"
DELIMITERS = b" \n\r\t"
_DELIMITER_CHARS = (" ", "\n", "\r", "\t")
BOM = "\ufeff"
BROKEN_UTF8 = "Ошибка чтения данных из файла: UTF-8 файл поврежден"
UNDECODABLE = "Ошибка перекодирования при чтении данных из текстового файла"
UNENCODABLE = "Ошибка кодирования строки вывода: недопустимый символ"
UNWRITABLE = "Ошибка записи в файл"  # the embedded interpreter's words: KuMir checks nothing

# KuMir 2's names of encodings (Files::setFileEncoding: lower-cased, trimmed, one "-"
# dropped) -> Python's codec.
ENCODINGS = {
    **dict.fromkeys(("cp1251", "windows1251", "windows", "ansi", "1251"), "cp1251"),
    **dict.fromkeys(("cp866", "ibm866", "ibm", "oem", "oem866", "dos"), "cp866"),
    **dict.fromkeys(("koi8", "koi8r", "кои8", "кои8р"), "koi8_r"),
    **dict.fromkeys(("utf", "utf8", "linux"), "utf-8"),
    **dict.fromkeys(("unicode", "utf16", "utf16le", "юникод"), "utf-16-le"),
    "utf16be": "utf-16-be",
}


class OpenFile:
    """One file a program opened: its handle, ``READING`` or ``WRITING`` (adding is
    writing) and what reads its bytes."""

    def __init__(self, path: str, mode: str, handle: BinaryIO) -> None:
        self.path = path
        self.mode = mode
        self.handle = handle

    # -- reading ---------------------------------------------------------------------

    def _byte(self) -> int:
        data = self.handle.read(1)
        return data[0] if data else -1

    def _unread(self) -> None:
        self.handle.seek(-1, 1)

    def char(self, encoding: str) -> str | None:
        """The next character (None at the end of the file)."""
        start = self.handle.tell()
        first = self._byte()
        if first < 0:
            return None
        raw = bytes([first])
        if encoding == "utf-8":
            extra = 1 if first >> 5 == 0x06 else 2 if first >> 4 == 0x0E else \
                3 if first >> 3 == 0x1E else 0
            for _ in range(extra):
                following = self._byte()
                if following < 0 or following >> 6 != 2:
                    raise ProgramFault(BROKEN_UTF8)
                raw += bytes([following])
        elif encoding.startswith("utf-16"):
            raw += self.handle.read(1)
        try:
            text = raw.decode(encoding)
        except UnicodeDecodeError:
            raise ProgramFault(UNDECODABLE) from None
        if len(text) != 1:
            raise ProgramFault(UNDECODABLE)
        return " " if text == BOM and start == 0 else text

    def word(self, encoding: str) -> str:
        """KuMir's readWord: delimiters skipped, then up to the next one, which is lost
        (read by a stream that ends here); "" at the end of the file."""
        while (char := self.char(encoding)) is not None and char in _DELIMITER_CHARS:
            pass
        chars = []
        while char is not None and char not in _DELIMITER_CHARS:
            chars.append(char)
            char = self.char(encoding)
        return "".join(chars)

    def read_int(self, encoding: str) -> int:
        value, error = convert.parse_int(self.word(encoding))
        if error is not None:
            raise ProgramFault(INT_ERRORS[error])
        return value

    def read_real(self, encoding: str) -> float:
        value, error = convert.parse_real(self.word(encoding))
        if error is not None:
            raise ProgramFault(REAL_ERRORS[error])
        return value

    def read_bool(self, encoding: str) -> bool:
        word = self.word(encoding).translate(LOWER)
        if not word:
            raise ProgramFault("Ошибка ввода логического значения: ничего не введено")
        if word not in BOOL_WORDS:
            raise ProgramFault("Ошибка ввода логического значения: неизвестное значение")
        return BOOL_WORDS[word]

    def read_char(self, encoding: str) -> str:
        char = self.char(encoding)
        if char is None:
            raise ProgramFault("Ошибка ввода символа: текст закончился")
        return char

    def read_str(self, encoding: str) -> str:
        """KuMir's readLine: up to the line break, which is taken; "\\r" dropped."""
        chars = []
        while (char := self.char(encoding)) is not None and char != "\n":
            if char != "\r":
                chars.append(char)
        return "".join(chars)

    def at_end(self) -> bool:
        """``конец файла``: no byte left."""
        if self._byte() < 0:
            return True
        self._unread()
        return False

    def has_data(self) -> bool:
        """``есть данные``: white space skipped (for good, as KuMir 2 does) up to a
        character, which is left to read."""
        while (byte := self._byte()) >= 0:
            if byte not in DELIMITERS:
                self._unread()
                return True
        return False

    # -- writing ---------------------------------------------------------------------

    def write(self, text: str, encoding: str) -> None:
        """``text`` in ``encoding``; a UTF-8 file's first write starts with its mark."""
        if encoding == "utf-8" and self.handle.tell() == 0:
            text = BOM + text
        try:
            data = codecs.encode(text, encoding)
        except UnicodeEncodeError:
            raise ProgramFault(UNENCODABLE) from None
        view = memoryview(data)
        try:  # unbuffered: a full disk or a file past the run's size limit stops here
            while view:
                view = view[self.handle.write(view) or 0:]
        except OSError as error:
            raise ProgramFault(f"{UNWRITABLE}: {self.path} ({error.strerror})") from None

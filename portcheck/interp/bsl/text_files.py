"""Files as OneScript's JSON, binary data and text objects use them: ``ТекстовыйДокумент``
(read, lines, text), ``ЧтениеТекста`` over a file, ``ПолучитьИмяВременногоФайла``,
``КаталогВременныхФайлов``, ``УдалитьФайлы``; reading detects a BOM, as .NET's readers do.
An error of the operating system is a 1C error (the program's ``Попытка`` catches it)."""

from __future__ import annotations

import os
import secrets
import shutil
import string
import tempfile
from pathlib import Path
from typing import Any

from portcheck.interp.bsl.conversions import to_number
from portcheck.interp.bsl.formatting import to_string
from portcheck.interp.bsl.objects import BAD_ARGUMENT, BslObject, register_type, spellings
from portcheck.interp.bsl.text_encoding import UTF8, Encoding, by_name, decode_sniffing, encoding_of
from portcheck.interp.errors import ProgramFault

LINE_OUT_OF_RANGE = "Значение индекса выходит за пределы диапазона"
NAME_CHARS = string.ascii_lowercase + string.digits


def _fault(error: OSError, path: str) -> ProgramFault:
    reason = error.strerror or type(error).__name__
    return ProgramFault(f"{reason}: '{path}'")


def read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise _fault(error, path) from None


def write_bytes(path: str, data: bytes) -> None:
    try:
        Path(path).write_bytes(data)
    except OSError as error:
        raise _fault(error, path) from None


def read_text_file(path: str, encoding: Any = None) -> str:
    """A text file (UTF-8 unless told; a BOM found wins), with its line breaks as LF."""
    chosen = UTF8 if encoding is None else encoding_of(encoding)
    return decode_sniffing(read_bytes(path), chosen).replace("\r\n", "\n")


def python_encoding(name: Any, add_bom: bool) -> Encoding:
    if name is not None and type(name) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    return by_name(name or "UTF-8", add_bom)


def check_writable(path: str) -> None:
    """Fail now, as .NET's ``StreamWriter`` does when it opens the file."""
    try:
        with open(path, "ab"):
            pass
    except OSError as error:
        raise _fault(error, path) from None


def write_text_file(path: str, text: str, encoding: Encoding) -> None:
    write_bytes(path, encoding.preamble + encoding.encode(text))


def temp_dir() -> str:
    return tempfile.gettempdir() + os.sep


def temp_file_name(extension: Any = None) -> str:
    """``ПолучитьИмяВременногоФайла``: 11 random characters and the extension."""
    if extension is not None and type(extension) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    suffix = ".tmp" if extension is None else extension
    if suffix and not suffix.startswith("."):
        suffix = "." + suffix
    name = "".join(secrets.choice(NAME_CHARS) for _ in range(11))
    return os.path.join(tempfile.gettempdir(), name + suffix)


def delete_files(path: Any, mask: Any = None) -> None:
    """``УдалитьФайлы(Путь[, Маска])``: a file, a directory with its content, or the files
    of a directory matching a mask; a missing path is no error."""
    if type(path) is not str or (mask is not None and type(mask) is not str):
        raise ProgramFault(BAD_ARGUMENT)
    if not path.strip() or (mask is not None and not mask.strip()):
        raise ProgramFault("Неверное значение аргумента")
    target = Path(path)
    try:
        victims = [target] if mask is None else list(target.glob(mask))
    except (ValueError, OSError):
        raise ProgramFault("Неверное значение аргумента") from None
    for victim in victims:
        try:
            if victim.is_dir():
                shutil.rmtree(victim)
            elif victim.exists():
                victim.unlink()
        except OSError as error:
            raise _fault(error, str(victim)) from None


class TextDocument(BslObject):
    __slots__ = ("lines",)
    type_name = "ТекстовыйДокумент"
    spellings = spellings(
        "Прочитать Read read", "Записать Write write", "ПолучитьТекст GetText gettext",
        "УстановитьТекст SetText settext", "КоличествоСтрок LineCount linecount",
        "ПолучитьСтроку GetLine getline", "ДобавитьСтроку AddLine addline",
        "ВставитьСтроку InsertLine insertline", "ЗаменитьСтроку ReplaceLine replaceline",
        "УдалитьСтроку DeleteLine deleteline", "Очистить Clear clear")

    def __init__(self) -> None:
        self.lines: list[str] = []

    def bsl_read(self, path: Any, encoding: Any = None, *rest: Any) -> None:
        self.bsl_settext(read_text_file(_text(path), encoding))

    def bsl_write(self, path: Any, encoding: Any = None, *rest: Any) -> None:
        chosen = UTF8 if encoding is None else encoding_of(encoding)
        write_text_file(_text(path), "\n".join(self.lines), chosen)

    def bsl_gettext(self) -> str:
        return "\n".join(self.lines)

    def bsl_settext(self, text: Any) -> None:
        content = to_string(text, "onescript").replace("\r\n", "\n")
        self.lines = content.split("\n") if content else []

    def bsl_linecount(self) -> int:
        return len(self.lines)

    def _line(self, number: Any) -> int:
        if type(number) is not int or not 1 <= number <= len(self.lines):
            raise ProgramFault(LINE_OUT_OF_RANGE)
        return number - 1

    def bsl_getline(self, number: Any) -> str:
        return self.lines[self._line(number)]

    def bsl_addline(self, text: Any = "") -> None:
        self.lines.append(to_string(text, "onescript"))

    def bsl_insertline(self, number: Any, text: Any = "") -> None:
        self.lines.insert(self._line(number), to_string(text, "onescript"))

    def bsl_replaceline(self, number: Any, text: Any) -> None:
        self.lines[self._line(number)] = to_string(text, "onescript")

    def bsl_deleteline(self, number: Any) -> None:
        del self.lines[self._line(number)]

    def bsl_clear(self) -> None:
        self.lines = []


class TextReader(BslObject):
    """``ЧтениеТекста`` over a file: ``Прочитать([Символов])``, ``ПрочитатьСтроку()``."""

    __slots__ = ("pos", "text")
    type_name = "ЧтениеТекста"
    spellings = spellings("Открыть Open open", "Прочитать Read read",
                          "ПрочитатьСтроку ReadLine readline", "Закрыть Close close")

    def __init__(self) -> None:
        self.text: str | None = None
        self.pos = 0

    def bsl_open(self, path: Any, encoding: Any = None, *rest: Any) -> None:
        self.text, self.pos = read_text_file(_text(path), encoding), 0

    def _open(self) -> str:
        if self.text is None:
            raise ProgramFault("Поток не открыт")
        return self.text

    def bsl_read(self, count: Any = None) -> str | None:
        text = self._open()
        if self.pos >= len(text):
            return None
        end = len(text) if count is None else self.pos + max(int(to_number(count)), 0)
        piece, self.pos = text[self.pos:end], min(end, len(text))
        return piece

    def bsl_readline(self, *rest: Any) -> str | None:
        text = self._open()
        if self.pos >= len(text):
            return None
        end = text.find("\n", self.pos)
        end = len(text) if end < 0 else end
        line, self.pos = text[self.pos:end], end + 1
        return line

    def bsl_close(self) -> None:
        self.text = None


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _new_text_document(runtime: Any) -> TextDocument:
    return TextDocument()


def _new_text_reader(runtime: Any, path: Any = None, encoding: Any = None,
                     *rest: Any) -> TextReader:
    reader = TextReader()
    if path is not None:
        reader.bsl_open(path, encoding)
    return reader


register_type("ТекстовыйДокумент", "TextDocument", _new_text_document)
register_type("ЧтениеТекста", "TextReader", _new_text_reader)

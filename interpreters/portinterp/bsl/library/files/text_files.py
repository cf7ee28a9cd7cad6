"""Files as OneScript's JSON, binary data and text objects use them: ``ТекстовыйДокумент``
(read, lines, text), ``ЧтениеТекста`` over a file, ``ПолучитьИмяВременногоФайла``,
``КаталогВременныхФайлов``, ``УдалитьФайлы``; reading detects a BOM, as .NET's readers do.
An error of the operating system is a 1C error (the program's ``Попытка`` catches it)."""

from __future__ import annotations

import os
import re
import secrets
import shutil
import string
import tempfile
from pathlib import Path
from typing import Any, ClassVar

from portinterp.bsl.library.files.file_access import allowed, os_fault, read_bytes, write_bytes
from portinterp.bsl.library.files.file_shares import Hold, hold, release
from portinterp.bsl.library.files.text_encoding import (
    UTF8,
    Encoding,
    by_name,
    decode_sniffing,
    encoding_of,
)
from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    register_type,
    spellings,
)
from portinterp.errors import ProgramFault

BAD_VALUE = "Неверное значение аргумента"
NAME_CHARS = string.ascii_lowercase + string.digits


def read_text_file(path: str | bytes, encoding: Any = None, raw: bool = False) -> str:
    """A text file, or the bytes of a stream (UTF-8 unless told; a BOM found wins), with its
    CR LF as LF unless raw."""
    chosen = UTF8 if encoding is None else encoding_of(encoding)
    text = decode_sniffing(path if type(path) is bytes else read_bytes(path), chosen)
    return text if raw else text.replace("\r\n", "\n")


def python_encoding(name: Any, add_bom: bool) -> Encoding:
    if name is not None and type(name) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    return by_name(name or "UTF-8", add_bom)


def check_writable(path: str) -> None:
    """Fail now, as .NET's ``StreamWriter`` does when it opens the file."""
    try:
        with open(allowed(path, write=True), "ab"):
            pass
    except OSError as error:
        raise os_fault(error, path) from None


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
    target = Path(allowed(path, write=True))
    try:
        victims = [target] if mask is None else list(target.glob(mask))
    except (ValueError, OSError):
        raise ProgramFault("Неверное значение аргумента") from None
    for victim in victims:
        allowed(str(victim), write=True)
        try:
            if victim.is_dir():
                shutil.rmtree(victim)
            elif victim.exists():
                victim.unlink()
        except OSError as error:
            raise os_fault(error, str(victim)) from None


def text_lines(text: str) -> list[str]:
    """.NET's ``ReadLine`` loop: CR LF, CR or LF end a line; a final break adds no line."""
    lines = re.split(r"\r\n|\r|\n", text)
    if len(lines) > 1 and lines[-1] == "":
        lines.pop()
    return lines


class TextDocument(BslObject):
    """``ТекстовыйДокумент`` as TextDocumentContext.cs: lines; out-of-range numbers are
    mostly ignored; the text ends each line with LF; a file is written with CR LF and a BOM."""

    __slots__ = ("fields", "lines")
    type_name = "ТекстовыйДокумент"
    spellings = spellings(
        "Прочитать Read read", "Записать Write write", "ПолучитьТекст GetText gettext",
        "УстановитьТекст SetText settext", "КоличествоСтрок LineCount linecount",
        "ПолучитьСтроку GetLine getline", "ДобавитьСтроку AddLine addline",
        "ВставитьСтроку InsertLine insertline", "ЗаменитьСтроку ReplaceLine replaceline",
        "УдалитьСтроку DeleteLine deleteline", "Очистить Clear clear")
    FIELDS: ClassVar[dict[str, str]] = {
        "используемоеимяфайла": "file", "usedfilename": "file",
        "кодязыкамакета": "language", "templatelanguagecode": "language",
        "разделительстрок": "separator", "lineseparator": "separator",
        "толькопросмотр": "read_only", "readonly": "read_only",
        "вывод": "output", "output": "output", "параметры": "parameters",
        "parameters": "parameters"}

    def __init__(self) -> None:
        self.lines: list[str] = []
        self.fields: dict[str, Any] = {"file": "", "language": "", "separator": "\n",
                                       "read_only": False, "output": None,
                                       "parameters": None}

    def property(self, name: str, shown: str) -> Any:
        if name not in self.FIELDS:
            raise ProgramFault(NO_FIELD.format(shown))
        return self.fields[self.FIELDS[name]]

    def set_property(self, name: str, shown: str, value: Any) -> None:
        field = self.FIELDS.get(name)
        if field is None or field == "file":
            raise ProgramFault(NO_FIELD.format(shown))
        if field == "separator" and value not in ("\n", "\r", "\r\n"):
            raise ProgramFault(BAD_VALUE)
        if field == "read_only" and type(value) is not bool:
            raise ProgramFault(BAD_ARGUMENT)
        if field in ("separator", "language", "read_only"):
            self.fields[field] = value if field == "read_only" else to_string(value,
                                                                             "onescript")

    def property_names(self) -> list[str]:
        return ["ИспользуемоеИмяФайла", "КодЯзыкаМакета", "РазделительСтрок",
                "ТолькоПросмотр", "Вывод", "Параметры"]

    def bsl_read(self, path: Any, encoding: Any = None, separator: Any = None) -> None:
        self.lines = text_lines(read_text_file(_text(path), encoding))
        self.fields["file"] = os.path.abspath(path)

    def bsl_write(self, path: Any, encoding: Any = None, separator: Any = None) -> None:
        chosen = UTF8 if encoding is None else encoding_of(encoding)
        if separator is None:
            separator = "\r\n"
        elif separator not in ("\n", "\r", "\r\n"):
            raise ProgramFault(BAD_VALUE)
        write_text_file(_text(path), "".join(line + separator for line in self.lines), chosen)
        self.fields["file"] = os.path.abspath(path)

    def bsl_gettext(self) -> str:
        return "".join(line + "\n" for line in self.lines)

    def bsl_settext(self, text: Any) -> None:
        self.lines = _parsed(text)

    def bsl_linecount(self) -> int:
        return len(self.lines)

    def bsl_getline(self, number: Any) -> str:
        at = _whole(number)
        return self.lines[at - 1] if 1 <= at <= len(self.lines) else ""

    def bsl_addline(self, text: Any = "") -> None:
        self.lines.extend(_parsed(text))

    def bsl_insertline(self, number: Any, text: Any = "") -> None:
        at = min(max(_whole(number) - 1, 0), len(self.lines))
        self.lines[at:at] = _parsed(text)

    def bsl_replaceline(self, number: Any, text: Any) -> None:
        at = _whole(number)
        if at > len(self.lines):
            return
        if at < 1:
            raise ProgramFault(BAD_VALUE)
        self.lines[at - 1:at] = _parsed(text)

    def bsl_deleteline(self, number: Any) -> None:
        at = _whole(number)
        if 1 <= at <= len(self.lines):
            del self.lines[at - 1]

    def bsl_clear(self) -> None:
        self.lines = []


def _parsed(text: Any) -> list[str]:
    """``ParseInputString``: the lines of a text, one empty line for ""."""
    content = to_string(text, "onescript")
    return text_lines(content) if content else [""]


def _whole(number: Any) -> int:
    return int(to_number(number))


class TextReader(BslObject):
    """``ЧтениеТекста`` over a file or a stream (``ДвоичныеДанные.ОткрытьПотокДляЧтения()``,
    so also over a string): ``Прочитать([Символов])``, ``ПрочитатьСтроку()``, reading the
    characters as OneScript's CustomLineFeedStreamReader hands them out: the end-of-line
    separator in the file (``КонвертируемыйРазделительСтрок``, CR LF unless given) reads as
    LF, and so does any CR or CR LF when the constructor got no line separator; a line ends
    at the line separator (``РазделительСтрок``, LF unless given; TextReadImpl.cs)."""

    __slots__ = ("__weakref__", "analyze", "held", "line_break", "pos", "run", "text")
    type_name = "ЧтениеТекста"
    spellings = spellings("Открыть Open open", "Прочитать Read read",
                          "ПрочитатьСтроку ReadLine readline", "Закрыть Close close")

    def __init__(self) -> None:
        self.text: str | None = None
        self.pos = 0
        self.line_break = "\n"
        self.analyze = False  # «Новый ЧтениеТекста()» then «Открыть»: CR left as it is
        self.held: Hold | None = None
        self.run: object = None  # the runtime that made it (file_shares)

    def bsl_open(self, path: Any, encoding: Any = None, line: Any = None, eol: Any = None,
                 monopoly: Any = None, *rest: Any) -> None:
        """``Монопольно`` (Истина unless Ложь is given): nobody else may open the file until
        ``Закрыть`` — the file is read at once, but held as .NET holds it."""
        self.bsl_close()
        source = _source(path)
        if type(source) is str:
            alone = monopoly is not False
            self.held = hold(self, self.run, source, writes=False, shares_read=not alone,
                             shares_write=not alone)
        try:
            text = read_text_file(source, encoding, raw=True)
        except ProgramFault:
            self.bsl_close()
            raise
        self.line_break = "\n" if line is None else to_string(line, "onescript")
        ends = "\r\n" if eol is None else to_string(eol, "onescript")
        self.text, self.pos = _as_read(text, ends, self.analyze), 0

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

    def bsl_readline(self, separator: Any = None) -> str | None:
        text = self._open()
        if self.pos >= len(text):
            return None
        stop = self.line_break if separator is None else to_string(separator, "onescript")
        end = text.find(stop, self.pos) if stop else -1
        end = len(text) if end < 0 else end
        line, self.pos = text[self.pos:end], end + len(stop)
        return line

    def bsl_close(self) -> None:
        self.text = None
        release(self.held)
        self.held = None


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _source(value: Any) -> str | bytes:
    """What ``ЧтениеТекста`` reads: a file's path, or the bytes of a stream."""
    from portinterp.bsl.library.files.streams import Stream

    return value.rest() if isinstance(value, Stream) else _text(value)


def _new_text_document(runtime: Any) -> TextDocument:
    return TextDocument()


def _new_text_reader(runtime: Any, *args: Any) -> TextReader:
    """TextReadImpl's constructors: ``(Файл)`` alone reads CR as it is; with more arguments
    (skipped ones too: ``(Файл,,,)``) and no line separator, a CR or CR LF is LF."""
    path, encoding, line, eol, monopoly = (*args, None, None, None, None, None)[:5]
    reader = TextReader()
    reader.run = runtime
    if path is not None:
        reader.analyze = line is None and len(args) > 1
        reader.bsl_open(path, encoding, line, eol, monopoly)
    return reader


def _as_read(text: str, ends: str, analyze: bool) -> str:
    """The text as CustomLineFeedStreamReader.Read gives it, character by character: with
    ``analyze`` a CR or CR LF is LF; else ``ends`` (when not empty) is LF."""
    if not analyze and (not ends or ends not in text):
        return text
    out: list[str] = []
    i, size = 0, len(text)
    while i < size:
        char = text[i]
        if analyze and char == "\r":
            i += 2 if text.startswith("\n", i + 1) else 1
            out.append("\n")
        elif ends and text.startswith(ends, i):
            i += len(ends)
            out.append("\n")
        else:
            out.append(char)
            i += 1
    return "".join(out)


register_type("ТекстовыйДокумент", "TextDocument", _new_text_document)
register_type("ЧтениеТекста", "TextReader", _new_text_reader)

"""``ЗаписьТекста`` and the file operations ``КопироватьФайл``, ``ПереместитьФайл``, as
OneScript 1.9.2 has them (TextWriteImpl.cs, FileOperations.cs).

``ЗаписьТекста(Путь, Кодировка, РазделительСтрок, Дописать, РазделительСтрокВФайле)``
opens the file at once (``Новый ЗаписьТекста`` without a path leaves it closed until
``Открыть``); every ``Записать`` goes to the file straight away (AutoFlush), its ``\\n``
written as the separator in the file (CR LF unless given); ``ЗаписатьСтроку`` adds the
line separator (``\\n`` unless given, so CR LF in the file).  UTF-8 with a byte-order mark
unless another encoding is given; appending in UTF-8 writes none, nor does a file that is
not empty.  An error of the operating system is a 1C error naming the file.
"""

from __future__ import annotations

import os
import shutil
from typing import Any, BinaryIO

from portinterp.bsl.library.files.file_access import allowed, open_file, os_fault
from portinterp.bsl.library.files.file_shares import Hold, hold, release
from portinterp.bsl.library.files.text_encoding import UTF8, Encoding, encoding_of
from portinterp.bsl.runtime.conversions import onescript_boolean
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import BAD_ARGUMENT, BslObject, register_type, spellings
from portinterp.errors import ProgramFault

NOT_OPEN = "Файл не открыт"


def _path(value: Any) -> str:
    if type(value) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    return value


class TextWriter(BslObject):
    """``ЗаписьТекста``: a file open for writing text."""

    __slots__ = ("__weakref__", "encoding", "eol", "file", "held", "line_separator", "run")
    type_name = "ЗаписьТекста"
    spellings = spellings("Открыть Open open", "Записать Write write",
                          "ЗаписатьСтроку WriteLine writeline", "Закрыть Close close")

    def __init__(self) -> None:
        self.file: BinaryIO | None = None
        self.held: Hold | None = None
        self.run: object = None  # the runtime that made it (file_shares)
        self.encoding: Encoding = UTF8
        self.line_separator = "\n"
        self.eol = "\r\n"

    def bsl_open(self, path: Any, encoding: Any = None, line_separator: Any = None,
                 append: Any = False, eol: Any = None) -> None:
        name = _path(path)
        self.line_separator = "\n" if line_separator is None else to_string(line_separator,
                                                                             "onescript")
        self.eol = "\r\n" if eol is None else to_string(eol, "onescript")
        appending = append is not None and onescript_boolean(append)
        chosen = UTF8 if encoding is None else encoding_of(encoding)
        if appending and chosen.preamble == UTF8.preamble:
            chosen = encoding_of("UTF-8", add_bom=False)
        self.bsl_close()
        self.held = hold(self, self.run, name, writes=True, shares_read=True, shares_write=False)
        try:
            self.file = open_file(name, "ab" if appending else "wb")
            if chosen.preamble and self.file.tell() == 0:
                self.file.write(chosen.preamble)
                self.file.flush()
        except OSError as error:
            self.bsl_close()
            raise os_fault(error, name) from None
        except ProgramFault:
            self.bsl_close()
            raise
        self.encoding = chosen

    def bsl_write(self, text: Any) -> None:
        if self.file is None:
            raise ProgramFault(NOT_OPEN)
        data = to_string(text, "onescript").replace("\n", self.eol)
        self.file.write(self.encoding.encode(data))
        self.file.flush()

    def bsl_writeline(self, text: Any, separator: Any = None) -> None:
        if self.file is None:
            raise ProgramFault(NOT_OPEN)
        self.bsl_write(text)
        self.bsl_write(self.line_separator if separator is None
                       else to_string(separator, "onescript"))

    def bsl_close(self) -> None:
        if self.file is not None:
            self.file.close()
            self.file = None
        release(self.held)
        self.held = None


def _new_text_writer(runtime: Any, path: Any = None, encoding: Any = None,
                     line_separator: Any = None, append: Any = None,
                     eol: Any = None) -> TextWriter:
    writer = TextWriter()
    writer.run = runtime
    if path is not None:
        writer.bsl_open(to_string(path, "onescript"), encoding, line_separator, append, eol)
    return writer


def copy_file(source: Any, destination: Any) -> None:
    """``КопироватьФайл``: the destination is replaced (File.Copy with overwrite)."""
    src, dst = _path(source), _path(destination)
    allowed(src), allowed(dst, write=True)
    try:
        shutil.copyfile(src, dst)
    except OSError as error:
        raise os_fault(error, src if not os.path.exists(src) else dst) from None


def move_file(source: Any, destination: Any) -> None:
    """``ПереместитьФайл``: File.Move, which refuses an existing destination."""
    src, dst = _path(source), _path(destination)
    allowed(src, write=True), allowed(dst, write=True)
    if os.path.exists(dst):
        raise ProgramFault(f"Cannot create a file when that file already exists: '{dst}'")
    try:
        shutil.move(src, dst)
    except OSError as error:
        raise os_fault(error, src) from None


register_type("ЗаписьТекста", "TextWriter", _new_text_writer)

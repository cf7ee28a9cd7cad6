"""The one door of the library's objects to the file system (``ДвоичныеДанные``,
``ТекстовыйДокумент``, ``ХешированиеДанных``, the file streams, ``ЗаписьXML`` …): every
path a program names is opened, read or written here, so a policy confining file access
has one place to go.  An error of the operating system is a 1C error naming the file, which
the program's ``Попытка`` catches."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

from portinterp.errors import ProgramFault

NOT_FOUND = 'Внешнее исключение (System.IO.FileNotFoundException): Could not find file "{}"'
EXISTS = ('Внешнее исключение (System.IO.IOException): Could not create file "{}". File '
          'already exists.')


def os_fault(error: OSError, path: str) -> ProgramFault:
    """The 1C error for ``error`` on ``path``: "<reason>: '<path>'"."""
    reason = error.strerror or type(error).__name__
    return ProgramFault(f"{reason}: '{path}'")


def read_bytes(path: str) -> bytes:
    try:
        return Path(path).read_bytes()
    except OSError as error:
        raise os_fault(error, path) from None


def write_bytes(path: str, data: bytes) -> None:
    try:
        Path(path).write_bytes(data)
    except OSError as error:
        raise os_fault(error, path) from None


def open_file(path: str, mode: str) -> BinaryIO:
    """``open(path, mode)`` for the library's writers and readers ("rb", "wb", "ab")."""
    try:
        return open(path, mode)
    except OSError as error:
        raise os_fault(error, path) from None


def open_stream(path: str, flags: int, read: bool, write: bool) -> BinaryIO:
    """A file opened as .NET's ``FileStream`` opens it: ``flags`` of ``os.open`` (``O_CREAT``,
    ``O_EXCL``, ``O_TRUNC``, ``O_APPEND``) and the access asked; unbuffered, so the size and
    position a program asks for are the file's.  Its errors in .NET's words."""
    access = os.O_RDWR if read and write else os.O_WRONLY if write else os.O_RDONLY
    try:
        descriptor = os.open(path, flags | access, 0o666)
    except FileNotFoundError:
        raise ProgramFault(NOT_FOUND.format(os.path.abspath(path))) from None
    except FileExistsError:
        raise ProgramFault(EXISTS.format(os.path.abspath(path))) from None
    except OSError as error:
        raise os_fault(error, path) from None
    mode = "r+b" if read and write else "wb" if write else "rb"
    return open(descriptor, mode, buffering=0)

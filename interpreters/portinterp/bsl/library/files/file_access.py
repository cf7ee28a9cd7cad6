"""The one door of the library's objects to the file system (``ДвоичныеДанные``,
``ТекстовыйДокумент``, ``ХешированиеДанных``, the file streams, ``ЗаписьXML`` …): every
path a program names is opened, read or written here, so the run's file policy
(``portinterp.file_policy``, :func:`allowed`) is asked in one place — a path outside a
confined run's folders is ``Ошибка доступа к файлу``.  An error of the operating system is a
1C error naming the file, which the program's ``Попытка`` catches."""

from __future__ import annotations

import os
from pathlib import Path
from typing import BinaryIO

from portinterp.bsl.library.file_guard import allowed
from portinterp.errors import ProgramFault

__all__ = ["allowed", "exists", "make_directory", "open_file", "open_stream", "os_fault",
           "path_fault", "read_bytes", "status", "write_bytes"]

NOT_FOUND = 'Внешнее исключение (System.IO.FileNotFoundException): Could not find file "{}"'
EXISTS = ('Внешнее исключение (System.IO.IOException): Could not create file "{}". File '
          'already exists.')


def os_fault(error: OSError, path: str) -> ProgramFault:
    """The 1C error for ``error`` on ``path``: "<reason>: '<path>'"."""
    reason = error.strerror or type(error).__name__
    return ProgramFault(f"{reason}: '{path}'")


def read_bytes(path: str) -> bytes:
    try:
        return Path(allowed(path)).read_bytes()
    except OSError as error:
        raise os_fault(error, path) from None


def write_bytes(path: str, data: bytes) -> None:
    try:
        Path(allowed(path, write=True)).write_bytes(data)
    except OSError as error:
        raise os_fault(error, path) from None


def open_file(path: str, mode: str) -> BinaryIO:
    """``open(path, mode)`` for the library's writers and readers ("rb", "wb", "ab")."""
    try:
        return open(allowed(path, write=mode[0] in "wa" or "+" in mode), mode)
    except OSError as error:
        raise os_fault(error, path) from None


def open_stream(path: str, flags: int, read: bool, write: bool) -> BinaryIO:
    """A file opened as .NET's ``FileStream`` opens it: ``flags`` of ``os.open`` (``O_CREAT``,
    ``O_EXCL``, ``O_TRUNC``, ``O_APPEND``) and the access asked; unbuffered, so the size and
    position a program asks for are the file's.  Its errors in .NET's words."""
    access = os.O_RDWR if read and write else os.O_WRONLY if write else os.O_RDONLY
    changes = write or bool(flags & (os.O_CREAT | os.O_TRUNC | os.O_APPEND))
    try:
        descriptor = os.open(allowed(path, write=changes), flags | access, 0o666)
    except FileNotFoundError:
        raise ProgramFault(NOT_FOUND.format(os.path.abspath(path))) from None
    except FileExistsError:
        raise ProgramFault(EXISTS.format(os.path.abspath(path))) from None
    except OSError as error:
        raise os_fault(error, path) from None
    mode = "r+b" if read and write else "wb" if write else "rb"
    return open(descriptor, mode, buffering=0)


def path_fault(error: OSError, path: str, missing: str = "") -> ProgramFault:
    """.NET's words for a path that is not there or not allowed: ``missing`` "file" (a
    FileInfo), "folder" (a Directory), else as File.GetAttributes (by the folder)."""
    full = os.path.abspath(path)
    if isinstance(error, FileNotFoundError):
        folder = os.path.dirname(full.rstrip(os.sep)) or os.sep
        if missing == "file" or (not missing and os.path.isdir(folder)):
            return ProgramFault("Внешнее исключение (System.IO.FileNotFoundException): Could not "
                                f"find file '{full}'.")
        return ProgramFault("Внешнее исключение (System.IO.DirectoryNotFoundException): Could "
                            f"not find a part of the path '{full}'.")
    if isinstance(error, PermissionError):
        return ProgramFault("Внешнее исключение (System.UnauthorizedAccessException): Access to "
                            f"the path '{full}' is denied.")
    return os_fault(error, path)


def status(path: str, missing: str = "") -> os.stat_result:
    """``os.stat`` of a path a program names; .NET's words when it is not there."""
    try:
        return os.stat(allowed(path))
    except OSError as error:
        raise path_fault(error, path, missing) from None


def exists(path: str) -> bool:
    try:
        os.stat(allowed(path))
    except (OSError, ValueError):
        return False
    return True


def make_directory(path: str) -> None:
    """``Directory.CreateDirectory``: the parents too; nothing if it is there."""
    try:
        os.makedirs(allowed(path, write=True), exist_ok=True)
    except OSError as error:
        raise path_fault(error, path, "folder") from None

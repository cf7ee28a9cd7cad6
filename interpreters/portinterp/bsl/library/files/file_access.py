"""Reading and writing a whole file for the library's objects (``ДвоичныеДанные``,
``ТекстовыйДокумент``, ``ХешированиеДанных`` …): an error of the operating system is a 1C
error naming the file, which the program's ``Попытка`` catches.  Every library function
that touches a file asks the run's file policy first (``portinterp.file_policy``,
:func:`allowed`): a path outside a confined run's folders is ``Ошибка доступа к файлу``."""

from __future__ import annotations

from pathlib import Path

from portinterp.bsl.library.file_guard import allowed
from portinterp.errors import ProgramFault

__all__ = ["allowed", "os_fault", "read_bytes", "write_bytes"]


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

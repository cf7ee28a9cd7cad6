"""Reading and writing a whole file for the library's objects (``ДвоичныеДанные``,
``ТекстовыйДокумент``, ``ХешированиеДанных`` …): an error of the operating system is a 1C
error naming the file, which the program's ``Попытка`` catches.  Every library function
that touches a file asks the run's file policy first (``portinterp.file_policy``,
:func:`allowed`): a path outside a confined run's folders is ``Ошибка доступа к файлу``."""

from __future__ import annotations

from pathlib import Path

from portinterp import file_policy
from portinterp.errors import ProgramFault

REFUSED = "Ошибка доступа к файлу"


def allowed(path: str, *, write: bool = False) -> str:
    """``path``, when the run's file policy lets the program read it (or ``write`` it);
    else the 1C error ``Ошибка доступа к файлу: '<path>'``."""
    policy = file_policy.current()
    try:
        return policy.writing(path) if write else policy.reading(path)
    except file_policy.Refused:
        raise ProgramFault(f"{REFUSED}: '{path}'") from None


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

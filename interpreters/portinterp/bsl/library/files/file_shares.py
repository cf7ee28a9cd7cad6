"""Files held open by the library's objects, with .NET's sharing rules (``FileShare``), kept
in this process as Mono keeps them: ``ЗаписьТекста`` holds its file for writing and lets
others read; ``ЧтениеТекста`` opened ``Монопольно`` (its default) lets nobody else open the
file until ``Закрыть``.  An open that the holders do not share is .NET's «Sharing violation»."""

from __future__ import annotations

import os
from dataclasses import dataclass

from portinterp.errors import ProgramFault

VIOLATION = "Внешнее исключение (System.IO.IOException): Sharing violation on path {}"


@dataclass(frozen=True)
class Hold:
    key: str
    writes: bool  # the holder's access
    shares_read: bool  # what it lets others do
    shares_write: bool


_holds: list[Hold] = []


def _key(path: str) -> str:
    return os.path.realpath(path)


def hold(path: str, writes: bool, shares_read: bool, shares_write: bool) -> Hold:
    """Register an open of ``path``; .NET's error if a holder does not share it."""
    key = _key(path)
    for other in _holds:
        if other.key != key:
            continue
        refused = (other.shares_write if writes else other.shares_read) is False
        refuses = (shares_write if other.writes else shares_read) is False
        if refused or refuses:
            raise ProgramFault(VIOLATION.format(os.path.abspath(path)))
    made = Hold(key, writes, shares_read, shares_write)
    _holds.append(made)
    return made


def release(made: Hold | None) -> None:
    if made is not None and made in _holds:
        _holds.remove(made)

"""Files held open by the library's objects, with .NET's sharing rules (``FileShare``), kept
in this process as Mono keeps them: ``ЗаписьТекста`` holds its file for writing and lets
others read; ``ЧтениеТекста`` opened ``Монопольно`` (its default) lets nobody else open the
file until ``Закрыть``.  An open that the holders do not share is .NET's «Sharing violation»."""

from __future__ import annotations

import os
import weakref
from dataclasses import dataclass

from portinterp.errors import ProgramFault

VIOLATION = "Внешнее исключение (System.IO.IOException): Sharing violation on path {}"


@dataclass(frozen=True, eq=False)
class Hold:
    run: object  # a weak reference to the run (the runtime) whose object holds the file
    key: str
    writes: bool  # the holder's access
    shares_read: bool  # what it lets others do
    shares_write: bool


_holds: list[Hold] = []


def _key(path: str) -> str:
    return os.path.realpath(path)


def hold(owner: object, run: object, path: str, writes: bool, shares_read: bool,
         shares_write: bool) -> Hold:
    """Register ``owner``'s open of ``path`` in ``run`` (the runtime); .NET's error if a
    holder of the same run does not share it.  An owner that is gone holds nothing, as
    .NET's finalizer closes a stream nobody closed, and a run's holds end with it."""
    key = _key(path)
    _holds[:] = [other for other in _holds if other.run() is not None]
    for other in _holds:
        if other.key != key or other.run() is not run:
            continue
        refused = (other.shares_write if writes else other.shares_read) is False
        refuses = (shares_write if other.writes else shares_read) is False
        if refused or refuses:
            raise ProgramFault(VIOLATION.format(os.path.abspath(path)))
    made = Hold(_reference(run), key, writes, shares_read, shares_write)
    _holds.append(made)
    weakref.finalize(owner, release, made)
    return made


def _reference(run: object) -> object:
    try:
        return weakref.ref(run)
    except TypeError:  # no run known (a library call outside a program): never conflicts
        return lambda: None


def release(made: Hold | None) -> None:
    if made is not None and made in _holds:
        _holds.remove(made)

"""Where a program's file functions may reach: one policy for every library function of
every language that touches a file (1C's ``ТекстовыйДокумент.Записать``,
``КопироватьФайл``, ``НайтиФайлы``…) and for those that would start a process.

A policy is **unrestricted** (the default: a program run by hand does what its user may)
or **confined** to a few folders: a path is resolved (relative to the working folder,
links followed, ``..`` removed) and must then lie in one of the ``writable`` folders to be
written, created, moved or deleted, or in one of those or the ``readable`` ones to be read
or listed.  A confined program starts no process unless the policy says it may
(``processes``): a harness gives that only to a run that has an operating-system box of its
own, where a child is boxed with it (portcheck's ``exec``); runs sharing one box (the
forks of portcheck's zygote) start none.  A refused call raises
:class:`Refused`, which each language's library turns into its own run-time error (1C:
``Ошибка доступа к файлу``), so a program's ``Попытка`` catches it as it would any other
file error.

A harness confines a run with the environment (:data:`ENV`, read once when the run
starts, so the program cannot lift it): ``PORTINTERP_FILES=confined`` gives the working
folder and the temporary folder (``tempfile.gettempdir()``) to write, and the program's
own folder to read; ``confined:/a:/b`` adds the folders listed (``os.pathsep``) to write;
``scratch`` gives only the temporary folder to write, and the working folder and the
program's to read (a program run by hand in a folder it must not change); ``+processes``
after the kind (``scratch+processes``) lets the program start processes.
A harness running a program in its own process installs a policy (:func:`install`).

The policy is a check in the interpreter, not a wall: a harness that runs strangers'
programs also runs them where the operating system confines them (portcheck: a
bubblewrap box); between a check and the use of the path, a link changed by another
process is not seen.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterable
from dataclasses import dataclass

ENV = "PORTINTERP_FILES"
CONFINED = "confined"
SCRATCH = "scratch"
UNRESTRICTED = "unrestricted"
PROCESSES = "processes"  # ``KIND+processes``: a confined run that may start processes


class Refused(Exception):
    """A path outside the policy's folders, or a process, asked for by a program."""

    def __init__(self, path: str, why: str) -> None:
        super().__init__(f"{path}: {why}")
        self.path = path
        self.why = why


@dataclass(frozen=True)
class FilePolicy:
    """``writable`` and ``readable`` folders (resolved); both None: unrestricted.
    ``processes``: whether a confined program may start processes (an unrestricted one
    always may)."""

    writable: tuple[str, ...] | None = None
    readable: tuple[str, ...] = ()
    processes: bool = False

    @property
    def confined(self) -> bool:
        return self.writable is not None

    def describe(self) -> str:
        """One line: ``files: unrestricted`` or ``files: confined to A, B (read: C)``."""
        if self.writable is None:
            return "files: unrestricted"
        read = [folder for folder in self.readable if folder not in self.writable]
        shown = ", ".join(self.writable) or "nothing"
        return (f"files: confined to {shown}" + (f" (read: {', '.join(read)})" if read else "")
                + ("; processes allowed" if self.processes else ""))

    def reading(self, path: str) -> str:
        """``path`` if a program may read (or list) it; :class:`Refused` otherwise."""
        return self._check(path, write=False)

    def writing(self, path: str) -> str:
        """``path`` if a program may write, create, move or delete it: the innermost of the
        policy's folders that holds it is a writable one (a read-only folder inside a
        writable one stays read-only: the working folder inside the temporary one)."""
        return self._check(path, write=True)

    def starting(self, what: str) -> None:
        """:class:`Refused` when a program may not start ``what`` (a process)."""
        if self.confined and not self.processes:
            raise Refused(what, "a confined program starts no process")

    def _check(self, path: str, write: bool) -> str:
        if self.writable is None:
            return path
        resolved = os.path.realpath(os.fsdecode(path))
        holding = [(len(root), root in self.writable)
                   for root in (*self.writable, *self.readable)
                   if resolved == root or resolved.startswith(root.rstrip(os.sep) + os.sep)]
        if not holding:
            raise Refused(path, "outside the folders this run may use")
        if write and not max(holding)[1]:
            raise Refused(path, "in a folder this run may only read")
        return path


UNRESTRICTED_POLICY = FilePolicy()


def confined(writable: Iterable[str], readable: Iterable[str] = (),
             processes: bool = False) -> FilePolicy:
    """A policy confined to ``writable`` (and ``readable`` for reading), resolved now;
    ``processes``: the program may start processes."""
    resolve = os.path.realpath
    return FilePolicy(tuple(dict.fromkeys(resolve(folder) for folder in writable)),
                      tuple(dict.fromkeys(resolve(folder) for folder in readable)), processes)


def with_processes(mode: str) -> str:
    """``PORTINTERP_FILES`` ``mode`` that also lets the program start processes."""
    return mode if mode == UNRESTRICTED else f"{mode}+{PROCESSES}"


def from_environment(program: str | None = None) -> FilePolicy:
    """The policy :data:`ENV` gives a run of ``program`` started now (in its working
    folder); ValueError for a value that is none of the forms."""
    value = os.environ.get(ENV, "").strip()
    if value in ("", UNRESTRICTED):
        return UNRESTRICTED_POLICY
    head, _, extra = value.partition(":")
    kind, plus, flag = head.partition("+")
    if kind not in (CONFINED, SCRATCH) or (plus and flag != PROCESSES):
        raise ValueError(f"{ENV}={value!r}: expected {CONFINED}[+{PROCESSES}][:FOLDER…], "
                         f"{SCRATCH}[+{PROCESSES}] or {UNRESTRICTED}")
    here = [os.path.dirname(os.path.abspath(program))] if program else []
    extra_folders = [folder for folder in extra.split(os.pathsep) if folder]
    if kind == SCRATCH:
        return confined([tempfile.gettempdir(), *extra_folders], [os.getcwd(), *here],
                        bool(plus))
    return confined([os.getcwd(), tempfile.gettempdir(), *extra_folders], here, bool(plus))


_current = [UNRESTRICTED_POLICY]


def install(policy: FilePolicy) -> None:
    """Make ``policy`` the one every library function asks from now on."""
    _current[0] = policy


def current() -> FilePolicy:
    return _current[0]

"""Python bytecode for the embedded interpreters' runs within ``portcheck verify``.

Every run of a 1C, KuMir or puzzle-book program that is not forked from verify's zygote is
a fresh ``python -m portinterp.<language>`` process that imports the interpreter (about 60
modules).  Where Python may not write bytecode (``PYTHONDONTWRITEBYTECODE``, a read-only
install), each of those processes compiles every module from source again.  Within a
session (verify opens one and puts its :class:`BytecodeCache` in the run environment it
passes to every runner, ``runners.environment``), the interpreters' runs read their
bytecode from a folder of the session's own (``PYTHONPYCACHEPREFIX``), which one process
fills before the first run by importing every embedded interpreter; the first run waits
for it (compiling it all takes a second or more, which must not count against a program's
time limit).

**The bytecode is never kept in a cache shared between runs of portcheck.**  A ``.pyc`` is
code: one planted in a shared or restored cache folder (its header names only the source's
time and size) would run in every embedded run; and Python writes a ``.pyc`` with one
``write`` it does not check, so a full disk left truncated files there that failed every
later run with a traceback ("bad marshal data"), on a disk with room too.  So the folder is
a new private one (mode 0700) for each session, removed at its end; only the warm-up writes
into it (the runs are told not to), and every ``.pyc`` it wrote is loaded once before any
run may use it: a damaged one is deleted (the runs then compile that module from source).
Nothing is written beside the sources, and nothing else changes: every run still runs its
program from the start.  Without a bytecode cache in their environment (the pytest plugin,
``portcheck run``, ``fuzz``, ``exec``) the runs' environment is untouched.
"""

from __future__ import annotations

import marshal
import shutil
import sys
import tempfile
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from portcheck.runners.base import run_command
from portcheck.runners.embedded import preload_code

PREFIX_ENV = "PYTHONPYCACHEPREFIX"
NO_WRITE_ENV = "PYTHONDONTWRITEBYTECODE"

WARM_UP_SECONDS = 120.0
_HEADER = 16  # bytes of a .pyc before its marshalled code (PEP 552)


class BytecodeCache:
    """The bytecode folder of a session's embedded runs, warmed up before the first one."""

    def __init__(self, prefix: Path) -> None:
        self.prefix = prefix
        self._warm = threading.Lock()
        self._warmed = False  # its warm-up was tried

    def apply(self, env: dict[str, str]) -> dict[str, str]:
        """``env`` for an embedded interpreter's run: reading the session's bytecode,
        writing none."""
        env[PREFIX_ENV] = str(self.prefix)
        env[NO_WRITE_ENV] = "1"
        self._warm_up(env)
        return env

    def _warm_up(self, env: dict[str, str]) -> None:
        """Write the interpreters' bytecode into the empty prefix before the first run, then
        check it; the other threads' runs wait for it.  Its outcome does not matter beyond
        that: a module it could not compile is compiled by the runs, as without a session.
        Tried once a session."""
        with self._warm:
            if not self._warmed:
                writing = {k: v for k, v in env.items() if k != NO_WRITE_ENV}
                run_command([sys.executable, "-c", preload_code()], env=writing,
                            timeout=WARM_UP_SECONDS)
                discard_damaged(self.prefix)
            self._warmed = True


def discard_damaged(prefix: Path) -> list[Path]:
    """Delete every ``.pyc`` below ``prefix`` that does not load whole (what a write cut
    short by a full disk leaves); the ones deleted."""
    damaged = []
    for path in prefix.rglob("*.pyc"):
        try:
            data = path.read_bytes()
            if len(data) <= _HEADER:
                raise EOFError("no code")
            marshal.loads(memoryview(data)[_HEADER:])
        except (OSError, EOFError, ValueError, TypeError):
            damaged.append(path)
            path.unlink(missing_ok=True)
    return damaged


@contextmanager
def private_session() -> Iterator[BytecodeCache]:
    """A session's bytecode cache in a new private folder, removed when it ends."""
    prefix = Path(tempfile.mkdtemp(prefix="portcheck-pycache-"))
    try:
        yield BytecodeCache(prefix)
    finally:
        shutil.rmtree(prefix, ignore_errors=True)

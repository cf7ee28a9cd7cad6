"""Python bytecode for the embedded interpreters' runs within ``portcheck verify``.

Every run of a 1C, KuMir or puzzle-book program is a fresh ``python -m
portinterp.<language>`` process that imports the interpreter (about 60 modules).
Where Python may not write bytecode (``PYTHONDONTWRITEBYTECODE``, a read-only install),
each of those processes compiles every module from source again: about 0.05–0.09 s of CPU
a run, some 35 % of its start-up.  Within a session (verify opens one and puts its
:class:`BytecodeCache` in the run environment it passes to every runner,
``runners.environment``), the interpreters' runs keep their bytecode in portcheck's own cache
(``$PORTCHECK_CACHE/pycache``, ``PYTHONPYCACHEPREFIX``) and may write it there: the first
run writes it, the next ones read it.  Python's own ``.pyc`` rules apply (an entry is
checked against its source's time and size, written to a temporary file and renamed), so
an edited module is compiled again.  While that folder is still missing, the first run of
the session waits for one process that imports every embedded interpreter and so writes
their bytecode (and the standard library's they use): compiling it all takes a second or
more, which must not count against the first program's time limit.  Nothing is written
beside the sources, and nothing else changes: every run still runs its program from the
start.  Without a bytecode cache in their environment (the pytest plugin, ``portcheck run``,
``fuzz``, ``exec``) the runs' environment is untouched.
"""

from __future__ import annotations

import sys
import threading
from pathlib import Path

from portcheck.files.cache_root import cache_root
from portcheck.runners.base import run_command
from portcheck.runners.embedded import preload_code

PREFIX_ENV = "PYTHONPYCACHEPREFIX"
NO_WRITE_ENV = "PYTHONDONTWRITEBYTECODE"

WARM_UP_SECONDS = 120.0

class BytecodeCache:
    """The bytecode folder of a session's embedded runs, warmed up before the first one."""

    def __init__(self, prefix: Path) -> None:
        self.prefix = prefix
        self._warm = threading.Lock()
        self._warmed = False  # its warm-up was tried

    def apply(self, env: dict[str, str]) -> dict[str, str]:
        """``env`` for an embedded interpreter's run: with the cache's bytecode folder and
        leave to write there."""
        env[PREFIX_ENV] = str(self.prefix)
        env.pop(NO_WRITE_ENV, None)
        self._warm_up(env)
        return env

    def _warm_up(self, env: dict[str, str]) -> None:
        """Write the interpreters' bytecode into a missing prefix before the first run; the
        other threads' runs wait for it.  Its outcome does not matter: a module it could
        not compile is compiled by the runs, as without a session.  Tried once a session: a
        cache that cannot be written costs one warm-up, not one a run."""
        with self._warm:
            if not self._warmed and not self.prefix.is_dir():
                run_command([sys.executable, "-c", preload_code()], env=env,
                            timeout=WARM_UP_SECONDS)
            self._warmed = True


def in_portcheck_cache() -> BytecodeCache:
    """A session's bytecode cache in portcheck's cache folder (``$PORTCHECK_CACHE/pycache``)."""
    return BytecodeCache(cache_root() / "pycache")


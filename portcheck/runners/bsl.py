"""1C (BSL): ``oscript`` (OneScript) when it is installed, else the embedded interpreter
(``python -m portcheck.interp.bsl``), run as a subprocess so the time limit can stop it.

Building is a full check (parse, names, argument counts) with the embedded front-end; a
program that passed is remembered by content hash, so checking it again costs nothing.
"""

from __future__ import annotations

import hashlib
import platform
import shutil
import sys
from pathlib import Path

import portcheck
from portcheck.interp.bsl import DIALECTS, compile_file
from portcheck.interp.errors import CompileError
from portcheck.runners.base import (
    DEFAULT_TIMEOUT,
    BuildError,
    Runner,
    RunResult,
    Toolchain,
    ToolchainMissing,
    child_env,
    missing_tool_message,
    run_command,
)
from portcheck.runners.cache import BuildCache

EMBEDDED = "embedded"
OSCRIPT = "oscript"
ENGINES = (EMBEDDED, OSCRIPT)
OSCRIPT_PROGRAM = "oscript"
OSCRIPT_PACKAGE = "onescript (from oscript.io; not in Debian)"
_PACKAGE_ROOT = Path(portcheck.__file__).resolve().parent.parent


class BslRunner(Runner):
    language = "bsl"
    suffix = ".bsl"

    def __init__(self, engine: str | None = None, dialect: str = "platform", *,
                 cache: BuildCache | None = None) -> None:
        """``engine``: "oscript", "embedded", or None for oscript when it is on PATH, else
        embedded.  ``dialect`` ("platform" or "onescript") is how the embedded interpreter
        presents numbers; oscript always writes OneScript's.  ``cache`` is accepted like
        every runner's; the embedded build is a check remembered in memory."""
        if engine is not None and engine not in ENGINES:
            raise ValueError(f"unknown 1C engine {engine!r} (known: {', '.join(ENGINES)})")
        if dialect not in DIALECTS:
            raise ValueError(f"unknown 1C dialect {dialect!r} (known: {', '.join(DIALECTS)})")
        self.engine = engine or (OSCRIPT if shutil.which(OSCRIPT_PROGRAM) else EMBEDDED)
        self.dialect = dialect
        self._checked: set[str] = set()

    @property
    def name(self) -> str:
        return OSCRIPT_PROGRAM if self.engine == OSCRIPT else "bsl (embedded)"

    def toolchain(self) -> Toolchain:
        if self.engine == EMBEDDED:
            detail = (f"embedded interpreter on Python {platform.python_version()}, "
                      f"{self.dialect} presentation")
            return Toolchain(self.name, True, detail)
        found = shutil.which(OSCRIPT_PROGRAM)
        if found is None:
            return Toolchain(self.name, False,
                             missing_tool_message(OSCRIPT_PROGRAM, OSCRIPT_PACKAGE))
        return Toolchain(self.name, True, found)

    def build(self, source: Path) -> Path:
        if self.engine == OSCRIPT and shutil.which(OSCRIPT_PROGRAM) is None:
            raise ToolchainMissing(missing_tool_message(OSCRIPT_PROGRAM, OSCRIPT_PACKAGE))
        digest = hashlib.sha256(source.read_bytes()).hexdigest()
        if digest not in self._checked:
            try:
                compile_file(source)
            except CompileError as error:
                raise BuildError(str(error)) from None
            except UnicodeDecodeError as error:
                raise BuildError(f"{source}:1:1: the file is not UTF-8 ({error.reason})") \
                    from None
            self._checked.add(digest)
        return source

    def argv(self, built: Path) -> list[str]:
        if self.engine == OSCRIPT:
            return [OSCRIPT_PROGRAM, str(built)]
        return [sys.executable, "-u", "-m", "portcheck.interp.bsl", str(built),
                "--dialect", self.dialect]

    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT) -> RunResult:
        env = child_env({"PYTHONPATH": str(_PACKAGE_ROOT)})
        return run_command(self.argv(built), stdin=stdin, timeout=timeout, env=env)

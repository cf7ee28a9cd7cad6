"""The school algorithmic language (KuMir): ``kumir2-run`` when it is installed, else the
embedded interpreter (``python -m portcheck.interp.kumir``), run as a subprocess so the time
limit can stop it.

Building is a full check (parse, types, names) with the embedded front-end; a program that
passed is remembered by content hash, so checking it again costs nothing.
"""

from __future__ import annotations

import hashlib
import platform
import shutil
import sys
from pathlib import Path

import portcheck
from portcheck.interp.errors import CompileError
from portcheck.interp.kumir.cache import compile_cached
from portcheck.interp.kumir.source import DEFAULT_ENCODING
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
KUMIR = "kumir"
ENGINES = (EMBEDDED, KUMIR)
KUMIR_PROGRAM = "kumir2-run"
KUMIR_PACKAGE = "kumir2"
_PACKAGE_ROOT = Path(portcheck.__file__).resolve().parent.parent


class KumirRunner(Runner):
    language = "kumir"
    suffix = ".kum"

    def __init__(self, engine: str | None = None, *, cache: BuildCache | None = None,
                 seed: int = 1, encoding: str = DEFAULT_ENCODING) -> None:
        """``engine``: "kumir" (``kumir2-run``), "embedded", or None for kumir2-run when
        it is on PATH, else embedded.  ``cache`` is accepted like every runner's; the
        embedded build is a check remembered in memory."""
        if engine is not None and engine not in ENGINES:
            raise ValueError(f"unknown KuMir engine {engine!r} (known: {', '.join(ENGINES)})")
        self.engine = engine or (KUMIR if shutil.which(KUMIR_PROGRAM) else EMBEDDED)
        self.seed = seed
        self.encoding = encoding
        self._checked: set[str] = set()

    @property
    def name(self) -> str:
        return KUMIR_PROGRAM if self.engine == KUMIR else "kumir (embedded)"

    def toolchain(self) -> Toolchain:
        if self.engine == EMBEDDED:
            detail = f"embedded interpreter on Python {platform.python_version()}"
            return Toolchain(self.name, True, detail)
        found = shutil.which(KUMIR_PROGRAM)
        if found is None:
            return Toolchain(self.name, False,
                             missing_tool_message(KUMIR_PROGRAM, KUMIR_PACKAGE))
        return Toolchain(self.name, True, found)

    def build(self, source: Path) -> Path:
        if self.engine == KUMIR and shutil.which(KUMIR_PROGRAM) is None:
            raise ToolchainMissing(missing_tool_message(KUMIR_PROGRAM, KUMIR_PACKAGE))
        digest = hashlib.sha256(source.read_bytes() + self.encoding.encode()).hexdigest()
        if digest not in self._checked:
            try:
                # Through the interpreter's compile cache: the subprocess that runs the
                # program then finds it compiled (no Lark, no parse).
                compile_cached(source, self.encoding)
            except CompileError as error:
                raise BuildError(str(error)) from None
            self._checked.add(digest)
        return source

    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT) -> RunResult:
        if self.engine == KUMIR:
            argv = [KUMIR_PROGRAM, str(built)]
        else:
            argv = [sys.executable, "-u", "-m", "portcheck.interp.kumir", str(built),
                    "--seed", str(self.seed), "--encoding", self.encoding]
        env = child_env({"PYTHONPATH": str(_PACKAGE_ROOT)})
        return run_command(argv, stdin=stdin, timeout=timeout, env=env)

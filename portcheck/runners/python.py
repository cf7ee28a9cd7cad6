"""Python: the listing runs as it is with this interpreter; building is a syntax check."""

from __future__ import annotations

import platform
import sys
from collections.abc import Sequence
from pathlib import Path

from portcheck.runners.base import (
    DEFAULT_MAX_OUTPUT,
    DEFAULT_TIMEOUT,
    PROBE_TIMEOUT,
    BuildError,
    Runner,
    RunResult,
    Toolchain,
    run_command,
)
from portcheck.runners.cache import BuildCache
from portcheck.runners.environment import RunEnvironment

# -u: unbuffered, so a listing stopped at its time limit keeps what it printed;
# -X utf8: UTF-8 for stdin/stdout whatever the locale.
PYTHON_OPTIONS = ("-u", "-X", "utf8")


class PythonRunner(Runner):
    language = "python"
    suffix = ".py"
    name = "python"

    def __init__(self, *, cache: BuildCache | None = None,
                 environment: RunEnvironment | None = None) -> None:
        """``cache`` and ``environment`` are accepted like every runner's, and unused:
        nothing is compiled, and every run is its own."""
        self.interpreter = sys.executable

    def toolchain(self, timeout: float = PROBE_TIMEOUT) -> Toolchain:
        detail = f"Python {platform.python_version()} ({self.interpreter})"
        return Toolchain(self.name, True, detail)

    def build(self, source: Path) -> Path:
        """Check the syntax; the listing itself is what runs."""
        text = source.read_bytes()
        try:
            compile(text, str(source), "exec", dont_inherit=True)
        except SyntaxError as error:
            where = f"{source}:{error.lineno or 1}:{error.offset or 1}"
            raise BuildError(f"{where}: SyntaxError: {error.msg}") from None
        return source

    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT,
            max_output: int = DEFAULT_MAX_OUTPUT, args: Sequence[str] = ()) -> RunResult:
        argv = [self.interpreter, *PYTHON_OPTIONS, str(built.absolute()), *args]
        return run_command(argv, stdin=stdin, timeout=timeout, max_output=max_output,
                           readable=[built.absolute()])

"""What the 1C and school-language runners share: the language's real tool when it is on
PATH (OneScript's ``oscript``, ``kumir2-run``), else portcheck's embedded interpreter, run as
``python -m portcheck.interp.<language>`` in a subprocess so the time limit can stop it.

Building is a full check (parse, names, types) with the embedded front-end, remembered by
content hash, so a program that does not compile fails at build with its one-line error.
"""

from __future__ import annotations

import hashlib
import platform
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

import portcheck
from portcheck.errors import describe_exception
from portcheck.interp.errors import CompileError
from portcheck.languages import EMBEDDED, engine_for, get_language
from portcheck.runners.base import (
    DEFAULT_MAX_OUTPUT,
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

_PACKAGE_ROOT = Path(portcheck.__file__).resolve().parent.parent


class InterpretedRunner(Runner):
    """A runner with two engines: ``external`` (the real tool) and ``embedded``."""

    external_program: ClassVar[str]  # on PATH: "oscript", "kumir2-run"
    external_package: ClassVar[str]  # where to get it, for the message when it is missing

    def __init__(self, engine: str | None = None) -> None:
        """``engine``: the external tool's name, "embedded", or None (or "auto") for the
        external tool when it is on PATH, else embedded.  The engine names and the embedded
        interpreter's module come from the language registry (``portcheck.languages``)."""
        spec = get_language(self.language)
        assert spec.external is not None and spec.embedded is not None
        self.external: str = spec.external
        self.module: str = spec.embedded
        chosen = engine_for(spec, engine)
        on_path = shutil.which(self.external_program) is not None
        self.engine = chosen or (self.external if on_path else EMBEDDED)
        self._checked: set[str] = set()

    @property
    def name(self) -> str:
        return self.external_program if self.engine == self.external else \
            f"{self.language} (embedded)"

    def toolchain(self) -> Toolchain:
        if self.engine == EMBEDDED:
            detail = f"embedded interpreter on Python {platform.python_version()}"
            return Toolchain(self.name, True, detail + self.embedded_detail())
        found = shutil.which(self.external_program)
        if found is None:
            return Toolchain(self.name, False, self._missing())
        return Toolchain(self.name, True, found)

    def build(self, source: Path) -> Path:
        if self.engine == self.external and shutil.which(self.external_program) is None:
            raise ToolchainMissing(self._missing())
        digest = hashlib.sha256(source.read_bytes() + self.check_key()).hexdigest()
        if digest not in self._checked:
            self._check_here(source)
            self._checked.add(digest)
        return source

    def _check_here(self, source: Path) -> None:
        """The embedded front-end's check, every failure of it a :class:`BuildError`: the
        program's fault, or the front-end's on a program it cannot handle (a
        RecursionError on a deeply nested program), which is still this port's failure."""
        try:
            self.check(source)
        except CompileError as error:
            raise BuildError(str(error)) from None
        except UnicodeDecodeError as error:
            raise BuildError(f"{source}:1:1: the file is not in the expected encoding "
                             f"({error.reason})") from None
        except Exception as error:
            raise BuildError(f"{source}: the embedded {self.language} interpreter cannot "
                             f"compile it: {describe_exception(error)}") from None

    def argv(self, built: Path) -> list[str]:
        program = str(built.absolute())  # a run's working folder is a scratch one
        if self.engine == self.external:
            return [self.external_program, program]
        return [sys.executable, "-u", "-m", self.module, program, *self.embedded_options()]

    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT,
            max_output: int = DEFAULT_MAX_OUTPUT, args: Sequence[str] = ()) -> RunResult:
        env = child_env({"PYTHONPATH": str(_PACKAGE_ROOT)})
        return run_command([*self.argv(built), *args], stdin=stdin, timeout=timeout,
                           max_output=max_output, env=env)

    def _missing(self) -> str:
        return missing_tool_message(self.external_program, self.external_package)

    # -- what each language adds ------------------------------------------------------

    def check(self, source: Path) -> None:
        """Compile ``source`` with the embedded front-end (raises CompileError)."""
        raise NotImplementedError

    def check_key(self) -> bytes:
        """What, besides the source, a check depends on (its options)."""
        return b""

    def embedded_options(self) -> list[str]:
        return []

    def embedded_detail(self) -> str:
        return ""

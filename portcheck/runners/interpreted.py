"""What the runners of the embedded languages share: the language's real tool when it is on
PATH (OneScript's ``oscript``, ``kumir2-run``; the puzzle book's language has none), else
portcheck's embedded interpreter, run as ``python -m portinterp.<language>`` in a
subprocess so the time limit can stop it.

Building is a full check (parse, names, types) with the embedded front-end, remembered by
content hash, so a program that does not compile fails at build with its one-line error.
"""

from __future__ import annotations

import hashlib
import shutil
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import ClassVar

from portcheck.errors import describe_exception
from portcheck.files.digests import portcheck_version
from portcheck.runners.base import (
    DEFAULT_MAX_OUTPUT,
    DEFAULT_TIMEOUT,
    PROBE_TIMEOUT,
    BuildError,
    Runner,
    RunResult,
    Toolchain,
    ToolchainMissing,
    child_env,
    missing_tool_message,
    run_command,
)
from portcheck.runners.embedded import (
    DEFAULT_ENCODING,
    CompileError,
    compile_cached,
    interpreter_env,
    interpreter_module,
    interpreter_path,
)
from portcheck.runners.environment import PLAIN, RunEnvironment
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.languages import EMBEDDED, engine_for


def embedded_env() -> dict[str, str]:
    """The environment of an embedded interpreter's run, before what the run environment
    adds (``RunEnvironment.interpreter_env``): portinterp on ``PYTHONPATH`` (a run's working
    folder is a scratch one) and its compiled programs in portcheck's cache."""
    return child_env({"PYTHONPATH": str(interpreter_path()), **interpreter_env()})


class InterpretedRunner(Runner):
    """A runner with two engines: ``external`` (the real tool) and ``embedded``, or only
    ``embedded`` when the language has no real tool (``external_program`` None)."""

    external_program: ClassVar[str | None]  # on PATH: "oscript", "kumir2-run"
    external_package: ClassVar[str | None]  # where to get it, for the missing-tool message

    def __init__(self, engine: str | None = None, *,
                 environment: RunEnvironment | None = None) -> None:
        """``engine``: the external tool's name, "embedded", or None (or "auto") for the
        external tool when it is on PATH, else embedded.  The engine names and the embedded
        interpreter's language come from the language registry (``portcheck.suite.languages``).
        ``environment``: the bytecode cache and zygote the embedded runs may use."""
        self.environment = environment if environment is not None else PLAIN
        spec = builtin_languages().get(self.language)
        assert spec.embedded is not None
        self.external: str | None = spec.external
        self.interpreter: str = spec.embedded  # its name in portinterp
        self.module: str = interpreter_module(spec.embedded)
        chosen = engine_for(spec, engine)
        on_path = self.external_program is not None and \
            shutil.which(self.external_program) is not None
        self.engine = chosen or (self.external if on_path else EMBEDDED)
        self._checked: set[str] = set()

    @property
    def name(self) -> str:
        return self.external_program if self.engine == self.external else \
            f"{self.language} (embedded)"

    def toolchain(self, timeout: float = PROBE_TIMEOUT) -> Toolchain:
        if self.engine == EMBEDDED:
            import platform  # imported here, as importlib.metadata is

            detail = (f"embedded interpreter of portcheck {portcheck_version()} on Python "
                      f"{platform.python_version()}")
            return Toolchain(self.name, True, detail + self.embedded_detail())
        found = shutil.which(self.external_program) if self.external_program else None
        if found is None:
            return Toolchain(self.name, False, self._missing())
        return Toolchain(self.name, True, found)

    def build(self, source: Path) -> Path:
        if self.engine == self.external and self.toolchain().ok is False:
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
        if self.engine == self.external and self.external_program:
            return [self.external_program, program]
        return [sys.executable, "-u", "-m", self.module, *self.embedded_argv(built)]

    def embedded_argv(self, built: Path) -> list[str]:
        """The embedded interpreter's command line after ``python -u -m <module>``."""
        return [str(built.absolute()), *self.embedded_options()]

    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT,
            max_output: int = DEFAULT_MAX_OUTPUT, args: Sequence[str] = ()) -> RunResult:
        env = self.environment.interpreter_env(embedded_env())
        forks = self.environment.zygote
        if self.engine == EMBEDDED and forks is not None:  # verify: forked from its zygote
            forked = forks.take(self.interpreter, [*self.embedded_argv(built), *args],
                                stdin=stdin, timeout=timeout, max_output=max_output, env=env)
            if forked is not None:
                return forked
        return run_command([*self.argv(built), *args], stdin=stdin, timeout=timeout,
                           max_output=max_output, env=env, readable=[built.absolute()])

    def _missing(self) -> str:
        assert self.external_program is not None and self.external_package is not None
        return missing_tool_message(self.external_program, self.external_package)

    # -- what each language adds ------------------------------------------------------

    encoding: str = DEFAULT_ENCODING  # the source's; a language that takes --encoding sets it

    def check(self, source: Path) -> None:
        """Compile ``source`` with the embedded front-end (raises CompileError), through the
        interpreter's compile cache: the subprocess that runs the program then finds it
        compiled (no Lark, no parse)."""
        compile_cached(self.interpreter, source, self.encoding)

    def check_key(self) -> bytes:
        """What, besides the source, a check depends on (its options)."""
        return self.encoding.encode()

    def embedded_options(self) -> list[str]:
        return []

    def embedded_detail(self) -> str:
        return ""

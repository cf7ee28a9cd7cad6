"""``portcheck exec FILE``: run a program of a language with an embedded interpreter (1C,
the school language, the puzzle book's pseudo-language) as a program.

The engine is chosen as the language's runner chooses it (the real tool when it is on PATH,
else the embedded interpreter; ``--engine`` forces one).  With the embedded interpreter the
program runs in this process (its compiled program kept in the content-keyed cache of
``portcheck.runners.embedded``), reads this process's stdin and writes its stdout; a
compile or run-time error is one line ``file:line:col: message`` on stderr and exit code 1.
With an external engine (OneScript's ``oscript``, KuMir's ``kumir2-run``) the file is handed
to it and its exit code is returned.
"""

from __future__ import annotations

import subprocess
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.runners import get_runner
from portcheck.runners.embedded import run_here
from portcheck.runners.interpreted import InterpretedRunner
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.languages import EMBEDDED, Language


def exec_file(language: Language, path: Path, *, engine: str | None, encoding: str,
              **options: Any) -> int:
    """Run ``path`` with the engine the language's runner chooses; its exit status.
    ``options`` are the front-ends' run options (those the language does not take are
    ignored)."""
    if not language.embedded:
        raise UsageError(f"{path}: exec runs the languages of the embedded interpreters "
                         f"({', '.join(_embedded_suffixes())}); for "
                         f"{language.title} use: portcheck check ALGO {path}")
    runner = get_runner(language.name, engine=engine)
    assert isinstance(runner, InterpretedRunner)
    if runner.engine == EMBEDDED:
        return run_here(language.embedded, path, encoding=encoding, **options)
    if not runner.toolchain().ok:
        raise UsageError(f"engine {runner.engine}: {runner.toolchain().detail}")
    return subprocess.run(runner.argv(path), check=False).returncode


def _embedded_suffixes() -> list[str]:
    return [suffix for language in builtin_languages().values() if language.embedded
            for suffix in language.suffixes]


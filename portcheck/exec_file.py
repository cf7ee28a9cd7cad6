"""``portcheck exec FILE``: run a 1C or school-language program as a program.

With the embedded interpreter (its compiled program kept in the content-keyed cache of
``portcheck.interp.program_cache``) the program reads this process's stdin and writes its
stdout;
a compile or run-time error is one line ``file:line:col: message`` on stderr and exit code 1.
With an external engine (OneScript's ``oscript``, KuMir's ``kumir2-run``) the file is handed
to it and its exit code is returned.
"""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.interp.embedded import run_embedded

EXTERNAL = {"bsl": ("oscript", "oscript"), "kumir": ("kumir", "kumir2-run")}
ENGINES = ("auto", "embedded", "oscript", "kumir")


def choose_engine(language: str, engine: str | None) -> str:
    """``embedded`` or the external engine's name; ``auto`` prefers the external one."""
    external, command = EXTERNAL[language]
    if engine in (None, "auto"):
        return external if shutil.which(command) else "embedded"
    if engine not in ("embedded", external):
        raise UsageError(f"engine {engine!r} does not run {language} (use embedded or "
                         f"{external})")
    if engine == external and not shutil.which(command):
        raise UsageError(f"engine {external}: {command} is not on PATH")
    return engine


def exec_file(language: str, path: Path, *, engine: str | None = None, dialect: str = "platform",
              encoding: str = "utf-8-sig", seed: int = 1) -> int:
    chosen = choose_engine(language, engine)
    if chosen != "embedded":
        return subprocess.run([EXTERNAL[language][1], str(path)], check=False).returncode
    return run_embedded(language, path, encoding=encoding, dialect=dialect, seed=seed)

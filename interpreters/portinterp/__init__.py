"""portinterp: Python runtimes for programs in 1C (BSL, with OneScript's dialect and
library), the school algorithmic language (KuMir) and the puzzle book's pseudo-language
(Arsac) — each parsed, checked and lowered to one IR, compiled to Python once, and run.

    >>> import portinterp
    >>> result = portinterp.run_text("bsl", 'Сообщить("Привет, " + (2 + 2));')
    >>> result.output, result.exit_status
    ('Привет, 4\\n', 0)
    >>> square = "алг\\nнач\\n цел n\\n ввод n\\n вывод n * n\\nкон"
    >>> program = portinterp.compile_text("kumir", square)
    >>> [program.run(stdin).output for stdin in ("3", "12")]
    ['9', '144']
    >>> portinterp.run_text("bsl", "А = 1;\\nСообщить(А / 0);").error
    RunError('<program>:2:1: Деление на ноль')

``python -m portinterp LANGUAGE FILE`` (or ``python -m portinterp.bsl FILE``) runs a file as
a program; see interpreters/README.md.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from portinterp.api import Compiled, Result, compile_file, compile_text, run_file, run_text
    from portinterp.errors import CompileError, RunError, SourceError
    from portinterp.frontends import RunOption, run_options
    from portinterp.languages import LANGUAGES, Language, get_language, language_of_file

__all__ = ["LANGUAGES", "CompileError", "Compiled", "Language", "Result", "RunError",
           "RunOption", "SourceError", "compile_file", "compile_text", "get_language",
           "language_of_file", "run_file", "run_options", "run_text"]

# Each name is imported from its module when first asked for (PEP 562), so that importing
# one module of the package (``python -m portinterp.kumir``, the compiled-program cache,
# the harness reading the run options) does not import the compiler and every runtime.
_HOMES = {**dict.fromkeys(("Compiled", "Result", "compile_file", "compile_text", "run_file",
                           "run_text"), "portinterp.api"),
          **dict.fromkeys(("CompileError", "RunError", "SourceError"), "portinterp.errors"),
          **dict.fromkeys(("RunOption", "run_options"), "portinterp.frontends"),
          **dict.fromkeys(("LANGUAGES", "Language", "get_language", "language_of_file"),
                          "portinterp.languages")}


def __getattr__(name: str) -> Any:
    home = _HOMES.get(name)
    if home is None:
        raise AttributeError(f"module 'portinterp' has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted([*globals(), *_HOMES])

"""The API every front-end offers, and a language's front-end by name.

A front-end is a package ``portinterp.<language>`` (its name in ``languages.LANGUAGES``)
whose ``__init__`` gives the ``FrontEnd`` names below and imports no parser (a program
from the compile cache runs without Lark); see ``interpreters/docs/interpreters.md`` for the modules
inside one.  Whatever runs a language by name — ``python -m portinterp.<language>``, the
public API, the compile cache, the zygote — finds its front-end here.
"""

from __future__ import annotations

import argparse
import importlib
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, TextIO, cast

if TYPE_CHECKING:
    from portinterp.core import ir
    from portinterp.core.program import Program

from portinterp.core.source import DEFAULT_ENCODING
from portinterp.languages import LANGUAGES, RunOption, get_language

__all__ = ["DEFAULT_ENCODING", "FrontEnd", "RunOption", "front_end", "run_options",
           "text_encoding"]


def text_encoding(name: str) -> str:
    """``name`` if Python decodes text with it (the ``--encoding`` of every command that
    runs a program), else ``argparse.ArgumentTypeError``: ``rot13`` and ``hex`` are codecs,
    but not of bytes to text, and ``undefined`` decodes nothing."""
    try:
        b"abcd".decode(name)  # (an empty text would not show whether it is a text codec)
    except UnicodeDecodeError:
        pass  # a text encoding, which these four bytes just are not
    except (LookupError, UnicodeError):
        raise argparse.ArgumentTypeError(f"{name!r} is not a text encoding "
                                         "(e.g. utf-8, cp1251)") from None
    return name


class FrontEnd(Protocol):
    """What every front-end package offers (module-level names)."""

    RUN_OPTIONS: tuple[RunOption, ...]

    def compile_text(self, text: str, filename: str = ...) -> Program:
        """Parse, check and compile (``CompileError`` on a mistake)."""
        ...

    def compile_file(self, path: Path, *, encoding: str = ...) -> Program: ...

    def lower_text(self, text: str, filename: str = ...) -> ir.Module:
        """The checked program in the IR, after the language's own passes."""
        ...

    def run_program(self, program: Program, *, stdin: TextIO, stdout: TextIO,
                    **options: Any) -> list[str]:
        """Run with the ``RUN_OPTIONS``; the warnings (``RunError`` on a run-time error)."""
        ...

    def run_file(self, path: Path, *, stdin: TextIO, stdout: TextIO,
                 **options: Any) -> list[str]:
        """``compile_file`` (``encoding=`` among the options) and ``run_program``."""
        ...


def front_end(language: str) -> FrontEnd:
    """The front-end package of ``language`` (a key of ``languages.LANGUAGES``)."""
    return cast(FrontEnd, importlib.import_module(get_language(language).package))


def run_options(language: str | None = None) -> list[RunOption]:
    """The run options of ``language``; with none, every front-end's, each once (what one
    command line serving every language offers, as ``portcheck exec`` does)."""
    found: dict[str, RunOption] = {}
    for name in [language] if language is not None else LANGUAGES:
        for option in get_language(name).run_options:  # the front-ends are not imported
            found.setdefault(option.name, option)
    return list(found.values())

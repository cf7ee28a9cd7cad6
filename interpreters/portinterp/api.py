"""The public API (``portinterp/__init__.py`` re-exports it): compile a program once, run it
with a given input as often as wanted, and read what the run gave — its output, exit status,
error and warnings — as a :class:`Result`.

A compile error or a run-time error of the program is part of the result (exit status 1,
``error`` the :class:`~portinterp.errors.SourceError` naming its place), as the command line
reports it; only a mistake of the caller raises: an unknown language (``LookupError``), an
option the language does not take (``TypeError``) or a value it refuses (``ValueError``).
"""

from __future__ import annotations

import io
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from portinterp.core.program import Program
from portinterp.core.source import DEFAULT_ENCODING
from portinterp.errors import CompileError, SourceError
from portinterp.frontends import front_end
from portinterp.languages import get_language, language_of_file

__all__ = ["Compiled", "Result", "compile_file", "compile_text", "run_file", "run_text"]


@dataclass(frozen=True)
class Result:
    """What one run gave."""

    output: str  # everything the program printed (up to its error, if it stopped on one)
    exit_status: int  # 0, or 1 after a compile or run-time error
    error: SourceError | None = None  # str(error) is the one line ``file:line:col: message``
    warnings: tuple[str, ...] = ()  # ``file:line:col: warning: …``, in the order given

    @property
    def ok(self) -> bool:
        return self.exit_status == 0


@dataclass(frozen=True)
class Compiled:
    """A program compiled once (``compile_text``, ``compile_file``): each ``run`` starts it
    afresh, with a runtime of its own."""

    language: str  # its name in ``languages.LANGUAGES``
    program: Program  # the compiled module (``program.python_source`` is the Python made)

    def run(self, stdin: str = "", **options: Any) -> Result:
        """Run with ``stdin`` as the program's input and the language's run options by name
        (``dialect="onescript"`` for 1C, ``seed=7`` for KuMir: ``run_options(language)``
        lists them)."""
        front = front_end(self.language)
        known = {option.name for option in front.RUN_OPTIONS}
        unknown = sorted(set(options) - known)
        if unknown:
            raise TypeError(f"{self.language} takes no run option {', '.join(unknown)} "
                            f"(it takes: {', '.join(sorted(known)) or 'none'})")
        output = io.StringIO()
        try:
            warnings = front.run_program(self.program, stdin=io.StringIO(stdin), stdout=output,
                                         **options)
        except SourceError as error:
            return Result(output.getvalue(), 1, error)
        return Result(output.getvalue(), 0, None, tuple(warnings))


def compile_text(language: str, text: str, filename: str = "<program>") -> Compiled:
    """Compile ``text``, a program in ``language`` (``"bsl"``, ``"kumir"``, ``"arsac"``);
    errors name ``filename``.  A mistake in the program raises
    :class:`~portinterp.errors.CompileError`."""
    get_language(language)
    return Compiled(language, front_end(language).compile_text(text, filename))


def compile_file(path: Path | str, language: str | None = None, *,
                 encoding: str = DEFAULT_ENCODING, cache: bool | Path = False) -> Compiled:
    """Compile the program in ``path`` (its language from its suffix unless given; its text
    in ``encoding``).  ``cache``: keep the compiled program between processes
    (``program_cache``): True for ``$PORTINTERP_CACHE`` or ``~/.cache/portinterp``, or the
    folder.  A mistake in the program raises :class:`~portinterp.errors.CompileError`."""
    path = Path(path)
    name = language if language is not None else language_of_file(path).name
    get_language(name)
    if cache is False:
        return Compiled(name, front_end(name).compile_file(path, encoding=encoding))
    from portinterp import program_cache

    folder = None if cache is True else Path(cache)
    return Compiled(name, program_cache.compile_cached(name, path, encoding, cache=folder))


def run_text(language: str, text: str, stdin: str = "", *, filename: str = "<program>",
             **options: Any) -> Result:
    """Compile and run ``text`` with ``stdin``; a compile error is in the result."""
    try:
        compiled = compile_text(language, text, filename)
    except CompileError as error:
        return Result("", 1, error)
    return compiled.run(stdin, **options)


def run_file(path: Path | str, stdin: str = "", *, language: str | None = None,
             encoding: str = DEFAULT_ENCODING, cache: bool | Path = False,
             **options: Any) -> Result:
    """Compile and run the program in ``path`` with ``stdin``; a compile error, or a file
    that is not text in ``encoding``, is in the result."""
    try:
        compiled = compile_file(path, language, encoding=encoding, cache=cache)
    except CompileError as error:
        return Result("", 1, error)
    except UnicodeDecodeError as error:
        return Result("", 1, CompileError(str(path), 1, 1, f"the file is not {encoding} text "
                                          f"({error.reason})"))
    return compiled.run(stdin, **options)

"""Errors of the interpreters, all of which name a place in the source program, and the
one line that reports a failure of an interpreter itself."""

from __future__ import annotations

import traceback
from pathlib import Path


class ProgramFault(Exception):
    """Raised by a runtime function: a run-time error of the interpreted program, worded as
    the language words it (``Деление на ноль``).  The core adds the source position."""

    def __init__(self, message: str) -> None:
        super().__init__(message)
        self.message = message


class SourceError(Exception):
    """An error at a place in a source file: ``file:line:col: message``."""

    kind = "error"

    def __init__(self, filename: str, line: int, col: int, message: str) -> None:
        super().__init__(f"{filename}:{line}:{col}: {message}")
        self.filename = filename
        self.line = line
        self.col = col
        self.message = message


class CompileError(SourceError):
    """The program cannot be run at all: a syntax error, an unknown name, a wrong call."""

    kind = "compile error"


class RunError(SourceError):
    """The program stopped with a run-time error."""

    kind = "run-time error"


def describe_exception(error: BaseException) -> str:
    """One line for an exception no interpreter expected (a bug of portinterp, never the
    program's): its type, its first line and the innermost place it was raised
    (``RecursionError: maximum recursion depth exceeded (at portinterp/core/program.py:120)``),
    for a report a maintainer can act on."""
    said = error.msg if isinstance(error, SyntaxError) else str(error)
    lines = str(said).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        text += f" (at {_short(frames[-1].filename)}:{frames[-1].lineno})"
    return text


def _short(filename: str) -> str:
    """A file of portinterp as ``portinterp/…``; any other as it is."""
    parts = Path(filename).parts
    if "portinterp" not in parts:
        return filename
    return "/".join(parts[len(parts) - 1 - parts[::-1].index("portinterp"):])

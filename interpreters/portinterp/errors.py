"""Errors of the embedded interpreters, all of which name a place in the source program."""

from __future__ import annotations


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

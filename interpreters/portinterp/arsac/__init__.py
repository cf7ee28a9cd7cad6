"""The embedded interpreter of the puzzle book's pseudo-language («Программирование игр и
головоломок», J. Arsac's book in Russian: ``ТАБЛИЦА``, ``ДЛЯ … ВЫПОЛНЯТЬ … ВЕРНУТЬСЯ``,
labels and ``ПЕРЕЙТИ К``).  The front-end API of ``portinterp.frontends``.

Source text is parsed with a Lark grammar, checked and lowered to the shared IR
(``lower``), compiled to Python once by the shared core and run with
:class:`~portinterp.arsac.runtime.core.ArsacRuntime`.  See interpreters/docs/arsac.md.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from portinterp.arsac.runtime.core import ArsacRuntime
from portinterp.core import ir
from portinterp.core.deep import on_big_stack
from portinterp.core.program import Program, compile_module
from portinterp.core.source import read_source
from portinterp.frontends import DEFAULT_ENCODING, RunOption

__all__ = ["RUN_OPTIONS", "compile_file", "compile_text",
           "lower_text", "run_file", "run_program"]

RUN_OPTIONS: tuple[RunOption, ...] = ()


@on_big_stack
def lower_text(text: str, filename: str = "<program>") -> ir.Module:
    """Check a program and lower it to the IR (``CompileError`` on a mistake)."""
    # Imported here: a program from the compile cache runs without Lark.
    from portinterp.arsac.frontend.lower import lower
    from portinterp.arsac.frontend.parser import parse

    return lower(parse(text, filename), filename)


@on_big_stack
def compile_text(text: str, filename: str = "<program>") -> Program:
    return compile_module(lower_text(text, filename), ArsacRuntime)


def compile_file(path: Path, *, encoding: str = DEFAULT_ENCODING) -> Program:
    return compile_text(read_source(path, encoding), str(path))


def run_program(program: Program, *, stdin: TextIO, stdout: TextIO) -> list[str]:
    """Run a compiled program; returns the warnings (none: the language has no dialects)."""
    runtime = ArsacRuntime(stdout, stdin)
    program.run(runtime)
    return runtime.warnings


def run_file(path: Path, *, stdin: TextIO, stdout: TextIO,
             encoding: str = DEFAULT_ENCODING) -> list[str]:
    """Compile and run ``path``, streaming its output; raises CompileError / RunError."""
    return run_program(compile_file(path, encoding=encoding), stdin=stdin, stdout=stdout)

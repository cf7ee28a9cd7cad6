"""The embedded interpreter of the school algorithmic language (KuMir).  The front-end API
of ``portinterp.frontends``.

Source text is parsed with a Lark grammar, type-checked and lowered to the shared IR
(``lower``), then compiled to Python once by the shared core and run with
:class:`~portinterp.kumir.runtime.core.KumirRuntime`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from portinterp.core import ir
from portinterp.core.deep import on_big_stack
from portinterp.core.program import Program, compile_module
from portinterp.core.source import read_source
from portinterp.frontends import DEFAULT_ENCODING
from portinterp.kumir.runtime.core import Halt, KumirRuntime
from portinterp.languages import get_language

__all__ = ["RUN_OPTIONS", "compile_file", "compile_text",
           "lower_text", "run_file", "run_program"]

RUN_OPTIONS = get_language("kumir").run_options  # --seed


@on_big_stack
def lower_text(text: str, filename: str = "<program>") -> ir.Module:
    """Check a program and lower it to the IR, after the range analysis (``CompileError``
    on a mistake)."""
    # Imported here: Lark costs a third of the start-up, and a cached program needs none.
    from portinterp.kumir.frontend.lower import lower
    from portinterp.kumir.frontend.parser import parse

    tree, errors = parse(text, filename)
    return lower(tree, filename, errors)


@on_big_stack
def compile_text(text: str, filename: str = "<program>") -> Program:
    """Compile school-language source text (``CompileError`` on a mistake)."""
    return compile_module(lower_text(text, filename), KumirRuntime)


def compile_file(path: Path, *, encoding: str = DEFAULT_ENCODING) -> Program:
    return compile_text(read_source(path, encoding), str(path))


def run_program(program: Program, *, stdin: TextIO, stdout: TextIO, seed: int = 1) -> list[str]:
    """Run a compiled program (its first algorithm); returns the warnings."""
    runtime = KumirRuntime(stdout, stdin, seed)
    try:
        program.run(runtime)
    except Halt:
        stdout.write("\nСТОП.")
    return runtime.warnings


def run_file(path: Path, *, stdin: TextIO, stdout: TextIO, encoding: str = DEFAULT_ENCODING,
             seed: int = 1) -> list[str]:
    """Compile and run ``path``, streaming its output; raises CompileError / RunError."""
    return run_program(compile_file(path, encoding=encoding), stdin=stdin, stdout=stdout,
                       seed=seed)

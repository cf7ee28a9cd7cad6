"""The embedded interpreter of the school algorithmic language (KuMir).  The front-end API
of ``portcheck.interp.frontends``.

Source text is parsed with a Lark grammar, type-checked and lowered to the shared IR
(``lower``), then compiled to Python once by the shared core and run with
:class:`~portcheck.interp.kumir.runtime.KumirRuntime`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from portcheck.interp import ir
from portcheck.interp.core import Program, compile_module
from portcheck.interp.deep import on_big_stack
from portcheck.interp.frontends import DEFAULT_ENCODING, RunOption
from portcheck.interp.kumir.runtime import KumirRuntime
from portcheck.interp.kumir.source import read_source

__all__ = ["DESCRIPTION", "RUN_OPTIONS", "compile_file", "compile_text",
           "lower_text", "run_file", "run_program"]

DESCRIPTION = "Run a school-algorithmic-language program."
RUN_OPTIONS = (
    RunOption("seed", int, 1, help="seed of rnd/irnd (default 1)"),
)


@on_big_stack
def lower_text(text: str, filename: str = "<program>") -> ir.Module:
    """Check a program and lower it to the IR, after the range analysis (``CompileError``
    on a mistake)."""
    # Imported here: Lark costs a third of the start-up, and a cached program needs none.
    from portcheck.interp.kumir.lower import lower
    from portcheck.interp.kumir.parser import parse

    return lower(parse(text, filename), filename)


@on_big_stack
def compile_text(text: str, filename: str = "<program>") -> Program:
    """Compile school-language source text (``CompileError`` on a mistake)."""
    return compile_module(lower_text(text, filename), KumirRuntime)


def compile_file(path: Path, *, encoding: str = DEFAULT_ENCODING) -> Program:
    return compile_text(read_source(path, encoding), str(path))


def run_program(program: Program, *, stdin: TextIO, stdout: TextIO, seed: int = 1) -> list[str]:
    """Run a compiled program (its first algorithm); returns the warnings."""
    runtime = KumirRuntime(stdout, stdin, seed)
    program.run(runtime)
    return runtime.warnings


def run_file(path: Path, *, stdin: TextIO, stdout: TextIO, encoding: str = DEFAULT_ENCODING,
             seed: int = 1) -> list[str]:
    """Compile and run ``path``, streaming its output; raises CompileError / RunError."""
    return run_program(compile_file(path, encoding=encoding), stdin=stdin, stdout=stdout,
                       seed=seed)

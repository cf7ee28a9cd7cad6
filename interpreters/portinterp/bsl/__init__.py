"""The embedded 1C (BSL) interpreter: parse once, lower to the shared IR, run as Python.
The front-end API of ``portinterp.frontends``.

>>> import io, pathlib
>>> warnings = run_file(pathlib.Path("prog.bsl"), stdin=io.StringIO(), stdout=sys.stdout)
"""

from __future__ import annotations

from pathlib import Path
from typing import TextIO

from portinterp.bsl.frontend.source import normalise, read_source
from portinterp.bsl.library import load_object_types
from portinterp.bsl.platform import BslRuntime
from portinterp.bsl.runtime.formatting import DIALECTS
from portinterp.bsl.runtime.objects import add_type_loader
from portinterp.core import ir
from portinterp.core.deep import on_big_stack
from portinterp.core.program import Program, compile_module
from portinterp.frontends import DEFAULT_ENCODING
from portinterp.languages import get_language

__all__ = ["DIALECTS", "RUN_OPTIONS", "compile_file", "compile_text",
           "lower_text", "run_file", "run_program"]

# The wiring of the three parts: the run-time core's registry of object types gets the
# library's types (imported the first time a program asks for one by name).
add_type_loader(load_object_types)

RUN_OPTIONS = get_language("bsl").run_options  # --dialect: one of DIALECTS


@on_big_stack
def lower_text(text: str, filename: str = "<program>") -> ir.Module:
    """Check 1C source text and lower it to the IR, operators specialised by their static
    types (``CompileError`` on a syntax or checking error)."""
    # Imported here: Lark is a good part of the start-up, and a cached program needs none.
    from portinterp.bsl.frontend.lower import lower
    from portinterp.bsl.frontend.parser import parse

    return lower(parse(normalise(text, filename), filename), filename)


@on_big_stack
def compile_text(text: str, filename: str = "<program>") -> Program:
    """Compile 1C source text (``CompileError`` on a syntax or checking error)."""
    return compile_module(lower_text(text, filename), BslRuntime)


def compile_file(path: Path, *, encoding: str = DEFAULT_ENCODING) -> Program:
    return compile_text(read_source(path, encoding), str(path))


def run_program(program: Program, *, stdin: TextIO, stdout: TextIO,
                dialect: str = "platform") -> list[str]:
    """Run a compiled program; returns its warnings (``RunError`` on a run-time error)."""
    if dialect not in DIALECTS:
        raise ValueError(f"unknown dialect {dialect!r} (expected one of {', '.join(DIALECTS)})")
    runtime_class = BslRuntime
    if dialect == "onescript":  # imported here: the platform's start-up does not need it
        from portinterp.bsl.onescript import OneScriptRuntime

        runtime_class = OneScriptRuntime
    runtime = runtime_class(stdout, stdin, dialect)
    program.run(runtime)
    return runtime.warnings


def run_file(path: Path, *, stdin: TextIO, stdout: TextIO, encoding: str = DEFAULT_ENCODING,
             dialect: str = "platform") -> list[str]:
    """Compile and run a 1C file, streaming its output; returns its warnings."""
    return run_program(compile_file(path, encoding=encoding), stdin=stdin, stdout=stdout,
                       dialect=dialect)

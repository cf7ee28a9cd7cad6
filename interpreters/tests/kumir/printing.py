"""What a KuMir program prints, with its run-time error after a ``!`` — what the
differential tests of the compiler's passes compare (a program against the same program
compiled without the pass), and the Python a program compiles to."""

from __future__ import annotations

import io
from unittest import mock

from portinterp.errors import RunError
from portinterp.kumir import compile_text, run_program
from portinterp.kumir.frontend import lower


def printed(text: str) -> str:
    """The program's output, and ``!`` and its error where it stops with one."""
    out = io.StringIO()
    try:
        run_program(compile_text(text, "t.kum"), stdin=io.StringIO(), stdout=out)
    except RunError as error:
        return out.getvalue() + f"!{error}"
    return out.getvalue()


def python_source(text: str) -> str:
    """The Python source the program compiles to."""
    return compile_text(text, "t.kum").python_source


def printed_without(step: str, text: str) -> str:
    """What the program prints compiled without the lowering step ``step`` of
    ``portinterp.kumir.frontend.lower`` (its module passed on unchanged): the general path
    a pass's differential test compares with."""
    with mock.patch.object(lower, step, lambda module, *_: module):
        return printed(text)

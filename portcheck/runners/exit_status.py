"""How a program that failed is described in one line: how it ended (``exit code 2``,
``killed by SIGSEGV``) and the line of its stderr that says what went wrong.

The error line is the last line of stderr that is neither a stack frame nor the indented
continuation of a message: the exception of a Java stack trace (``Caused by:`` when there
is one) rather than its ``at Freecell.main(…)`` frame, a Free Pascal ``Runtime error 201``
rather than the addresses after it, a Python traceback's last line, the first line of an
embedded interpreter's multi-line error message.
"""

from __future__ import annotations

import re
import signal

# A stack frame: Java's "\tat pkg.Class.method(File.java:10)" and "... 3 more", Free
# Pascal's "  $000000000040123A" (with or without the routine and line after it).
FRAME = re.compile(r"\s*(at \S|\.\.\. \d+ more$|\$[0-9A-Fa-f]{8,})")
PASCAL_RUNTIME_ERROR = re.compile(r"Runtime error (\d+) at \$[0-9A-Fa-f]+")
# The Free Pascal run-time errors a port meets (the Free Pascal manual, "Run-time errors").
PASCAL_ERRORS = {
    200: "division by zero",
    201: "range check error",
    202: "stack overflow",
    203: "heap overflow",
    204: "invalid pointer operation",
    205: "floating point overflow",
    207: "invalid floating point operation",
    215: "arithmetic overflow",
    216: "general protection fault",
    217: "unhandled exception",
}


def how_it_ended(returncode: int) -> str:
    """``exit code 3``, or ``killed by SIGSEGV`` for a program a signal ended."""
    if returncode >= 0:
        return f"exit code {returncode}"
    try:
        name = signal.Signals(-returncode).name
    except ValueError:
        name = f"signal {-returncode}"
    return f"killed by {name}"


def error_line(stderr: str) -> str:
    """The line of ``stderr`` that says what went wrong ("" when there is none)."""
    lines = [line.rstrip() for line in stderr.splitlines() if line.strip()]
    headlines = [line for line in lines if not line[0].isspace() and not FRAME.match(line)]
    chosen = (headlines or lines or [""])[-1]
    return PASCAL_RUNTIME_ERROR.sub(_pascal_meaning, chosen)


def _pascal_meaning(match: re.Match[str]) -> str:
    code = int(match.group(1))
    meaning = PASCAL_ERRORS.get(code)
    return f"Runtime error {code}" + (f" ({meaning})" if meaning else "")

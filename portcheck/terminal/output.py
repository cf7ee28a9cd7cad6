"""portcheck's own stdout and stderr, whatever they are connected to: a terminal that cannot
show every character (``PYTHONIOENCODING=ascii``), a pipe whose reader stopped reading
(``portcheck list | head -1``), a full disk (``> /dev/full``).  Each ends in one line or a
quiet exit, never a traceback, and no character is silently changed: what the encoding
cannot hold is written as a backslash escape (``\\u2666``).
"""

from __future__ import annotations

import io
import os
import sys

from portcheck.terminal.controls import escape_controls

SIGPIPE_STATUS = 141  # 128 + SIGPIPE, as a shell reports a writer whose reader went away


def closed_streams() -> str | None:
    """``output`` or ``error`` when that standard stream was closed when portcheck started
    (Python then has no stream for it; a file opened later would take its descriptor)."""
    if sys.stdout is None:
        return "output"
    if sys.stderr is None:
        return "error"
    return None


def escape_what_cannot_be_encoded() -> None:
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def write_program_text(text: str) -> None:
    """Text of a program (what it printed, a listing of its source) on stdout: as it is
    into a file or a pipe, its control characters escaped on a terminal."""
    sys.stdout.write(escape_controls(text) if sys.stdout.isatty() else text)


def flush() -> None:
    """Write out what is buffered now, so a failure to write is seen here, not at exit."""
    sys.stdout.flush()


def say(line: str) -> None:
    """One line on stderr, its control characters escaped (it may quote a port's or a
    file's words); if even stderr cannot be written, nothing more can be done."""
    if sys.stderr is None:
        return
    try:
        print(escape_controls(line), file=sys.stderr, flush=True)
    except OSError:
        pass


def quiet_after_broken_pipe() -> int:
    """The reader of stdout has gone: point stdout at /dev/null so nothing more fails
    (Python flushes stdout once more at exit) and end quietly."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    return SIGPIPE_STATUS


def describe_os_error(error: OSError) -> str:
    """``golden/x.yaml: Permission denied``; for an error with no file, which is stdout
    failing (``> /dev/full``), ``cannot write the output: No space left on device`` (and
    stdout is dropped, so the final flush at exit does not fail again)."""
    if error.filename is not None:
        return f"{error.filename}: {error.strerror or error}"
    quiet_after_broken_pipe()
    return f"cannot write the output: {error.strerror or error}"

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

SIGPIPE_STATUS = 141  # 128 + SIGPIPE, as a shell reports a writer whose reader went away


def escape_what_cannot_be_encoded() -> None:
    for stream in (sys.stdout, sys.stderr):
        if isinstance(stream, io.TextIOWrapper):
            stream.reconfigure(errors="backslashreplace")


def flush() -> None:
    """Write out what is buffered now, so a failure to write is seen here, not at exit."""
    sys.stdout.flush()


def say(line: str) -> None:
    """One line on stderr; if even stderr cannot be written, nothing more can be done."""
    try:
        print(line, file=sys.stderr, flush=True)
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

"""The two ways a portcheck command fails, and the exit code of each."""

from __future__ import annotations

import traceback
from pathlib import Path

EXIT_FAILED = 1  # a check failed: the ports, the goldens or the reference disagree
EXIT_USAGE = 2  # the user's input is wrong: a name, an argument, a file


class UsageError(Exception):
    """Bad input: an unknown name, a value out of range, a malformed file.  Its text is the
    one line the user sees (``file:line: message`` where there is a file)."""

    exit_code = EXIT_USAGE


class CheckFailed(Exception):
    """A check ran and found a difference; the report has already been printed."""

    exit_code = EXIT_FAILED


def describe_exception(error: BaseException) -> str:
    """One line for an unexpected exception: its type, its first line and the innermost
    place it was raised (``RecursionError: maximum recursion depth exceeded (at
    portcheck/verify.py:120)``), for a report a maintainer can act on."""
    said = error.msg if isinstance(error, SyntaxError) else str(error)
    lines = str(said).strip().splitlines()
    text = f"{type(error).__name__}: {lines[0]}" if lines else type(error).__name__
    frames = traceback.extract_tb(error.__traceback__)
    if frames:
        text += f" (at {_short(frames[-1].filename)}:{frames[-1].lineno})"
    return text


def _short(filename: str) -> str:
    """A file of portcheck as ``portcheck/…``; any other as it is."""
    parts = Path(filename).parts
    if "portcheck" not in parts:
        return filename
    return "/".join(parts[len(parts) - 1 - parts[::-1].index("portcheck"):])

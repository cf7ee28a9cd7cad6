"""The two ways a portcheck command fails, and the exit code of each."""

from __future__ import annotations

EXIT_FAILED = 1  # a check failed: the ports, the goldens or the reference disagree
EXIT_USAGE = 2  # the user's input is wrong: a name, an argument, a file


class UsageError(Exception):
    """Bad input: an unknown name, a value out of range, a malformed file.  Its text is the
    one line the user sees (``file:line: message`` where there is a file)."""

    exit_code = EXIT_USAGE


class CheckFailed(Exception):
    """A check ran and found a difference; the report has already been printed."""

    exit_code = EXIT_FAILED

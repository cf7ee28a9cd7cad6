"""The values options take, checked as they are parsed (argparse types), for the command
line and the pytest plugin alike: a bad value is one usage line, never a run that cannot
end (``--timeout inf``, ``--deep 99999999999``).
"""

from __future__ import annotations

import argparse
import math
from collections.abc import Callable

from portcheck.terminal.sizes import parse_size, size_text

MAX_TIMEOUT = 3600.0


def seconds(text: str) -> float:
    """A time limit: a number of seconds above 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"{text!r}: a time limit is above 0 and at most "
                                         f"{MAX_TIMEOUT:g} s")
    return value


def percent(text: str) -> float:
    """A score to reach: a number of percent from 0 to 100 (a bar of -1 passes anything,
    one of 150 nothing)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of percent") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{text!r}: a score is from 0 to 100 %")
    return value


MAX_DEEP = 1000  # other inputs a deep check draws: more is a typo, not a wish
MAX_FUZZ = 100_000  # inputs of one fuzz run: each is rendered into the program


def count(low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number from ``low`` (to ``high``) (argparse type)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{value} is above {high}")
        return value
    return parse


def size(text: str) -> int:
    """An output limit: a size in bytes (``16M``), at least 1 KiB."""
    try:
        value = parse_size(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    if value < MIN_OUTPUT:
        raise argparse.ArgumentTypeError(f"{text!r}: an output limit is at least "
                                         f"{size_text(MIN_OUTPUT)}")
    return value


MIN_OUTPUT = 1024

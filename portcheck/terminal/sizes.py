"""Sizes in bytes as a person writes and reads them: ``16M``, ``512k``, ``16 MiB``."""

from __future__ import annotations

import re

UNITS = {"": 1, "k": 1 << 10, "m": 1 << 20, "g": 1 << 30}
SIZE = re.compile(r"([0-9]+)\s*([kmg]?)(i?b)?", re.IGNORECASE)


def parse_size(text: str) -> int:
    """``"16M"`` -> 16777216 (k, M, G are powers of 1024; a trailing B or iB is allowed);
    ``ValueError`` for anything else."""
    match = SIZE.fullmatch(text.strip())
    if not match:
        raise ValueError(f"{text!r} is not a size (e.g. 16M, 512k, 1048576)")
    return int(match.group(1)) * UNITS[match.group(2).lower()]


def size_text(size: int) -> str:
    """16777216 -> ``"16 MiB"``; a size that is no whole number of a unit in bytes."""
    for unit, name in ((1 << 30, "GiB"), (1 << 20, "MiB"), (1 << 10, "KiB")):
        if size >= unit and size % unit == 0:
            return f"{size // unit} {name}"
    return f"{size} bytes"

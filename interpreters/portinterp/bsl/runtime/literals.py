"""Values of 1C literals: numbers, strings (with ``""`` and ``|`` lines), dates."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

_CONTINUATION = re.compile(r"\n[ \t]*(?://[^\n]*\n[ \t]*)*\|")


def number_value(text: str) -> int | Decimal:
    """A whole number as ``int``; ``1.50`` keeps its scale, but 0…9 written with zeros
    (``1.0``) is the whole number: OneScript caches those values without their scale, and
    the platform prints no trailing zeros anyway."""
    if "." not in text:
        return int(text)
    value = Decimal(text)
    return int(value) if 0 <= value <= 9 and value == value.to_integral_value() else value


def string_value(tokens: list[str]) -> str:
    """Adjacent literals ``"a" "b"`` are one string with a line feed between the parts
    (as in 1C); a part may continue on lines starting with ``|``."""
    parts = [_CONTINUATION.sub("\n", token[1:-1]).replace('""', '"') for token in tokens]
    return "\n".join(parts)


def date_value(text: str) -> datetime | None:
    """``'20240101'`` or ``'20240101123000'`` (separators ignored); None if invalid."""
    digits = "".join(ch for ch in text[1:-1] if ch.isdigit())
    if len(digits) not in (8, 12, 14):
        return None
    digits = digits.ljust(14, "0")
    fields = [int(digits[a:b]) for a, b in ((0, 4), (4, 6), (6, 8), (8, 10), (10, 12),
                                             (12, 14))]
    if fields[:3] == [0, 0, 0]:
        fields[:3] = [1, 1, 1]
    try:
        return datetime(*fields)
    except ValueError:
        return None

"""Counted nouns as a person writes them: ``1 port``, ``2 ports``, ``1 case``."""

from __future__ import annotations


def plural(count: int, noun: str, many: str | None = None) -> str:
    """``count`` and its noun, singular for one (``many``: the plural when it is not
    ``noun`` + s)."""
    return f"{count} {noun if count == 1 else (many or noun + 's')}"

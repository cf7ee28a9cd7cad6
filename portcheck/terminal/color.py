"""Coloured diffs on a terminal, with Pygments' diff lexer: added lines green, removed red.

``--color auto`` (the default) colours only when the output is a terminal and ``NO_COLOR``
is not set (https://no-color.org); ``always`` and ``never`` decide for you.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import TextIO

CHOICES = ("auto", "always", "never")


def wants_color(choice: str, stream: TextIO) -> bool:
    if choice == "always":
        return True
    if choice == "never" or os.environ.get("NO_COLOR"):
        return False
    return stream.isatty() and os.environ.get("TERM") != "dumb"


def diff_painter(on: bool) -> Callable[[str], str]:
    """A function that colours a unified diff (or leaves it as it is)."""
    if not on:
        return lambda text: text
    from pygments import highlight
    from pygments.formatters import TerminalFormatter
    from pygments.lexers import DiffLexer

    lexer, formatter = DiffLexer(), TerminalFormatter()
    return lambda text: highlight(text, lexer, formatter).rstrip("\n") if text else text

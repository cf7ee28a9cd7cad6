"""A port's bytes never reach the terminal raw: its output, its error messages, the words
a file or a compiler quotes may hold control characters (an ANSI sequence that erases the
``FAIL`` lines above it and prints a fake ``ok``, a carriage return that writes over a
line, a bidirectional override that reorders what a reader sees).  Everything portcheck
shows of such text passes :func:`escape_controls` first; portcheck's own colours are added
after it.
"""

from __future__ import annotations

import re

# C0 controls but the line feed and the tab, DEL, C1 controls (U+009B is a one-character
# CSI for some terminals), and the Unicode formatting characters that reorder text.
_CONTROLS = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                       "\u2066-\u2069]")


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def escape_controls(text: str) -> str:
    """``text`` with every control character but the line feed and the tab written as an
    escape (``\\x1b``, ``\\u202e``)."""
    return _CONTROLS.sub(_escape, text)


def has_controls(text: str) -> bool:
    return _CONTROLS.search(text) is not None

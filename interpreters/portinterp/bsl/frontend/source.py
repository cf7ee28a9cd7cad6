"""Source text as the parser wants it: one encoding, LF line ends, no directives.

1C files often start with a BOM and use CRLF.  Annotations (``&НаКлиенте``) and
preprocessor lines (``#Область``, ``#КонецОбласти``, ``#Если Сервер Тогда``) do not change
what a program computes here, so their lines are blanked (kept empty, so line numbers of
everything else stay right).
"""

from __future__ import annotations

import re
from pathlib import Path

from portinterp.core.source import DEFAULT_ENCODING

_DIRECTIVE_LINE = re.compile(r"^[ \t]*[&#][^\n]*", re.MULTILINE)
# An annotation of a parameter written inline, after "(" or "," (``(&Значение("а") Знач П)``).
_INLINE_ANNOTATION = re.compile(r"(?<=[(,])([ \t]*&[^\W\d]\w*(?:\([^()\n]*\))?)+")


def normalise(text: str) -> str:
    """Drop a BOM, turn CRLF/CR into LF and blank annotation and directive lines."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    text = _DIRECTIVE_LINE.sub("", text)
    if "&" in text:
        text = _INLINE_ANNOTATION.sub(lambda match: " " * len(match.group()), text)
    return text


def read_source(path: Path, encoding: str = DEFAULT_ENCODING) -> str:
    return normalise(path.read_text(encoding=encoding))

"""Source text as the parser wants it: one encoding, LF line ends, no directives.

1C files often start with a BOM and use CRLF.  Annotations (``&НаКлиенте``) do not
change what a program computes (``Рефлектор`` reads them from the text itself), so their
lines are blanked (kept empty, so line numbers of everything else stay right);
preprocessor lines are ``preprocessor``'s.
"""

from __future__ import annotations

import re
from pathlib import Path

from portinterp.bsl.frontend.preprocessor import preprocess
from portinterp.core.source import DEFAULT_ENCODING

_ANNOTATION_LINE = re.compile(r"^[ \t]*&[^\n]*", re.MULTILINE)
# An annotation of a parameter written inline, after "(" or "," (``(&Значение("а") Знач П)``).
_INLINE_ANNOTATION = re.compile(r"(?<=[(,])([ \t]*&[^\W\d]\w*(?:\([^()\n]*\))?)+")


def normalise(text: str, filename: str = "<program>") -> str:
    """Drop a BOM, turn CRLF/CR into LF, blank annotation lines and apply the preprocessor
    (``preprocessor``: ``CompileError`` for a directive OneScript refuses)."""
    text = text.removeprefix("\ufeff").replace("\r\n", "\n").replace("\r", "\n")
    text = preprocess(_ANNOTATION_LINE.sub("", text), filename)
    if "&" in text:
        text = _INLINE_ANNOTATION.sub(lambda match: " " * len(match.group()), text)
    return text


def read_source(path: Path, encoding: str = DEFAULT_ENCODING) -> str:
    return normalise(path.read_text(encoding=encoding), str(path))

"""The Pygments lexer of each language, the one the language registry names
(``Language.lexer``: ``bsl`` from pygments-bsl, ``kumir`` and ``arsac`` from
``portcheck.publish.lexers``): publishing highlights a program with it, mutation testing
reads a program's tokens with it."""

from __future__ import annotations

from functools import cache

from pygments.lexer import Lexer
from pygments.lexers import get_lexer_by_name
from pygments.util import ClassNotFound

from portcheck.errors import UsageError
from portcheck.suite.languages import Language


@cache
def lexer_for(language: Language) -> Lexer:
    """The Pygments lexer of ``language`` (a usage error naming the package if missing)."""
    try:
        return get_lexer_by_name(language.lexer, stripnl=False, ensurenl=True)
    except ClassNotFound:
        raise UsageError(f"no Pygments lexer {language.lexer!r} for {language.title} "
                         "(reinstall portcheck: pip install -e .)") from None

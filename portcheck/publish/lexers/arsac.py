"""A Pygments lexer for the puzzle book's pseudo-language («Программирование игр и
головоломок»; ``interpreters/portinterp/arsac``, interpreters/docs/arsac.md).

Keywords are upper-case words (``ТАБЛИЦА``, ``ДЛЯ … ВЫПОЛНЯТЬ … ВЕРНУТЬСЯ``, ``ПЕРЕЙТИ К``);
a label is a name written before a statement at the start of a line (``СБ k := k − 1``,
``И i := c[k] + 1``); comments are ``{ … }`` and ``// …``.  Anything the language cannot
contain (an unclosed string, a stray ``@``) is an ``Error`` token, so a test over every
program of ``ports/`` finds what the lexer does not cover.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, words
from pygments.token import (
    Comment,
    Keyword,
    Name,
    Number,
    Operator,
    Punctuation,
    String,
    Whitespace,
)

BOUNDARY = dict(prefix=r"(?<![\w])", suffix=r"(?![\w])")
KEYWORDS = ("ТАБЛИЦА", "ДЛЯ", "ДО", "ВЫПОЛНЯТЬ", "ВЕРНУТЬСЯ", "КОНЧЕНО", "ЕСЛИ", "ТО",
            "ИНАЧЕ", "КОНЕЦ_ЕСЛИ", "ПЕРЕЙТИ", "К", "ВЫВЕСТИ", "КОНЕЦ_РАБОТЫ")
OPERATOR_WORDS = ("И", "ИЛИ", "НЕ", "ДЕЛ", "ОСТ")
_NOT_KEYWORD = "(?!(?:" + "|".join((*KEYWORDS, "ИЛИ", "НЕ", "ДЕЛ", "ОСТ")) + r")(?!\w))"


class ArsacLexer(RegexLexer):
    """The puzzle book's pseudo-language (J. Arsac's book in Russian)."""

    name = "Arsac (the puzzle book's pseudo-language)"
    aliases: ClassVar[list[str]] = ["arsac"]
    filenames: ClassVar[list[str]] = ["*.arsac"]
    mimetypes: ClassVar[list[str]] = ["text/x-arsac"]

    tokens: ClassVar[dict] = {
        "root": [
            # A label: a name at the start of a line, followed by a statement.
            (r"^([ \t]*)" + _NOT_KEYWORD + r"([^\W\d]\w*)(?=[ \t]+[^\W\d])",
             bygroups(Whitespace, Name.Label)),
            (r"\s+", Whitespace),
            (r"\{[^}]*\}", Comment.Multiline),
            (r"//.*?$", Comment.Single),
            (r'"(?:[^"\n]|"")*"', String.Double),
            (r"(ПЕРЕЙТИ)([ \t]+)(К)([ \t]+)([^\W\d]\w*)",
             bygroups(Keyword, Whitespace, Keyword, Whitespace, Name.Label)),
            (words(KEYWORDS, **BOUNDARY), Keyword),
            (words(OPERATOR_WORDS, **BOUNDARY), Operator.Word),
            (r"\d+\.\d+", Number.Float),
            (r"\d+(?![\w])", Number.Integer),
            (r"[^\W\d]\w*", Name),
            (r":=|<>|<=|>=|[≠≤≥=<>+\-−*/]", Operator),
            (r"[()\[\],;]", Punctuation),
        ],
    }

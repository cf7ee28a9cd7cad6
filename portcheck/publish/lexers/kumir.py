"""A Pygments lexer for the school algorithmic language (KuMir, «алгоритмический язык»).

Keywords, types and built-ins are the ones KuMir 2 knows (and portcheck's embedded
interpreter, ``interpreters/portinterp/kumir``); names may be Cyrillic or Latin.  Anything the
language cannot contain (an unclosed string, a stray ``@``) is an ``Error`` token, so a test
over every program of ``ports/`` finds what the lexer does not cover.
"""

from __future__ import annotations

from typing import ClassVar

from pygments.lexer import RegexLexer, bygroups, default, words
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

# A KuMir word ends where a letter, digit or "_" does not follow.
BOUNDARY = dict(prefix=r"(?<![\w])", suffix=r"(?![\w])")

KEYWORDS = (
    "алг", "нач", "кон", "дано", "надо", "арг", "рез", "аргрез", "если", "то", "иначе",
    "все", "выбор", "при", "нц", "кц", "для", "от", "до", "шаг", "пока", "раз", "выход",
    "утв", "вывод", "ввод", "использовать", "исп", "кон_исп", "пауза", "стоп", "файл",
)
OPERATOR_WORDS = ("и", "или", "не")
TYPES = (
    "цел", "вещ", "лог", "сим", "лит", "целтаб", "вещтаб", "логтаб", "симтаб", "литтаб",
)
CONSTANTS = ("да", "нет")
BUILTINS = (
    "div", "mod", "abs", "iabs", "sign", "sqrt", "int", "max", "min", "imax", "imin", "sin",
    "cos", "tg", "ctg", "arcsin", "arccos", "arctg", "arcctg", "exp", "ln", "lg", "rnd", "irnd",
    "rand", "irand", "МАКСЦЕЛ", "МАКСВЕЩ", "длин", "юникод", "юнисимвол", "код", "символ",
    "цел_в_лит", "вещ_в_лит", "лит_в_цел", "лит_в_вещ", "время", "позиция", "поз",
    "вставить", "удалить", "заменить", "верхний регистр", "нижний регистр",
)


class KumirLexer(RegexLexer):
    """The school algorithmic language (KuMir)."""

    name = "KuMir"
    aliases: ClassVar[list[str]] = ["kumir", "kum"]
    filenames: ClassVar[list[str]] = ["*.kum"]
    mimetypes: ClassVar[list[str]] = ["text/x-kumir"]
    url = "https://www.niisi.ru/kumir/"

    tokens: ClassVar[dict] = {
        "root": [
            (r"\s+", Whitespace),
            (r"\|.*?$", Comment.Single),
            (r'"[^"\n]*"', String.Double),
            (r"'[^'\n]*'", String.Char),
            (r"(алг)(?![\w])", Keyword.Declaration, "heading"),
            (r"(кц)([ \t]+|_)(при)(?![\w])", bygroups(Keyword, Whitespace, Keyword)),
            (words(KEYWORDS, **BOUNDARY), Keyword),
            (words(TYPES, **BOUNDARY), Keyword.Type),
            (words(CONSTANTS, **BOUNDARY), Keyword.Constant),
            (words(("нс",), **BOUNDARY), Keyword.Pseudo),
            (words(("знач",), **BOUNDARY), Name.Builtin.Pseudo),
            (words(OPERATOR_WORDS, **BOUNDARY), Operator.Word),
            (words(BUILTINS, **BOUNDARY), Name.Builtin),
            (r"\d+\.\d*(?:[eE][+-]?\d+)?|\d+[eE][+-]?\d+|\.\d+(?:[eE][+-]?\d+)?", Number.Float),
            (r"\$[0-9A-Fa-f]+", Number.Hex),
            (r"\d+(?![\w])", Number.Integer),
            (r"[^\W\d]\w*", Name),
            (r":=|\*\*|<>|<=|>=|[≠≤≥=<>+\-*/]", Operator),
            (r"[()\[\],:;]", Punctuation),
        ],
        # After "алг": the result type, then the algorithm's name (KuMir allows spaces in
        # it: «алг Вывод возможных чисел(арг цел n)»), up to "(" or the end of the line.
        "heading": [
            (r"[ \t]+", Whitespace),
            (words(TYPES, **BOUNDARY), Keyword.Type),
            (words(("нач",), **BOUNDARY), Keyword, "#pop"),
            (r"[^\W\d]\w*(?:[ \t]+[^\W\d]\w*)*", Name.Function, "#pop"),
            default("#pop"),
        ],
    }

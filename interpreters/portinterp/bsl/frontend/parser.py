"""Parse 1C source into a Lark tree (``portinterp.core.parsing``): keywords in either
spelling retyped from names, syntax errors worded as the platform words them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree

from portinterp.bsl.frontend.keywords import SHOWN_TERMINALS, TERMINAL_OF_WORD
from portinterp.core import parsing

GRAMMAR = Path(__file__).with_name("grammar.lark")
# Named in "(ожидается …)" after a syntax error, the first one Lark would have accepted.
HINTED = ("SEMICOLON", "ENDIF", "ENDDO", "ENDPROCEDURE", "ENDFUNCTION", "ENDTRY", "THEN", "DO",
          "RPAR", "RSQB")


def parse(text: str, filename: str) -> Tree:
    """The parse tree of a normalised source text (see ``source.normalise``)."""
    return parsing.parse(_parser(), text, filename, Wording())


def _retype_keyword(token: Token) -> Token:
    terminal = TERMINAL_OF_WORD.get(token.value.lower())
    if terminal is not None:
        token.type = terminal
    return token


@cache
def _parser() -> Lark:
    return parsing.lalr_parser(GRAMMAR, lexer="basic", maybe_placeholders=True,
                               lexer_callbacks={"NAME": _retype_keyword})


class Wording:
    """1C's words for syntax errors."""

    def bad_character(self, char: str) -> str:
        if char == '"':
            return "Незавершённый строковый литерал"
        return f"Синтаксическая ошибка: недопустимый символ {char!r}"

    def unexpected_token(self, token: Token, expected: set[str]) -> str:
        shown = token.value if token.value else token.type
        return f"Синтаксическая ошибка: неожиданное «{shown}»" + _expected(expected)

    def unexpected_end(self, expected: set[str]) -> str:
        return "Синтаксическая ошибка: неожиданный конец модуля" + _expected(expected)

    def end_position(self, text: str) -> tuple[int, int]:
        """Just past the last character (a final line feed starts an empty last line)."""
        return text.count("\n") + 1, len(text) - text.rfind("\n")


def _expected(expected: set[str]) -> str:
    for terminal in HINTED:
        if terminal in expected:
            return f" (ожидается {SHOWN_TERMINALS[terminal]})"
    if "NAME" in expected and expected <= {"NAME", "VAL"}:  # a parameter's name
        return " (ожидается идентификатор)"
    return ""

"""Parse a program of the puzzle book's pseudo-language into a Lark tree
(``portinterp.core.parsing``), syntax errors in Russian like the book's keywords."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree

from portinterp.core import parsing

GRAMMAR = Path(__file__).with_name("grammar.lark")


def parse(text: str, filename: str) -> Tree:
    """The syntax tree of a whole program."""
    return parsing.parse(_parser(), text, filename, Wording())


@cache
def _parser() -> Lark:
    return parsing.lalr_parser(GRAMMAR, maybe_placeholders=True)


class Wording:
    """How a syntax error is worded."""

    def bad_character(self, char: str) -> str:
        hint = " (присваивание пишется «:=», без пробела)" if char == ":" else ""
        return f"Синтаксическая ошибка: недопустимый символ «{char}»{hint}"

    def unexpected_token(self, token: Token, expected: set[str]) -> str:
        shown = "конец строки" if token.type == "_NL" else token
        hint = " (присваивание пишется «:=»)" if token == "=" and "ASSIGN" in expected else ""
        return f"Синтаксическая ошибка: неожиданное «{shown}»{hint}"

    def unexpected_end(self, expected: set[str]) -> str:
        return ("Неожиданный конец программы (не хватает «ВЕРНУТЬСЯ» или "
                "«КОНЕЦ_ЕСЛИ»?)")

    def end_position(self, text: str) -> tuple[int, int]:
        """Just past the last character that is not white space."""
        lines = text.rstrip().split("\n")
        return len(lines), len(lines[-1]) + 1

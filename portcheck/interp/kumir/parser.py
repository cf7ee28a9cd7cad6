"""Parse school-language source into a Lark tree (``portcheck.interp.parsing``), syntax
errors worded as KuMir words them."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree

from portcheck.interp import parsing

GRAMMAR = Path(__file__).with_name("grammar.lark")


def parse(text: str, filename: str) -> Tree:
    """The syntax tree of a whole program."""
    return parsing.parse(_parser(), text, filename, Wording())


@cache
def _parser() -> Lark:
    return parsing.lalr_parser(GRAMMAR, maybe_placeholders=False)


class Wording:
    """KuMir's words for syntax errors."""

    def bad_character(self, char: str) -> str:
        return f"Синтаксическая ошибка: недопустимый символ «{char}»"

    def unexpected_token(self, token: Token, expected: set[str]) -> str:
        return f"Синтаксическая ошибка: неожиданное «{token}»"

    def unexpected_end(self, expected: set[str]) -> str:
        return "Неожиданный конец программы (не хватает «кон», «все» или «кц»?)"

    def end_position(self, text: str) -> tuple[int, int]:
        """Just past the last character that is not white space."""
        lines = text.rstrip().split("\n")
        return len(lines), len(lines[-1]) + 1

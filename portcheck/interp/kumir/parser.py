"""Parsing source text with the Lark grammar; syntax errors become ``CompileError``."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from portcheck.interp.errors import CompileError

GRAMMAR = Path(__file__).with_name("grammar.lark")

_TOKEN_WORDS = {"$END": "конец текста", "_NL": "конец строки"}


@cache
def _parser() -> Lark:
    return Lark(GRAMMAR.read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                maybe_placeholders=False, cache=True)


def parse(text: str, filename: str) -> Tree:
    """The syntax tree of a whole program."""
    try:
        return _parser().parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(error, text, filename) from None


def _syntax_error(error: UnexpectedInput, text: str, filename: str) -> CompileError:
    if isinstance(error, UnexpectedToken):
        token = error.token
        if token.type == "$END":
            line, col = _end_position(text)
            return CompileError(filename, line, col, "Неожиданный конец программы "
                                "(не хватает «кон», «все» или «кц»?)")
        word = str(token)
        return CompileError(filename, token.line or 1, token.column or 1,
                            f"Синтаксическая ошибка: неожиданное «{word}»")
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else "?"
        return CompileError(filename, error.line, error.column,
                            f"Синтаксическая ошибка: недопустимый символ «{char}»")
    if isinstance(error, UnexpectedEOF):
        line, col = _end_position(text)
        return CompileError(filename, line, col, "Неожиданный конец программы")
    return CompileError(filename, 1, 1, "Синтаксическая ошибка")


def _end_position(text: str) -> tuple[int, int]:
    lines = text.rstrip().split("\n")
    return len(lines), len(lines[-1]) + 1

"""Parse 1C source into a Lark tree; syntax errors become one-line ``CompileError``s."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from portcheck.interp.bsl.keywords import SHOWN_TERMINALS, TERMINAL_OF_WORD
from portcheck.interp.errors import CompileError

GRAMMAR = Path(__file__).with_name("grammar.lark")


def _retype_keyword(token: Token) -> Token:
    terminal = TERMINAL_OF_WORD.get(token.value.lower())
    if terminal is not None:
        token.type = terminal
    return token


@cache
def _parser() -> Lark:
    # cache=True: Lark keeps the analysed LALR tables in a file in the temporary directory,
    # keyed by the grammar's and the options' hash and the Python version, so only the
    # first run after a grammar change pays for the analysis (~0.5 s).
    return Lark(
        GRAMMAR.read_text(encoding="utf-8"),
        parser="lalr",
        lexer="basic",
        propagate_positions=True,
        maybe_placeholders=True,
        lexer_callbacks={"NAME": _retype_keyword},
        cache=True,
    )


def parse(text: str, filename: str) -> Tree:
    """The parse tree of a normalised source text (see ``source.normalise``)."""
    try:
        return _parser().parse(text)
    except UnexpectedInput as error:
        raise _syntax_error(error, text, filename) from None


def _syntax_error(error: UnexpectedInput, text: str, filename: str) -> CompileError:
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else "?"
        message = f"Синтаксическая ошибка: недопустимый символ {char!r}"
        if char == '"':
            message = "Незавершённый строковый литерал"
        return CompileError(filename, error.line, error.column, message)
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        line = text.count("\n") + 1
        column = len(text) - text.rfind("\n")
        return CompileError(filename, line, column,
                            "Синтаксическая ошибка: неожиданный конец модуля"
                            + _expected(error))
    assert isinstance(error, UnexpectedToken)
    shown = error.token.value if error.token.value else error.token.type
    return CompileError(filename, error.line, error.column,
                        f"Синтаксическая ошибка: неожиданное «{shown}»" + _expected(error))


def _expected(error: UnexpectedInput) -> str:
    expected = getattr(error, "expected", None) or set()
    for terminal in ("SEMICOLON", "ENDIF", "ENDDO", "ENDPROCEDURE", "ENDFUNCTION", "ENDTRY",
                     "THEN", "DO", "RPAR", "RSQB"):
        if terminal in expected:
            return f" (ожидается {SHOWN_TERMINALS[terminal]})"
    return ""

"""Parse school-language source: statement by statement (``lexer.py`` gives each one's
tokens, Lark's LALR parser of ``grammar.lark`` its tree), then the statements into the
program's structure (``structure.py``).  Every error is kept, with its line, so the
checker goes on and reports all of them as KuMir does.
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedInput, UnexpectedToken
from lark.lexer import Lexer

from portinterp.core import parsing
from portinterp.errors import CompileError
from portinterp.kumir.frontend import lexer, structure

GRAMMAR = Path(__file__).with_name("grammar.lark")


def parse(text: str, filename: str) -> tuple[Tree, list[CompileError]]:
    """The program's tree (statements with errors left out) and the errors found."""
    parsing.check_size(text, filename)
    errors: list[CompileError] = []
    parsed = []
    for statement in lexer.statements(text):
        tree = parse_statement(statement, filename, errors)
        parsed.append((statement, tree))
    program = structure.build(parsed, filename, errors)
    parsing.check_nesting(program, filename)  # blocks nest in the program's tree, as in 1C
    return program, errors


def parse_statement(statement: lexer.Statement, filename: str,
                    errors: list[CompileError]) -> Tree | None:
    """The statement's tree, or None (its error added to ``errors``)."""
    bad = next((t for t in statement.tokens if t.type == "ERROR"), None)
    if bad is not None:
        errors.append(CompileError(filename, bad.line or 0, bad.column or 0, str(bad)))
        return None
    try:
        tree = _parser().parse(statement.tokens)
    except UnexpectedInput as error:
        errors.append(_syntax_error(error, statement, filename))
        return None
    node = tree.children[0]
    _place_empty(node, statement.tokens[0])
    return node


def _syntax_error(error: UnexpectedInput, statement: lexer.Statement,
                  filename: str) -> CompileError:
    first = statement.tokens[0]
    if isinstance(error, UnexpectedToken) and error.token.type != "$END":
        token = error.token
        message = Wording().unexpected_token(token, set(error.expected))
        if _keyword_in_name(statement, token):
            message = "Ключевое слово в имени"
        return CompileError(filename, token.line or first.line or 0, token.column or 0,
                            message)
    last = statement.tokens[-1]
    return CompileError(filename, last.line or 0, last.column or 0,
                        Wording().unexpected_end(statement))


def _keyword_in_name(statement: lexer.Statement, token: Token) -> bool:
    """A keyword where an ``алг`` header has a name (``алг НОД и НОК``, ``алг Сумма до
    нуля``, ``(цел до)``): KuMir takes it for (part of) a name, and refuses it."""
    tokens = statement.tokens
    if tokens[0].type != "_ALG" or not str(token).isalpha() or not token.type.startswith("_"):
        return False
    where = next((n for n, t in enumerate(tokens) if t is token), 0)
    return where > 0 and tokens[where - 1].type in ("NAME", "TYPE", "TABTYPE", "_ALG")


def _place_empty(node: Tree, first: Token) -> None:
    """Give trees without tokens (``нач``, ``выход``) the statement's position."""
    for sub in node.iter_subtrees():
        if getattr(sub.meta, "empty", True):
            sub.meta.line, sub.meta.column = first.line, first.column
            sub.meta.empty = False


class _Given(Lexer):
    """The statement's tokens, already made by ``lexer.py``."""

    def __init__(self, conf: object) -> None:
        pass

    def lex(self, data: list[Token]) -> list[Token]:  # type: ignore[override]
        return iter(data)  # type: ignore[return-value]


@cache
def _parser() -> Lark:
    return parsing.lalr_parser(GRAMMAR, lexer=_Given, maybe_placeholders=False)


class Wording:
    """KuMir's words for syntax errors."""

    def unexpected_token(self, token: Token, expected: set[str]) -> str:
        if token.type == "_RPAR":
            return "Непарная )"
        if token.type == "_RSQB":
            return "Непарная ]"
        if token.type in ("ADD", "MUL", "POW") and "NAME" in expected:
            return "Лишний оператор"  # an operator where an operand goes: 2 * -3
        if "$END" in expected:
            return "Мусор в конце строки"  # the statement was complete before it
        return f"Синтаксическая ошибка: неожиданное «{token}»"

    def unexpected_end(self, statement: lexer.Statement) -> str:
        opened = sum(t.type == "_LPAR" for t in statement.tokens) - sum(
            t.type == "_RPAR" for t in statement.tokens)
        if opened > 0:
            return "Непарная ("
        squares = sum(t.type == "_LSQB" for t in statement.tokens) - sum(
            t.type == "_RSQB" for t in statement.tokens)
        if squares > 0:
            return "Непарная ["
        return f"Синтаксическая ошибка: незаконченная строка «{statement.tokens[0]}…»"

"""From source text to a Lark tree, for every front-end: the LALR parser (its tables kept
in Lark's cache file), and a syntax error turned into one line
``file:line:col: message`` (``CompileError``).

Lark reports three kinds of syntax error; a front-end words each in its language
(``SyntaxWording``) and says where its end of text is.  Lark's ``cache=True`` keeps the
analysed tables in a file in the temporary directory, keyed by the grammar's and the
options' hash and the Python version, so only the first run after a grammar change pays
for the analysis (~0.5 s).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Protocol

from lark import Lark, Token, Tree
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken

from portinterp.errors import CompileError

# Levels of the parse tree a program may nest (an expression nests one level per operator
# or bracket, a statement two per block).  The walks of the front-ends and the core take
# up to 4.2 frames per level (measured: interpreters/docs/interpreters.md, "Limits"), so
# this keeps them within half of ``deep.RECURSION_LIMIT``.
MAX_NESTING = 25_000
TOO_DEEP = (f"Слишком глубокая вложенность: больше {MAX_NESTING} уровней "
            "(предел встроенного интерпретатора)")


# Characters of one program (a file, or a text given to ``Выполнить``): past it, a compile
# error at once.  The largest program of this project is 37 KB; compiling a 1 MB one took
# 140 s and 700 MB, and a 10 MB line or a 50 MB string literal gigabytes: the parser's tree
# of a program is some hundred bytes a character.
MAX_SOURCE = 512 * 1024
TOO_BIG = (f"Слишком большая программа: больше {MAX_SOURCE} символов "
           "(предел встроенного интерпретатора)")


def check_size(text: str, filename: str) -> None:
    """A ``CompileError`` for a program longer than ``MAX_SOURCE`` characters."""
    if len(text) > MAX_SOURCE:
        raise CompileError(filename, 1, 1, TOO_BIG)


class SyntaxWording(Protocol):
    """How a language words its syntax errors (``expected``: the terminals Lark would
    have accepted there)."""

    def bad_character(self, char: str) -> str:
        """A character no token starts with (``char`` is "?" past the end)."""
        ...

    def unexpected_token(self, token: Token, expected: set[str]) -> str: ...

    def unexpected_end(self, expected: set[str]) -> str: ...

    def end_position(self, text: str) -> tuple[int, int]:
        """The line and column an error at the end of ``text`` names."""
        ...


def lalr_parser(grammar: Path, **options: Any) -> Lark:
    """A new LALR parser of ``grammar`` with positions; ``options`` are the language's own
    (the front-end builds it once per process, with ``functools.cache``)."""
    return Lark(grammar.read_text(encoding="utf-8"), parser="lalr", propagate_positions=True,
                cache=True, **options)


def parse(parser: Lark, text: str, filename: str, wording: SyntaxWording) -> Tree:
    """The tree of ``text``; a syntax error is a ``CompileError`` in the language's words,
    and so is nesting beyond ``MAX_NESTING`` (the front-ends walk the tree recursively)."""
    check_size(text, filename)
    try:
        tree = parser.parse(text)
    except UnexpectedInput as error:
        raise syntax_error(error, text, filename, wording) from None
    check_nesting(tree, filename)
    return tree


def check_nesting(tree: Tree, filename: str) -> None:
    """A ``CompileError`` at the first node nested deeper than ``MAX_NESTING`` levels."""
    stack = [(tree, 1)]
    while stack:
        node, depth = stack.pop()
        if depth > MAX_NESTING:
            line, column = _place(node)
            raise CompileError(filename, line, column, TOO_DEEP)
        stack.extend((child, depth + 1) for child in node.children if isinstance(child, Tree))


def _place(node: Tree) -> tuple[int, int]:
    """Where ``node`` starts (Lark's positions; a node without tokens has none)."""
    return getattr(node.meta, "line", 1), getattr(node.meta, "column", 1)


def syntax_error(error: UnexpectedInput, text: str, filename: str,
                 wording: SyntaxWording) -> CompileError:
    expected = set(getattr(error, "expected", None) or ())
    if isinstance(error, UnexpectedCharacters):
        char = text[error.pos_in_stream] if error.pos_in_stream < len(text) else "?"
        return CompileError(filename, error.line, error.column, wording.bad_character(char))
    if isinstance(error, UnexpectedEOF) or (
        isinstance(error, UnexpectedToken) and error.token.type == "$END"
    ):
        line, column = wording.end_position(text)
        return CompileError(filename, line, column, wording.unexpected_end(expected))
    assert isinstance(error, UnexpectedToken)
    return CompileError(filename, error.line, error.column,
                        wording.unexpected_token(error.token, expected))

"""Equivalent mutants found mechanically, where that is sound.

- *Layout*: a mutant whose code tokens (Pygments, with the lexer the language registry
  names) are the original's, comments, docstrings and whitespace left out, changes only a
  comment or the layout.
- *Trivial compiler equivalence*: a mutant whose compiled form is the original's, byte for
  byte, computes what the original computes.  The compiled forms leave out what only says
  where the code came from (line tables, positions): Java classes compiled with
  ``-g:none``; the Free Pascal binary (built without debug information, and the same bytes
  for the same code); Python's code objects with their line tables and positions emptied,
  compiled from the syntax tree without ``pass`` and constant expression statements beside
  other statements (no-ops; docstrings too, unless the program reads ``__doc__``); the
  embedded interpreters' compiled program (its generated Python source, constants and
  primitives, not its position table).

A compiled form equal to another mutant's makes that mutant a *duplicate*.
"""

from __future__ import annotations

import ast
import hashlib
import marshal
import pickle
import types
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from pygments.token import Comment, String, Text, Whitespace

from portcheck.mutate.operators import Mutant
from portcheck.suite.languages import Language
from portcheck.suite.lexing import lexer_for

_LAYOUT = (Comment, Whitespace, String.Doc)


def code_tokens(text: str, language: Language) -> list[tuple[str, str]]:
    """The tokens of ``text`` that are code: comments, docstrings and whitespace left out."""
    return [(str(kind), value) for _, kind, value in _tokens(text, language)
            if _is_code(kind, value)]


def layout_lines(text: str, language: Language) -> set[int]:
    """The numbers of the lines with no code on them (in a comment, blank)."""
    coded: set[int] = set()
    for start, kind, value in _tokens(text, language):
        if _is_code(kind, value):
            coded.add(text.count("\n", 0, start) + 1)
    return set(range(1, text.count("\n") + 2)) - coded


def _tokens(text: str, language: Language) -> Iterable[tuple[int, Any, str]]:
    return lexer_for(language).get_tokens_unprocessed(text)


def _is_code(kind: Any, value: str) -> bool:
    return not any(kind in layout for layout in _LAYOUT) \
        and not (kind in Text and not value.strip())


def same_code(original: list[tuple[str, str]], mutant: Mutant, lines: list[str],
              language: Language, layout: set[int]) -> bool:
    """Whether ``mutant`` of the program ``lines`` (given also as its code tokens and its
    ``layout_lines``) differs only in comments and layout.  A change to a line of code is
    lexed alone first: when its code tokens differ there, it changes code; only when they
    agree, or the line has no code, is the whole program lexed."""
    if mutant.line not in layout:
        alone = code_tokens(mutant.original + "\n", language)
        if code_tokens(mutant.replacement + "\n", language) != alone:
            return False
    return code_tokens(mutant.apply(lines), language) == original


def digest(*parts: bytes) -> str:
    hashed = hashlib.sha256()
    for part in parts:
        hashed.update(len(part).to_bytes(8, "big"))
        hashed.update(part)
    return hashed.hexdigest()


def files_form(folder: Path, suffix: str) -> str:
    """The compiled form of a folder of build products (``.class`` files): their names and
    bytes, in name order."""
    files = sorted(folder.glob(f"*{suffix}"))
    return digest(*(part for file in files for part in (file.name.encode(), file.read_bytes())))


def file_form(path: Path) -> str:
    return digest(path.read_bytes())


def python_form(text: str, filename: str) -> str:
    """Python's compiled module without line tables, positions and no-op statements."""
    tree = ast.parse(text, filename)
    if "__doc__" not in text:
        tree = _NoOps().visit(tree)
    code = compile(tree, filename, "exec", dont_inherit=True)
    return digest(marshal.dumps(_without_positions(code)))


class _NoOps(ast.NodeTransformer):
    """Leaves out ``pass`` and expression statements of a constant (a string in place of
    a comment, a docstring) from every block that keeps another statement (a block of
    no-ops keeps its first)."""

    def generic_visit(self, node: ast.AST) -> ast.AST:
        super().generic_visit(node)
        for name in ("body", "orelse", "finalbody"):
            block = getattr(node, name, None)
            if isinstance(block, list) and block and isinstance(block[0], ast.stmt):
                kept = [s for s in block if not _no_op(s)]
                setattr(node, name, kept or block[:1])
        return node


def _no_op(statement: ast.stmt) -> bool:
    return isinstance(statement, ast.Pass) or (
        isinstance(statement, ast.Expr) and isinstance(statement.value, ast.Constant))


def _without_positions(code: types.CodeType) -> types.CodeType:
    consts = tuple(_without_positions(c) if isinstance(c, types.CodeType) else c
                   for c in code.co_consts)
    return code.replace(co_consts=consts, co_firstlineno=1, co_linetable=b"",
                        co_filename="")


def program_form(program: object) -> str:
    """An embedded interpreter's compiled program (``portinterp.core.program.Program``): its
    generated Python source, constants and primitives; its position table left out."""
    state = (program.python_source, program._constants,  # type: ignore[attr-defined]
             sorted(program._prims))  # type: ignore[attr-defined]
    return digest(pickle.dumps(state))

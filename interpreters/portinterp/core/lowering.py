"""What every front-end's lowering (parse tree -> ``ir``) shares: the source position of a
Lark node, and a ``CompileError`` at a node.

A front-end lowers in three classes, each in its own module, the later extending the
earlier: ``lower_exprs.ExprLowering`` (method ``expr_<rule>`` for each expression rule of
the grammar), ``lower_stmts.StmtLowering`` (``stmt_<rule>`` for each statement rule) and
``lower.ModuleLowering`` (the program's structure: procedures, globals, the main body).
``expr(node)`` and ``stmt(node)`` dispatch on the rule's name, as the core's generator
dispatches on the IR node's class name.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import NoReturn

from lark import Token, Tree

from portinterp.core import ir
from portinterp.core.walk import goto_problems
from portinterp.errors import CompileError

Node = Tree | Token


@dataclass(frozen=True)
class JumpWording:
    """How a language words its label mistakes; ``{}`` stands for the label."""

    unknown: str  # a jump to a label that is nowhere
    into_block: str  # a jump into a block it is not in
    twice: str  # a label given twice in one procedure


def pos_of(node: Node) -> ir.Pos:
    if isinstance(node, Token):
        return ir.Pos(node.line or 0, node.column or 0)
    return ir.Pos(getattr(node.meta, "line", 0), getattr(node.meta, "column", 0))


class Lowering:
    """The root of a front-end's lowering classes."""

    filename: str

    def fail(self, node: Node, message: str) -> NoReturn:
        """Stop with the compile error ``message`` at ``node``."""
        where = pos_of(node)
        raise CompileError(self.filename, where.line, where.col, message)

    def check_jumps(self, body: list[ir.Stmt], wording: JumpWording,
                    shown: dict[str, str] | None = None) -> None:
        """Stop at the first label mistake of a procedure's body (``shown``: how a label
        name is written in messages, when the IR holds it normalised)."""
        twice, bad = goto_problems(body)
        mistakes = [(label.pos, wording.twice, label.name) for label, _first in twice]
        mistakes += [(goto.pos, wording.unknown if why == "unknown" else wording.into_block,
                      goto.name) for goto, why in bad]
        if mistakes:
            pos, message, name = min(mistakes, key=lambda m: (m[0].line, m[0].col))
            shown_name = (shown or {}).get(name, name)
            raise CompileError(self.filename, pos.line, pos.col, message.format(shown_name))


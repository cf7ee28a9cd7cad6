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

from typing import NoReturn

from lark import Token, Tree

from portcheck.interp import ir
from portcheck.interp.errors import CompileError

Node = Tree | Token


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

"""Check a parse tree of the puzzle book's pseudo-language and lower it to the shared IR.

A program is one list of statements (the book's listings have no procedures); its
variables are the local variables of the program's one function, so reading one that has
no value yet is «Значение не определено» when it happens.  The checks made before
anything runs: a name that never gets a value, a table without its index or a variable
with one, ``КОНЧЕНО`` outside a loop, a loop variable changed in its loop, and the labels
(one of each name; a jump goes to a label of its own statement list or an enclosing one,
never into a loop or ``ЕСЛИ``).
"""

from __future__ import annotations

from lark import Tree

from portinterp.arsac.frontend.lower_stmts import JUMPS, StmtLowering
from portinterp.arsac.frontend.scope import Scope
from portinterp.arsac.frontend.specialise import specialise
from portinterp.core import ir


class ModuleLowering(StmtLowering):
    def __init__(self, filename: str) -> None:
        self.filename = filename
        self.scope = Scope()

    def module(self, tree: Tree) -> ir.Module:
        self.scope = Scope.of(tree)
        for name in sorted(self.scope.tables.keys() & self.scope.assigned):
            where = next(n for n in tree.iter_subtrees() if n.data == "place"
                         and n.children[1] is None and n.children[0].value == name)
            self.fail(where, f"{name} — таблица: присваивают её элементам, {name}[…] :=")
        body = self.block(tree.children[0])
        self.check_jumps(body, JUMPS)
        return ir.Module([], [], body, self.filename)


def lower(tree: Tree, filename: str) -> ir.Module:
    """The checked program, its operators on whole numbers specialised."""
    return specialise(ModuleLowering(filename).module(tree))

"""``вывод ф, …`` and ``ввод ф, …``: output to and input from a file of KuMir 2's file
module (``Файлы``, preloaded as ``Строки`` is), checked as KuMir's analyser checks them
(syntaxanalizer.cpp, ``parseOutput``/``parseInput``): a ``файл`` only as the first item
(«Файл должен быть первым в списке»), and something to write or read after it («Что
выводить в файл?», «Куда вводить из файла?»).  The functions of the module are in
``library.py``; their run time in ``runtime/files.py``."""

from __future__ import annotations

from lark import Tree

from portinterp.core import ir
from portinterp.core.lowering import Node, pos_of
from portinterp.kumir.frontend.lower_exprs import defined
from portinterp.kumir.frontend.lower_logic import LogicLowering
from portinterp.kumir.runtime.types import FILE, TableType

FILE_FIRST = "Файл должен быть первым в списке"


class FileStatements(LogicLowering):
    """The file forms of ``вывод`` and ``ввод``; the statement lowering extends it."""

    def output_file(self, node: Tree) -> ir.Expr | None:
        """The file a ``вывод`` writes to (its first item), or None for the screen; a
        file later in the list is KuMir's error.  A file is a variable (a function giving
        one is not looked for: the items are lowered once, by the caller)."""
        found = None
        for n, item in enumerate(node.children):
            if not self.names_file(item.children[0]):
                continue
            if n > 0:
                self.fail(item.children[0], FILE_FIRST)
            if len(node.children) == 1:
                self.fail(node, "Что выводить в файл?")
            found = defined(self.expr(item.children[0])[0])
        return found

    def names_file(self, node: Node) -> bool:
        """Is ``node`` a variable of type ``файл``?"""
        if not isinstance(node, Tree) or node.data != "name":
            return False
        variable = self.scope.lookup(str(node.children[0]))
        return variable is not None and variable.type == FILE

    def file_output(self, node: Tree, target: ir.Expr) -> list[ir.Stmt]:
        """``вывод ф, a, b:5, нс``: every item computed, then written to the file."""
        spec: list[tuple[str, int]] = []
        args: list[ir.Expr] = []
        for item in node.children[1:]:
            first = item.children[0]
            if isinstance(first, Tree) and first.data == "newline_lit" and len(item.children) == 1:
                spec.append(("нс", 0))
                continue
            value, kind = self.expr(first)
            if isinstance(kind, TableType):
                self.fail(first, "Таблицу нельзя вывести целиком")
            formats = [self.converted(f, "цел", "формат вывода") for f in item.children[1:]]
            spec.append((str(kind), len(formats)))
            args += [value, *formats]
        pos = pos_of(node)
        return [ir.Eval(ir.Prim("file_out_items", [target, ir.Const(tuple(spec)), *args], pos),
                        pos)]

    def input_file(self, node: Tree) -> ir.Expr | None:
        """The file a ``ввод`` reads from (its first place), or None for the keyboard."""
        found = None
        for n, place in enumerate(node.children):
            if place.data != "place" or not self.names_file(Tree("name", place.children)):
                continue
            if n > 0:
                self.fail(place, FILE_FIRST)
            if len(node.children) == 1:
                self.fail(node, "Куда вводить из файла?")
            found = ir.Var(str(place.children[0]), pos_of(place))
        return found

    def read_from(self, source: ir.Expr, kind: object, place: Tree) -> ir.Expr:
        if isinstance(kind, TableType):
            self.fail(place, "Таблицу нельзя ввести целиком")
        return ir.Prim("file_in", [source, ir.Const(kind)], pos_of(place))

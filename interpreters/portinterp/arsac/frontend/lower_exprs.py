"""Checking and lowering expressions to the shared IR: names that never get a value, a
table used without an index (only ``ВЫВЕСТИ`` prints a whole table) or a plain variable
with one; operators as the runtime's ``Prim``s; comparisons and И, ИЛИ, НЕ as the IR's
truth values (any other condition is checked at run time, ``truth``)."""

from __future__ import annotations

from lark import Token, Tree

from portinterp.arsac.frontend.scope import Scope
from portinterp.core import ir
from portinterp.core.lowering import Lowering, Node, pos_of
from portinterp.core.walk import walk_expr

BINARY = {"+": "add", "-": "sub", "−": "sub", "*": "mul", "/": "div", "ДЕЛ": "quot",
          "ОСТ": "rem"}
COMPARE = {"=": "eq", "<>": "ne", "≠": "ne", "<": "lt", "<=": "le", "≤": "le", ">": "gt",
           ">=": "ge", "≥": "ge"}
CONDITIONS = {"compare_op", "and_op", "or_op", "not_op"}


def children(node: Tree) -> list[Node]:
    """The children of ``node`` that are there (not optional parts left out)."""
    return [child for child in node.children if child is not None]


class ExprLowering(Lowering):
    scope: Scope

    def expr(self, node: Node, whole_table: bool = False) -> ir.Expr:
        if isinstance(node, Token):  # a bare operand never reaches here: rules wrap them
            raise AssertionError(node)
        if node.data == "name":
            return self.name(node.children[0], whole_table)
        return getattr(self, "expr_" + node.data)(node)

    def expr_number(self, node: Tree) -> ir.Expr:
        return ir.Const(int(node.children[0]), pos_of(node))

    def expr_real(self, node: Tree) -> ir.Expr:
        return ir.Const(float(node.children[0]), pos_of(node))

    def expr_string(self, node: Tree) -> ir.Expr:
        text = node.children[0].value[1:-1].replace('""', '"')
        return ir.Const(text, pos_of(node))

    def name(self, token: Token, whole_table: bool) -> ir.Var:
        name = token.value
        if name in self.scope.tables and not whole_table:
            self.fail(token, f"{name} — таблица: нужен индекс, {name}[…]")
        if name not in self.scope.tables and name not in self.scope.assigned:
            self.fail(token, f"Переменная {name} нигде не получает значения")
        return ir.Var(name, pos_of(token))

    def expr_item(self, node: Tree) -> ir.Expr:
        token, *index = node.children
        return self.item(token, index)

    def item(self, token: Token, index: list[Node]) -> ir.Item:
        name = token.value
        if name not in self.scope.tables:
            self.fail(token, f"{name} — не таблица (нет «ТАБЛИЦА {name}[…]»)")
        self.same_dimensions(token, len(index))
        lowered = [self.expr(i) for i in index]
        get, put = {1: ("get1", "set1"), 2: ("get2", "set2")}.get(len(index), ("get", "set"))
        if len(index) == 2 and any(isinstance(e, ir.Item) and len(e.index) == 2
                                   for e in walk_expr(lowered[1])):
            get, put = "get", "set"  # the fast path's i_ would be reused (runtime.py)
        return ir.Item(ir.Var(name, pos_of(token)), lowered, get, put, pos_of(token))

    def same_dimensions(self, token: Token, count: int) -> None:
        """A table keeps the number of dimensions its first ``ТАБЛИЦА`` gives it."""
        dims = self.scope.tables[token.value]
        if count != dims:
            self.fail(token, f"У таблицы {token.value} индексов: {dims}, а здесь {count}")

    def expr_binary_op(self, node: Tree) -> ir.Expr:
        left, op, right = node.children
        return ir.Prim(BINARY[op.value], [self.expr(left), self.expr(right)], pos_of(op))

    def expr_unary_op(self, node: Tree) -> ir.Expr:
        op, operand = node.children
        value = self.expr(operand)
        return value if op.value == "+" else ir.Prim("neg", [value], pos_of(op))

    def expr_compare_op(self, node: Tree) -> ir.Expr:
        left, op, right = node.children
        return ir.Prim(COMPARE[op.value], [self.expr(left), self.expr(right)], pos_of(op))

    def expr_and_op(self, node: Tree) -> ir.Expr:
        left, _op, right = node.children
        return ir.And(self.condition(left), self.condition(right), pos_of(node))

    def expr_or_op(self, node: Tree) -> ir.Expr:
        left, _op, right = node.children
        return ir.Or(self.condition(left), self.condition(right), pos_of(node))

    def expr_not_op(self, node: Tree) -> ir.Expr:
        return ir.Not(self.condition(node.children[1]), pos_of(node))

    def condition(self, node: Node) -> ir.Expr:
        """A truth value: comparisons and their combinations are; anything else is
        checked when the program runs."""
        value = self.expr(node)
        if isinstance(node, Tree) and node.data in CONDITIONS:
            return value
        return ir.Prim("truth", [value], pos_of(node))

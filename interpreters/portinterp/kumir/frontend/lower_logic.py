"""Type checking and lowering of KuMir's relations and logical operators: chains of
comparisons (``a < b <= c``, each operand evaluated once), ``=`` and ``<>`` of лог values,
``не`` inside names, ``и``/``или`` — each with KuMir's words for its type errors."""

from __future__ import annotations

from lark import Token, Tree

from portinterp.core import ir
from portinterp.core.lowering import Node, pos_of
from portinterp.kumir.frontend.lower_exprs import ExprLowering, Typed, defined, type_name
from portinterp.kumir.runtime.types import BOOL, CHAR, FILE, NUMERIC, STR, Type

_STRINGS = (STR, CHAR)
_COMPARE = {"=": "eq", "<>": "ne", "≠": "ne", "<": "lt", ">": "gt", "<=": "le", "≤": "le",
            ">=": "ge", "≥": "ge"}


class LogicLowering(ExprLowering):
    """Relations and ``и``/``или``/``не``; the statement lowering extends it."""

    def expr_relation(self, node: Tree) -> Typed:
        """Comparisons, ``не`` and ``=`` of ``лог`` values, in KuMir's order: an ``=`` or
        ``<>`` next to a ``лог`` operand (or before ``не``) compares truth values and binds
        loosest, then ``не``, then the comparisons.  A chain compares each neighbouring
        pair and stops at the first false one: ``a < b <= c``, and so ``x = нет = нет``
        (which is ``да`` for x = нет in KuMir 2, not ``(x = нет) = нет``)."""
        items = [self.relation_item(child) for child in node.children[::2]]
        ops = node.children[1::2]
        segments: list[list] = [[items[0]]]
        joins: list[Token] = []
        for n, op in enumerate(ops):
            left, right = items[n], items[n + 1]
            if str(op) in ("=", "<>", "≠") and (
                    right[2] or left[1] == BOOL or right[1] == BOOL):
                joins.append(op)
                segments.append([right])
            else:
                segments[-1] += [op, right]
        values = [self.segment(segment) for segment in segments]
        tests: list[ir.Expr] = []
        for n, op in enumerate(joins):
            (left, left_kind), (right, right_kind) = values[n], values[n + 1]
            if left_kind != BOOL or right_kind != BOOL:
                self.fail(op, f'Нельзя "{type_name(left_kind)} {op} {type_name(right_kind)}"')
            fn = "eq" if str(op) == "=" else "ne"
            tests.append(ir.Prim(fn, [self.truth(left, op), self.truth(right, op)], pos_of(op)))
        if not tests:
            return values[0][0], BOOL
        return chained(tests), BOOL

    def relation_item(self, node: Node) -> tuple[Node, Type, int]:
        """An operand of a relation: the node under its ``не``s, its type, how many."""
        nots = 0
        while isinstance(node, Tree) and node.data == "not_op":
            node, nots = node.children[0], nots + 1
        code, kind = self.expr(node)
        return (code, node), kind, nots

    def segment(self, parts: list) -> Typed:
        """``не``… then a chain of comparisons (or one operand)."""
        (code, node), kind, nots = parts[0]
        parts = [((code, node), kind, 0), *parts[1:]]
        if len(parts) == 1:
            result, result_kind = code, kind
        else:
            tests = []
            for n in range(0, len(parts) - 2, 2):
                (left, _), left_kind, _ = parts[n]
                op = parts[n + 1]
                (right, right_node), right_kind, right_nots = parts[n + 2]
                if right_nots:
                    self.fail(right_node, 'Лишний "не"')
                # KuMir reads a later comparison of a chain as one of the earlier's лог
                # result: its error names лог (``1 > 1 < "стр"``: «Нельзя "лог < лит"»).
                tests.append(self.comparison(op, (left, left_kind), (right, right_kind),
                                             chained=n > 0))
            result, result_kind = chained(tests), BOOL
        for _ in range(nots):
            if result_kind != BOOL:
                self.fail(node, '"не" без лог')
            result = ir.Not(self.truth(result, node), pos_of(node))
        return result, result_kind

    def comparison(self, op: Token, left_typed: Typed, right_typed: Typed,
                   chained: bool = False) -> ir.Expr:
        (left, left_kind), (right, right_kind) = left_typed, right_typed
        fn = _COMPARE[str(op)]
        comparable = (
            (left_kind in NUMERIC and right_kind in NUMERIC)
            or (left_kind in _STRINGS and right_kind in _STRINGS)
            or (left_kind == right_kind and left_kind in (BOOL, FILE) and fn in ("eq", "ne"))
        )
        if not comparable:
            shown_left = "лог" if chained else type_name(left_kind)
            self.fail(op, f'Нельзя "{shown_left} {op} {type_name(right_kind)}"')
        if fn in ("eq", "ne"):  # the others stop at a missing value by themselves
            left, right = defined(left), defined(right)
        return ir.Prim(fn, [left, right], pos_of(op))

    def expr_and_op(self, node: Tree) -> Typed:
        return self.logical(node, "и", ir.And)

    def expr_or_op(self, node: Tree) -> Typed:
        return self.logical(node, "или", ir.Or)

    def logical(self, node: Tree, word: str, make: type[ir.And] | type[ir.Or]) -> Typed:
        """``a и b``, ``a или b``: both лог, else KuMir's «Нельзя "лог и вещ"»."""
        typed = [self.expr(child) for child in node.children]
        kinds = [kind for _code, kind in typed]
        if any(kind != BOOL for kind in kinds):
            self.fail(node, f'Нельзя "{type_name(kinds[0])} {word} {type_name(kinds[1])}"')
        left, right = (self.truth(code, child) for (code, _kind), child in
                       zip(typed, node.children, strict=True))
        return make(left, right, pos_of(node)), BOOL

    def expr_not_op(self, node: Tree) -> Typed:
        code, kind = self.expr(node.children[0])
        if kind != BOOL:
            self.fail(node, f"Нельзя не {type_name(kind)}")
        return ir.Not(self.truth(code, node.children[0]), pos_of(node)), BOOL


def chained(tests: list[ir.Prim]) -> ir.Expr:
    """Comparisons of neighbouring operands (``a < b``, ``b <= c``) as one chain
    ``a < b <= c``: each operand evaluated once (``f(x)`` in the middle is called once, as
    in KuMir), stopping at the first false comparison (the runtime's ``chain_*``)."""
    if len(tests) == 1:
        return tests[0]
    operands = [tests[0].args[0], *(test.args[1] for test in tests)]
    fn = "chain_" + "_".join(test.fn for test in tests)
    return ir.Prim(fn, operands, tests[0].pos)



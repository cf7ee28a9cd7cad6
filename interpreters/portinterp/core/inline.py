"""Filling a runtime's inline template with the code of its arguments.

A template such as ``({0} % {1} if {0} >= 0 and {1} > 0 else P_mod({0}, {1}))`` uses an
argument several times, but the argument's code must run once.  The template is parsed
once to find, in Python's evaluation order, where each argument is first evaluated.
Names and literals need nothing.  A repeated argument whose first use is always evaluated
(not inside a branch or the right side of ``and``), in left-to-right order with the
others, is bound there with ``:=`` and the other places read the temporary.  Otherwise
all of them are bound first in a tuple, which is always correct; ``binds_first`` tells
the core so, which then binds them in statements before the statement instead when
nothing of the statement runs before the template.  A variable followed by an argument
that calls a procedure of the program (which may assign it) is bound like the others, so
it is read at its turn.  Finally ``type(<integer literal>)`` is folded to ``int``,
``type('<text>')`` to ``str``, and comparisons of literals in conditional tests
(``8 > 0``) are folded away.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import cache

SLOT = re.compile(r"\{(\d+)\}")
TRIVIAL = re.compile(r"^(?:[^\W\d]\w*|-?\d+|'[^'\\]*'|\"[^\"\\]*\")$")
_TYPE_OF_INT = re.compile(r"\btype\(-?\d+\)")
_VARIABLE = re.compile(r"^v_\w*$")  # the core names program variables v_<name>
_CALL = re.compile(r"\bf_\w*\(")  # ... and procedures f_<name>
_FOLDABLE = re.compile(r"(?<![\w.])-?\d+ (?:[<>]=?|[!=]=) -?\d+(?![\w.])"
                       r"|\b(?:int|str) is (?:int|str)\b")
_TYPE_OF_STR = re.compile(r"\btype\((?:'[^'\\]*'|\"[^\"\\]*\")\)")


@dataclass(frozen=True)
class _Use:
    start: int  # offset in the rewritten source
    end: int
    slot: int
    first: bool  # the first use of its slot in evaluation order


@dataclass(frozen=True)
class Plan:
    source: bytes  # the template with {n} rewritten to names A<n>_, as UTF-8 (ast offsets
    # count bytes)
    uses: tuple[_Use, ...]  # by position in the source
    counts: dict[int, int]  # slot -> how many times the template uses it
    first_order: tuple[int, ...]  # slots in the evaluation order of their first use
    always: frozenset[int]  # slots whose first use is evaluated every time

    def inline_ok(self, temps: set[int]) -> bool:
        """Can each of ``temps`` be bound at its first use without changing the order in
        which the arguments run?"""
        order = [slot for slot in self.first_order if slot in temps]
        return temps <= self.always and order == sorted(order)


@cache
def plan(template: str) -> Plan:
    source = SLOT.sub(lambda m: f"A{m.group(1)}_", template)
    offsets = _line_offsets(source)
    order = list(_evaluated(ast.parse(source, mode="eval").body, always=True))
    counts: dict[int, int] = {}
    for node, _ in order:
        counts[_slot(node)] = counts.get(_slot(node), 0) + 1
    uses, first_order, always = [], [], set()
    for node, is_always in order:
        slot = _slot(node)
        first = slot not in first_order
        if first:
            first_order.append(slot)
            if is_always:
                always.add(slot)
        start = offsets[node.lineno - 1] + node.col_offset
        uses.append(_Use(start, start + len(node.id), slot, first))
    return Plan(source.encode("utf-8"), tuple(sorted(uses, key=lambda u: u.start)), counts,
                tuple(first_order), frozenset(always))


def binds_first(template: str, nontrivial: set[int]) -> bool:
    """Would ``fill`` have to bind these non-trivial arguments before the template (in a
    tuple), because a repeated one is first used conditionally or out of order?  Then a
    caller that can run statements before the expression should bind them there."""
    p = plan(template)
    temps = {n for n in nontrivial if p.counts.get(n, 0) > 1}
    return bool(temps) and not p.inline_ok(temps)


def fill(template: str, args: list[str], new_temp: Callable[[], str]) -> str:
    """The template with ``args`` in place, each non-trivial argument evaluated once."""
    p = plan(template)
    repeated = [n for n, count in sorted(p.counts.items()) if count > 1]
    bound = {n for n in repeated if not TRIVIAL.match(args[n])} | _pinned(args)
    temps = {n: new_temp() for n in sorted(bound)}
    inline_ok = p.inline_ok(set(temps))
    prefix = [] if inline_ok else [f"({temps[n]} := {args[n]})" for n in sorted(temps)]
    pieces, last = [], 0
    for use in p.uses:
        pieces.append(p.source[last:use.start].decode("utf-8"))
        pieces.append(_code_at(use, args, temps, inline=inline_ok))
        last = use.end
    pieces.append(p.source[last:].decode("utf-8"))
    body = fold_constants(_fold_types("".join(pieces)))
    return f"({', '.join(prefix)}, {body})[-1]" if prefix else body


def _pinned(args: list[str]) -> set[int]:
    """Variables followed by an argument that calls a procedure of the program (which may
    assign them): they must be read at their turn, so they are bound like the others."""
    return {n for n, arg in enumerate(args)
            if _VARIABLE.match(arg) and any(_CALL.search(later) for later in args[n + 1:])}


def _code_at(use: _Use, args: list[str], temps: dict[int, str], inline: bool) -> str:
    if use.slot not in temps:
        return args[use.slot]
    if use.first and inline:
        return f"({temps[use.slot]} := {args[use.slot]})"
    return temps[use.slot]


def _fold_types(code: str) -> str:
    return _TYPE_OF_STR.sub("str", _TYPE_OF_INT.sub("int", code))


def fold_constants(code: str) -> str:
    """Fold comparisons of literals in the tests of conditional expressions (``8 > 0``,
    ``int is int``) and the branch a constant test never takes."""
    if not _FOLDABLE.search(code):
        return code
    return f"({ast.unparse(_Folder().visit(ast.parse(code, mode='eval')))})"


class _Folder(ast.NodeTransformer):
    def visit_IfExp(self, node: ast.IfExp) -> ast.AST:
        self.generic_visit(node)
        node.test = _fold_test(node.test)
        if isinstance(node.test, ast.Constant):
            return node.body if node.test.value else node.orelse
        return node


def _fold_test(node: ast.expr) -> ast.expr:
    """``node`` as a condition, with its constant parts folded (only truth matters)."""
    if isinstance(node, ast.BoolOp) and isinstance(node.op, ast.And):
        values = [_fold_test(v) for v in node.values]
        kept = [v for v in values if not (isinstance(v, ast.Constant) and v.value)]
        if not kept:
            return ast.Constant(True)
        if isinstance(kept[0], ast.Constant) or len(kept) == 1:
            return kept[0]  # a false constant first: nothing after it runs
        return ast.BoolOp(ast.And(), kept)
    if isinstance(node, ast.Compare):
        return _fold_compare(node)
    return node


def _fold_compare(node: ast.Compare) -> ast.expr:
    """Drop the links of a comparison chain that compare two constants and hold; the
    chain splits there (only constants are then written twice)."""
    operands = [node.left, *node.comparators]
    chains: list[ast.expr] = []
    run: list[tuple[ast.cmpop, ast.expr]] = []
    start = operands[0]
    for n, op in enumerate(node.ops):
        verdict = _constant_link(operands[n], op, operands[n + 1])
        if verdict is None:
            run.append((op, operands[n + 1]))
            continue
        if verdict is False:
            if not chains and not run:
                return ast.Constant(False)
            return node  # a false link after others: keep the chain as written
        if run:
            chains.append(ast.Compare(start, [o for o, _ in run], [c for _, c in run]))
            run = []
        start = operands[n + 1]
    if run:
        chains.append(ast.Compare(start, [o for o, _ in run], [c for _, c in run]))
    if not chains:
        return ast.Constant(True)
    return chains[0] if len(chains) == 1 else ast.BoolOp(ast.And(), chains)


_COMPARE = {ast.Gt: int.__gt__, ast.GtE: int.__ge__, ast.Lt: int.__lt__, ast.LtE: int.__le__,
            ast.Eq: int.__eq__, ast.NotEq: int.__ne__}
_TYPE_NAMES = {"int", "str"}


def _constant_link(left: ast.expr, op: ast.cmpop, right: ast.expr) -> bool | None:
    if isinstance(op, ast.Is) and isinstance(left, ast.Name) and isinstance(right, ast.Name) \
            and {left.id, right.id} <= _TYPE_NAMES:
        return left.id == right.id
    values = [_int_literal(left), _int_literal(right)]
    compare = _COMPARE.get(type(op))
    if compare is None or values[0] is None or values[1] is None:
        return None
    return bool(compare(values[0], values[1]))


def _int_literal(node: ast.expr) -> int | None:
    if isinstance(node, ast.UnaryOp) and isinstance(node.op, ast.USub):
        inner = _int_literal(node.operand)
        return None if inner is None else -inner
    if isinstance(node, ast.Constant) and type(node.value) is int:
        return node.value
    return None


def _slot(node: ast.Name) -> int:
    return int(node.id[1:-1])


def _line_offsets(source: str) -> list[int]:
    offsets, total = [], 0
    for line in source.splitlines(keepends=True) or [""]:
        offsets.append(total)
        total += len(line.encode("utf-8"))
    return offsets


def _evaluated(node: ast.AST, always: bool) -> Iterator[tuple[ast.Name, bool]]:
    """The argument names of ``node`` in evaluation order, each with whether it is
    evaluated every time the whole expression is."""
    if isinstance(node, ast.Name):
        if re.fullmatch(r"A\d+_", node.id):
            yield node, always
        return
    if isinstance(node, ast.IfExp):
        yield from _evaluated(node.test, always)
        yield from _evaluated(node.body, False)
        yield from _evaluated(node.orelse, False)
    elif isinstance(node, ast.BoolOp):
        yield from _evaluated(node.values[0], always)
        for value in node.values[1:]:
            yield from _evaluated(value, False)
    elif isinstance(node, ast.Compare):
        yield from _evaluated(node.left, always)
        for n, comparator in enumerate(node.comparators):
            yield from _evaluated(comparator, always and n == 0)
    elif isinstance(node, ast.NamedExpr):
        yield from _evaluated(node.value, always)
    elif isinstance(node, ast.BinOp | ast.UnaryOp | ast.Call | ast.Subscript | ast.Slice
                    | ast.Attribute | ast.Tuple | ast.List | ast.keyword | ast.Starred):
        for child in ast.iter_child_nodes(node):
            yield from _evaluated(child, always)
    else:
        for child in ast.iter_child_nodes(node):
            yield from _evaluated(child, False)

"""Filling a runtime's inline template with the code of its arguments.

A template such as ``({0} % {1} if type({0}) is int and {0} >= 0 else P_mod({0}, {1}))``
uses an argument several times, but the argument's code must run once.  The template is
parsed once to find, in Python's evaluation order, where each argument is first evaluated;
when that place is always evaluated (not inside a branch or the right side of ``and``),
the argument is bound there with ``:=`` and the other places read the temporary — no
tuple, no extra work.  Otherwise (or when the arguments would run out of their left-to-right
order) all non-trivial arguments are bound first in a tuple, which is always correct.
Finally ``type(<integer literal>)`` is folded to ``int`` and ``type('<text>')`` to ``str``.
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
_TYPE_OF_STR = re.compile(r"\btype\((?:'[^'\\]*'|\"[^\"\\]*\")\)")


@dataclass(frozen=True)
class _Use:
    start: int  # offset in the rewritten source
    end: int
    slot: int
    binds: bool  # the first, always-evaluated use of a repeated slot


@dataclass(frozen=True)
class Plan:
    source: bytes  # the template with {n} rewritten to names A<n>_, as UTF-8 (ast offsets
    # count bytes)
    uses: tuple[_Use, ...]
    inline_ok: bool  # bindings can stand at first use without changing the order


@cache
def plan(template: str) -> Plan:
    source = SLOT.sub(lambda m: f"A{m.group(1)}_", template)
    offsets = _line_offsets(source)
    order = list(_evaluated(ast.parse(source, mode="eval").body, always=True))
    counts: dict[int, int] = {}
    for node, _ in order:
        counts[_slot(node)] = counts.get(_slot(node), 0) + 1
    uses, seen, first_order, inline_ok = [], set(), [], True
    for node, always in order:
        slot = _slot(node)
        binds = counts[slot] > 1 and slot not in seen
        if binds:
            inline_ok &= always
            first_order.append(slot)
        seen.add(slot)
        start = offsets[node.lineno - 1] + node.col_offset
        uses.append(_Use(start, start + len(node.id), slot, binds))
    inline_ok &= first_order == sorted(first_order)
    return Plan(source.encode("utf-8"), tuple(sorted(uses, key=lambda u: u.start)), inline_ok)


def fill(template: str, args: list[str], new_temp: Callable[[], str]) -> str:
    """The template with ``args`` in place, each non-trivial argument evaluated once."""
    p = plan(template)
    repeated = {u.slot for u in p.uses if u.binds}
    temps = {n: new_temp() for n in repeated if not TRIVIAL.match(args[n])}
    prefix = []
    if not p.inline_ok:
        prefix = [f"({temps[n]} := {args[n]})" for n in sorted(temps)]
    pieces, last = [], 0
    for use in p.uses:
        pieces.append(p.source[last:use.start].decode("utf-8"))
        pieces.append(_code_at(use, args, temps, inline=p.inline_ok))
        last = use.end
    pieces.append(p.source[last:].decode("utf-8"))
    body = _fold_types("".join(pieces))
    return f"({', '.join(prefix)}, {body})[-1]" if prefix else body


def _code_at(use: _Use, args: list[str], temps: dict[int, str], inline: bool) -> str:
    if use.slot not in temps:
        return args[use.slot]
    if use.binds and inline:
        return f"({temps[use.slot]} := {args[use.slot]})"
    return temps[use.slot]


def _fold_types(code: str) -> str:
    return _TYPE_OF_STR.sub("str", _TYPE_OF_INT.sub("int", code))


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

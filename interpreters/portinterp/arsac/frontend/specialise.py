"""Faster operators where the program's own assignments prove the operands whole numbers.

The language declares no types, so the lowering emits operators that test their operands
(``add``: two whole numbers in plain Python, anything else through the runtime).  This pass
finds the variables, and the tables' elements, that only ever get whole numbers: a ``ДЛЯ``
counter, or a name every assignment of which gives a whole number (an integer, or ``+ − *
ДЕЛ ОСТ`` of whole numbers, or an element of such a table).  It starts from "every name is
whole" and drops a name as soon as one assignment may give it something else, until
nothing changes.  A name read before it has a value stops the program anyway (the
variable is unbound, the element ``None``), so a read of such a name is a whole number.
Then ``add``, ``sub``, ``mul``, ``neg`` and the comparisons of whole numbers become the
``_ii`` variants, which test nothing.
"""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.walk import body_expressions, walk_statements

WHOLE_RESULT = {"add", "sub", "mul", "neg", "quot", "rem", "add_ii", "sub_ii", "mul_ii",
                "neg_i", "quot_ii", "rem_ii"}
FASTER = {"add": "add_ii", "sub": "sub_ii", "mul": "mul_ii", "neg": "neg_i",
          "quot": "quot_ii", "rem": "rem_ii", "eq": "eq_ii", "ne": "ne_ii", "lt": "lt_ii",
          "le": "le_ii", "gt": "gt_ii", "ge": "ge_ii"}


def specialise(module: ir.Module) -> ir.Module:
    whole = whole_names(module.body)
    for expr in body_expressions(module.body):
        if isinstance(expr, ir.Prim) and expr.fn in FASTER and \
                all(is_whole(arg, whole) for arg in expr.args):
            expr.fn = FASTER[expr.fn]
    return module


def whole_names(body: list[ir.Stmt]) -> set[str]:
    """The variables and tables (by name) that only ever hold whole numbers."""
    stores: list[tuple[str, ir.Expr | None]] = []  # (name, value; None: a ДЛЯ counter)
    for stmt in walk_statements(body):
        if isinstance(stmt, ir.Assign):
            target = stmt.target
            name = target.name if isinstance(target, ir.Var) else _table_name(target)
            stores.append((name, stmt.value))
        elif isinstance(stmt, ir.ForRange):
            stores.append((stmt.var, None))
    whole = {name for name, _ in stores}
    while True:
        dropped = {name for name, value in stores
                   if name in whole and value is not None and not is_whole(value, whole)
                   and not _is_new_table(value)}
        if not dropped:
            return whole
        whole -= dropped


def is_whole(expr: ir.Expr | None, whole: set[str]) -> bool:
    if isinstance(expr, ir.Const):
        return type(expr.value) is int
    if isinstance(expr, ir.Var):
        return expr.name in whole
    if isinstance(expr, ir.Item):
        return _table_name(expr) in whole
    if isinstance(expr, ir.Prim) and expr.fn in WHOLE_RESULT:
        return all(is_whole(arg, whole) for arg in expr.args)
    return False


def _table_name(item: ir.Item) -> str:
    assert isinstance(item.base, ir.Var)
    return item.base.name


def _is_new_table(value: ir.Expr) -> bool:
    """``ТАБЛИЦА t[…]`` assigns the table itself, not an element: it says nothing."""
    return isinstance(value, ir.Prim) and value.fn == "new_table"

"""Tables filled by a loop read without the «has it a value?» test: FreeCell's deck is
filled card by card (``нц для i от 0 до 51 колода[i] := …``) and then read twice a card,
each read testing the item for "no value" (``Значение элемента таблицы не определено``).

A one-dimensional table an algorithm declares once with literal bounds is *filled* after
a ``нц для`` at the top level of the algorithm's body whose bounds are the table's own
(literals, step 1), which never leaves early (no ``выход``) and never changes its variable,
and whose body stores ``т[i] := …`` at its top level (not under ``если``) at the loop's
variable: every pass stores at its own index, and an error ends the program.  A stored
value always has one (KuMir tests a variable, an item, a result before it is used), so
the items keep values for good, unless something else could reach the table: so the
table is never given to an algorithm or a built-in, and not declared again.  Then every
read of it in the statements after that loop — at an index the range analysis proved
within the bounds, or one it still checks — skips the test (``table_get1_from0_set``…).
"""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.walk import (
    assigned_names,
    body_expressions,
    statement_expressions,
    vars_passed,
    walk_expr,
    walk_statements,
)

_READS = {"table_get1_from0", "table_get1_from", "table_get1_in0", "table_get1_in"}


def fill_module(module: ir.Module) -> ir.Module:
    """Mark, in place, the reads of ``module``'s filled tables; returns it."""
    for proc in module.procs:
        tables, declared = _declared(proc), {}
        for n, stmt in enumerate(proc.body):
            if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var) \
                    and stmt.target.name in tables:
                declared[stmt.target.name] = tables[stmt.target.name]
            if isinstance(stmt, ir.ForRange):
                for table in _filled(stmt, declared):
                    _mark_reads(proc.body[n + 1:], table)
    return module


def _declared(proc: ir.Proc) -> dict[str, tuple[int, int]]:
    """The tables declared once, with literal bounds, at the top level of ``proc``'s body
    and reached by nothing but item reads and stores."""
    found: dict[str, tuple[int, int]] = {}
    for stmt in proc.body:
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var) \
                and isinstance(stmt.value, ir.Prim) and stmt.value.fn == "new_table":
            args = stmt.value.args
            if len(args) == 2 and all(isinstance(a, ir.Const) and type(a.value) is int
                                      for a in args):
                found[stmt.target.name] = (args[0].value, args[1].value)  # type: ignore[union-attr]
    assigned = list(assigned_names(proc.body))
    passed = set(vars_passed(proc.body))
    direct = {arg.name for node in body_expressions(proc.body) if isinstance(node, ir.Prim)
              for arg in node.args if isinstance(arg, ir.Var)}
    return {name: limits for name, limits in found.items()
            if assigned.count(name) == 1 and name not in passed and name not in direct
            and name not in {p.name for p in proc.params}}


def _filled(loop: ir.ForRange, bounds: dict[str, tuple[int, int]]) -> list[str]:
    if not (isinstance(loop.start, ir.Const) and isinstance(loop.stop, ir.Const)) \
            or not (loop.step is None or (isinstance(loop.step, ir.Const)
                                          and loop.step.value == 1)):
        return []
    if any(isinstance(s, ir.Break | ir.Return | ir.Label | ir.Goto | ir.Try)
           for s in walk_statements(loop.body)):
        return []
    if loop.var in set(assigned_names(loop.body)) | set(vars_passed(loop.body)):
        return []
    span = (loop.start.value, loop.stop.value)
    return [stmt.target.base.name for stmt in loop.body
            if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Item)
            and isinstance(stmt.target.base, ir.Var)
            and bounds.get(stmt.target.base.name) == span
            and stmt.target.setitem_fn.startswith("table_set1")
            and isinstance(stmt.target.index[0], ir.Var)
            and stmt.target.index[0].name == loop.var]


def _mark_reads(body: list[ir.Stmt], table: str) -> None:
    for stmt in walk_statements(body):
        for expr in statement_expressions(stmt):
            for node in walk_expr(expr):
                if isinstance(node, ir.Item) and isinstance(node.base, ir.Var) \
                        and node.base.name == table and node.getitem_fn in _READS:
                    node.getitem_fn += "_set"

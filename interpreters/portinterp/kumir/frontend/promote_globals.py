"""Module variables as locals of an algorithm that calls no other: Python reads and writes
a local faster than a global (FreeCell's generator state ``семя``, once its algorithm is
inlined into the dealing loop, was a global read five times and written twice a card).

In an algorithm with no call of an algorithm of the program (after ``inline_calls``), no
other code runs while it runs, so a module variable it uses inside a loop can live in a
local of its own: copied in at the start (as it is: a variable with no value stays without
one), copied back before every return.  A run-time error or ``стоп`` ends the program, so
nothing reads the module variable after one.  Reads keep their "has it a value?" checks:
only where the value lives changes.
"""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.walk import child_blocks, statement_expressions, walk_expr, walk_statements

_LOCAL = "{name}@local"  # no KuMir name holds "@"


def promote_module(module: ir.Module) -> ir.Module:
    """Promote, in place, the module variables of ``module``'s call-free algorithms."""
    globals_ = set(module.globals_)
    for proc in module.procs:
        shadowed = set(proc.locals_) | {p.name for p in proc.params}
        if not globals_ - shadowed or _calls_any(proc.body):
            continue
        names = sorted(_used_in_loops(proc.body) & (globals_ - shadowed))
        if names:
            _promote(proc, {name: _LOCAL.format(name=name) for name in names})
    return module


def _calls_any(body: list[ir.Stmt]) -> bool:
    return any(isinstance(node, ir.Call) for stmt in walk_statements(body)
               for expr in statement_expressions(stmt) for node in walk_expr(expr))


def _used_in_loops(body: list[ir.Stmt]) -> set[str]:
    used: set[str] = set()
    for stmt in walk_statements(body):
        if isinstance(stmt, ir.While | ir.Repeat | ir.ForRange | ir.ForEach | ir.Times):
            for inner in walk_statements(stmt.body):
                for expr in statement_expressions(inner):
                    used |= {n.name for n in walk_expr(expr) if isinstance(n, ir.Var)}
                if isinstance(inner, ir.ForRange | ir.ForEach):
                    used.add(inner.var)
            if isinstance(stmt, ir.ForRange | ir.ForEach):
                used.add(stmt.var)
    return used


def _promote(proc: ir.Proc, local: dict[str, str]) -> None:
    for stmt in walk_statements(proc.body):
        for expr in statement_expressions(stmt):
            for node in walk_expr(expr):
                if isinstance(node, ir.Var) and node.name in local:
                    node.name = local[node.name]
        if isinstance(stmt, ir.ForRange | ir.ForEach) and stmt.var in local:
            stmt.var = local[stmt.var]
    proc.locals_ += list(local.values())
    pos = proc.body[0].pos if proc.body else proc.pos
    copy_in = [ir.Assign(ir.Var(mine, pos), ir.Var(name, pos), pos)
               for name, mine in local.items()]
    _store_back(proc.body, local)
    proc.body[:0] = copy_in
    if not proc.body or not isinstance(proc.body[-1], ir.Return):
        proc.body += _copies_back(local, proc.pos)


def _copies_back(local: dict[str, str], pos: ir.Pos) -> list[ir.Stmt]:
    return [ir.Assign(ir.Var(name, pos), ir.Var(mine, pos), pos) for name, mine in local.items()]


def _store_back(body: list[ir.Stmt], local: dict[str, str]) -> None:
    """Before every ``Return`` in ``body`` (nested ones too), the module variables back."""
    done: list[ir.Stmt] = []
    for stmt in body:
        for inner in child_blocks(stmt):
            _store_back(inner, local)
        if isinstance(stmt, ir.Return):
            done += _copies_back(local, stmt.pos)
        done.append(stmt)
    body[:] = done

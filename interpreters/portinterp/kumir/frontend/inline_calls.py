"""Inlining of small function algorithms: a Python call costs more than the few operators
such an algorithm runs (FreeCell's ``Следующее_случайное`` — three assignments — was
called 52 times a deal).

An algorithm is inlined when it is a function with no parameters whose body is at most
``MAX_STATEMENTS`` assignments to variables (no branch, loop, call or table store) ending
in ``знач``'s return, and reads each of its locals only after assigning it (its
declarations assign "no value" first; ``знач`` it never reads).  A call is inlined where it
is the first thing its statement evaluates — ``n := mod(F, 52 - i)``, the value of an
assignment to a variable or, within it, the first operand of an operator that evaluates its
first operand first — so the algorithm's assignments, put before the statement with its
locals renamed to fresh locals of the caller, run exactly where the call ran.  Each keeps
the algorithm's own source position: a run-time error inside is reported at the same line
as before.  Not inlined where the caller has a local or parameter of the name of a global
the algorithm uses (it would read the caller's instead).
"""

from __future__ import annotations

import copy

from portinterp.core import ir
from portinterp.core.inline import plan
from portinterp.core.walk import child_blocks, walk_expr

MAX_STATEMENTS = 8
_FRESH = "{local}@{proc}#{n}"  # no KuMir name holds "@" or "#"


def inline_module(module: ir.Module, templates: dict[str, str]) -> ir.Module:
    """Inline the calls of ``module``'s small algorithms, in place; returns it.
    ``templates``: the runtime's inline templates (their order of evaluation)."""
    small = {proc.name: proc for proc in module.procs if _inlinable(proc)}
    if not small:
        return module
    inliner = _Inliner(small, templates)
    for proc in module.procs:
        inliner.proc = proc
        inliner.block(proc.body)
    return module


class _Inliner:
    def __init__(self, small: dict[str, ir.Proc], templates: dict[str, str]) -> None:
        self.small = small
        self.templates = templates
        self.proc = ir.Proc("", [], [], [])
        self.count = 0

    def block(self, body: list[ir.Stmt]) -> None:
        done: list[ir.Stmt] = []
        for stmt in body:
            for inner in child_blocks(stmt):
                self.block(inner)
            done += self.statement(stmt)
        body[:] = done

    def statement(self, stmt: ir.Stmt) -> list[ir.Stmt]:
        if not (isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var)):
            return [stmt]
        found = self.leading_call(stmt.value)
        if found is None:
            return [stmt]
        parent, call = found
        callee = self.small.get(call.name)
        if callee is None or callee is self.proc or not self.globals_visible(callee):
            return [stmt]
        self.count += 1
        fresh = {name: _FRESH.format(local=name, proc=callee.name, n=self.count)
                 for name in callee.locals_}
        self.proc.locals_ += list(fresh.values())
        body = copy.deepcopy(callee.body)
        result = body.pop()
        assert isinstance(result, ir.Return) and isinstance(result.value, ir.Var)
        for assign in body:
            assert isinstance(assign, ir.Assign)
            for node in (*walk_expr(assign.target), *walk_expr(assign.value)):
                if isinstance(node, ir.Var) and node.name in fresh:
                    node.name = fresh[node.name]
        value = ir.Var(fresh[result.value.name], call.pos)
        if parent is None:
            stmt.value = value
        else:
            parent.args[0] = value
        return [*body, stmt]

    def leading_call(self, expr: ir.Expr) -> tuple[ir.Prim | None, ir.Call] | None:
        """The call ``expr`` evaluates before anything else, and the operator holding it
        as its first operand (None: ``expr`` is the call)."""
        parent: ir.Prim | None = None
        node = expr
        while isinstance(node, ir.Prim) and node.args:
            template = self.templates.get(node.fn)
            if template is not None:
                order = plan(template)
                if not order.first_order or order.first_order[0] != 0 \
                        or 0 not in order.always:
                    return None
            parent, node = node, node.args[0]
        if isinstance(node, ir.Call):
            return parent, node
        return None

    def globals_visible(self, callee: ir.Proc) -> bool:
        """Does every global the callee uses mean the same global in the caller?"""
        own = set(callee.locals_)
        shadowing = set(self.proc.locals_) | {p.name for p in self.proc.params}
        for stmt in callee.body:
            for expr in _expressions(stmt):
                for node in walk_expr(expr):
                    if isinstance(node, ir.Var) and node.name not in own \
                            and node.name in shadowing:
                        return False
        return True


def _inlinable(proc: ir.Proc) -> bool:
    body = proc.body
    if proc.params or not proc.is_function or not body or len(body) > MAX_STATEMENTS + 1:
        return False
    result = body[-1]
    if not (isinstance(result, ir.Return) and isinstance(result.value, ir.Var)
            and result.value.name in proc.locals_):
        return False
    answer = result.value.name
    assigned: set[str] = set()
    for stmt in body[:-1]:
        if not (isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var)):
            return False
        for node in walk_expr(stmt.value):
            if isinstance(node, ir.Call | ir.Item):
                return False
            if isinstance(node, ir.Var) and node.name in proc.locals_ and (
                    node.name == answer or node.name not in assigned):
                return False
        assigned.add(stmt.target.name)
    return answer in assigned


def _expressions(stmt: ir.Stmt) -> list[ir.Expr]:
    if isinstance(stmt, ir.Assign):
        return [stmt.target, stmt.value]
    if isinstance(stmt, ir.Return) and stmt.value is not None:
        return [stmt.value]
    return []

"""Definite assignment: which reads of a variable may still see its initial Неопределено.

Every 1C variable starts as Неопределено (the lowering emits ``x = Неопределено`` for each
one; those *initial* assignments are passed in by identity and do not count as giving the
variable a value).  A read is *definitely assigned* when every path to it runs a real
assignment first; only the other reads can see the initial Неопределено, so only they add
Неопределено to the variable's static type (``static_types``).

Module variables are tracked across procedures: a procedure starts with the module
variables definitely assigned at *every* one of its call sites (a greatest fixpoint, so
recursion is handled), the module body with none.  The analysis is conservative: loops may
run zero times, a ``Попытка`` body may stop anywhere, a call adds nothing, and a label
(``~Метка:``, which a ``Перейти`` may reach from anywhere in its procedure) knows only what
was assigned when the procedure started.
"""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.walk import walk_expr

Names = frozenset[str]


def local_names(proc: ir.Proc) -> set[str]:
    return {p.name for p in proc.params} | set(proc.locals_)


class DefiniteAssignment:
    """Run with ``solve()``; then ``maybe_unassigned`` holds the ``id`` of every
    ``ir.Var`` read that may see the initial Неопределено."""

    def __init__(self, module: ir.Module, initial: set[int]) -> None:
        self.module = module
        self.initial = initial
        self.globals_ = frozenset(module.globals_)
        self.maybe_unassigned: set[int] = set()
        self.entry: dict[str, Names] = {p.name: self.globals_ for p in module.procs}
        self._sites: dict[str, Names] = {}
        self._locals: set[str] = set()
        self._everything: Names = frozenset()
        self._start: Names = frozenset()

    def solve(self) -> DefiniteAssignment:
        while True:
            self.maybe_unassigned = set()
            self._sites = {}
            self._run(set(), frozenset(), self.module.body)
            for proc in self.module.procs:
                locals_ = local_names(proc)
                params = frozenset(p.name for p in proc.params)
                self._run(locals_, params | (self.entry[proc.name] - locals_), proc.body)
            changed = {name: self._sites.get(name, self.globals_) for name in self.entry}
            if changed == self.entry:
                return self
            self.entry = changed

    def _run(self, locals_: set[str], start: Names, body: list[ir.Stmt]) -> None:
        self._locals = locals_
        self._everything = self.globals_ | frozenset(locals_)
        self._start = start
        self.block(body, start)

    # -- statements: each returns the names definitely assigned after it --------------

    def block(self, body: list[ir.Stmt], assigned: Names) -> Names:
        for stmt in body:
            assigned = self.stmt(stmt, assigned)
        return assigned

    def stmt(self, s: ir.Stmt, assigned: Names) -> Names:
        if isinstance(s, ir.Assign):
            return self.assign(s, assigned)
        if isinstance(s, ir.Eval):
            self.reads(s.expr, assigned)
            return assigned
        if isinstance(s, ir.If):
            return self.if_(s, assigned)
        if isinstance(s, ir.ForRange):
            for bound in (s.start, s.stop, s.step):
                self.reads(bound, assigned)
            self.block(s.body, assigned | {s.var})
            return assigned | {s.var} if s.after_fn else assigned
        if isinstance(s, ir.ForEach):
            self.reads(s.collection, assigned)
            self.block(s.body, assigned | {s.var})
            return assigned
        return self.other(s, assigned)

    def assign(self, s: ir.Assign, assigned: Names) -> Names:
        if isinstance(s.target, ir.Item):
            self.reads(s.target, assigned)
        self.reads(s.value, assigned)
        if isinstance(s.target, ir.Var) and id(s) not in self.initial:
            return assigned | {s.target.name}
        return assigned

    def if_(self, s: ir.If, assigned: Names) -> Names:
        outcomes = []
        for test, body in s.branches:
            self.reads(test, assigned)
            outcomes.append(self.block(body, assigned))
        outcomes.append(self.block(s.orelse, assigned))
        return frozenset.intersection(*outcomes)

    def other(self, s: ir.Stmt, assigned: Names) -> Names:
        if isinstance(s, ir.While):
            self.reads(s.test, assigned)
            self.block(s.body, assigned)
            return assigned
        if isinstance(s, ir.Repeat):
            after = self.block(s.body, assigned)
            self.reads(s.until, after)
            return after
        if isinstance(s, ir.Times):
            self.reads(s.count, assigned)
            self.block(s.body, assigned)
            return assigned
        if isinstance(s, ir.Try):
            return self.block(s.body, assigned) & self.block(s.handler, assigned)
        if isinstance(s, ir.Label):
            return self._start
        if isinstance(s, ir.Return):
            self.reads(s.value, assigned)
        return self._everything  # Return, Break, Continue, Goto: nothing runs after them

    # -- expressions -------------------------------------------------------------------

    def reads(self, expr: ir.Expr | None, assigned: Names) -> None:
        for node in walk_expr(expr):
            if isinstance(node, ir.Var) and node.name not in assigned:
                self.maybe_unassigned.add(id(node))
            elif isinstance(node, ir.Call):
                here = assigned & self.globals_ - self._locals
                before = self._sites.get(node.name)
                self._sites[node.name] = here if before is None else before & here

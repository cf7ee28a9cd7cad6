"""Static range analysis: drop run-time checks that can never fail.

Inside ``нц для i от a до b`` the variable ``i`` stays between ``a`` and ``b`` — provided
the body never assigns it (no ``i := …``, no ``ввод i``, no inner loop over ``i``, no
``рез``/``аргрез`` argument ``i``) and ``i`` is a local of its algorithm (a global one could
be changed by any call).  A local assigned a ``цел`` expression of known interval keeps it
along the straight line that follows, until a statement may change it (an assignment, a
``рез`` argument, a loop or branch that assigns it).  From such intervals, and from
integer constants, the pass computes the interval of ``цел`` expressions and rewrites, in place:

- ``add_int``/``sub_int``/``mul_int``/``neg_int`` whose result provably stays in 32 bits to
  the unchecked operator (``i + 1`` for ``i`` from 0 to 51);
- ``div``/``mod`` whose divisor is provably positive to the variant without the divisor
  check (``mod(x, 52 - i)``);
- the "has it a value?" test of a loop variable inside its loop to the plain value;
- reads and writes of a one-dimensional table declared in the algorithm with constant
  bounds to a check against those constants, or, when the index provably lies within
  them, to plain list access;
- ``s[k]`` of a ``лит`` local only ever assigned a literal (``ранги := "A23…"``) to plain
  string indexing, when ``k`` provably lies between 1 and the literal's length (before the
  assignment ``s`` has no value: indexing it is KuMir's «нет значения» as before).

Every rewrite removes a check that the interval proves redundant, so a program prints and
fails exactly as before.
"""

from __future__ import annotations

from portinterp.core import ir
from portinterp.core.walk import (
    child_blocks,
    statement_expressions,
    sub_expressions,
    walk_expr,
    walk_statements,
)
from portinterp.kumir.runtime.numbers import INT_MAX, INT_MIN

Interval = tuple[int, int]
Env = dict[str, Interval]

_UNCHECKED = {"add_int": "add_int_unchecked", "sub_int": "sub_int_unchecked",
              "mul_int": "mul_int_unchecked", "neg_int": "neg_int_unchecked"}
_DIVISIONS = {"div", "div_simple", "div_by_const", "mod", "mod_simple", "mod_by_const"}


def narrow_module(module: ir.Module) -> ir.Module:
    """Rewrite ``module``'s provably safe operations in place; returns it."""
    by_ref = {proc.name: [p.by_ref for p in proc.params] for proc in module.procs}
    for proc in module.procs:
        own = set(proc.locals_) | {p.name for p in proc.params}  # Python locals, all
        narrowing = _Narrowing(own, by_ref, _static_tables(proc))
        narrowing.strings = _constant_strings(proc, narrowing)
        narrowing.walk(proc.body, {})
    _Narrowing(set(), by_ref, {}).walk(module.body, {})
    return module


class _Narrowing:
    def __init__(self, own: set[str], by_ref: dict[str, list[bool]],
                 tables: dict[str, Interval]) -> None:
        self.own = own  # variables no other algorithm can assign
        self.by_ref = by_ref
        self.tables = tables  # 1-D tables of this algorithm with constant bounds
        self.strings: dict[str, int] = {}  # лит locals only ever set to a literal: length
        self._changed: dict[int, tuple[ir.Stmt, frozenset[str]]] = {}  # by statement

    def walk(self, body: list[ir.Stmt], env: Env) -> None:
        """Narrow every expression of ``body``, nested blocks included.  ``env`` also
        follows the straight line: after ``n := mod(x, 52 - i)`` the local ``n`` lies in
        0…51 until something may change it."""
        env = dict(env)
        for stmt in body:
            if isinstance(stmt, ir.ForRange):
                self.loop(stmt, env)
                _forget(env, self.changed([stmt]))
                continue
            blocks = child_blocks(stmt)
            here = env if not blocks else _without(env, self.changed([stmt]))
            values = [self.interval(expr, here) if expr is not None else None
                      for expr in statement_expressions(stmt)]
            for block in blocks:
                self.walk(block, here)
            _forget(env, self.changed([stmt]))
            if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var) \
                    and stmt.target.name in self.own and values[1] is not None:
                env[stmt.target.name] = values[1]

    def loop(self, loop: ir.ForRange, env: Env) -> None:
        start = self.interval(loop.start, env)
        stop = self.interval(loop.stop, env)
        if loop.step is not None:
            self.interval(loop.step, env)
        changed = self.changed(loop.body)
        inner = _without(env, changed | {loop.var})
        if start and stop and loop.var in self.own and loop.var not in changed:
            # range(start, stop ± 1, step) stays between start and stop whatever the step
            inner[loop.var] = (min(start[0], stop[0]), max(start[1], stop[1]))
        self.walk(loop.body, inner)

    def changed(self, body: list[ir.Stmt]) -> set[str]:
        """The variables running ``body`` may change: assigned, loop variables, and
        variables passed to a ``рез``/``аргрез`` parameter.  Each statement's set is made
        once, from its own expressions and its blocks' statements (the walk asks again
        at every level of nesting: 13,000 nested ``если`` took hours when each question
        walked the whole block again)."""
        names: set[str] = set()
        for stmt in body:
            names |= self._changed_by(stmt)
        return names

    def _changed_by(self, stmt: ir.Stmt) -> frozenset[str]:
        known = self._changed.get(id(stmt))
        if known is not None:
            return known[1]
        names: set[str] = set()
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var):
            names.add(stmt.target.name)
        elif isinstance(stmt, ir.ForRange | ir.ForEach):
            names.add(stmt.var)
        for expr in statement_expressions(stmt):
            for call in calls_in_expression(expr):
                refs = self.by_ref.get(call.name, [])
                names |= {arg.name for n, arg in enumerate(call.args)
                          if isinstance(arg, ir.Var) and (n >= len(refs) or refs[n])}
        for block in child_blocks(stmt):
            for inner in block:
                names |= self._changed_by(inner)
        found = frozenset(names)
        self._changed[id(stmt)] = (stmt, found)  # the statement kept: its id stays its own
        return found

    # -- expressions -------------------------------------------------------------------

    def interval(self, e: ir.Expr, env: Env) -> Interval | None:
        """The values ``e`` can take (None: unknown); narrows its sub-expressions."""
        if isinstance(e, ir.Const):
            return (e.value, e.value) if type(e.value) is int else None
        if isinstance(e, ir.Var):
            return env.get(e.name)
        if isinstance(e, ir.Prim):
            return self.prim(e, [self.interval(a, env) for a in e.args])
        if isinstance(e, ir.Item):
            self.interval(e.base, env)
            self.item(e, [self.interval(i, env) for i in e.index])
            return None
        for child in sub_expressions(e):
            if child is not None:
                self.interval(child, env)
        return None

    def prim(self, e: ir.Prim, args: list[Interval | None]) -> Interval | None:
        if e.fn in _UNCHECKED:
            result = _arithmetic(e.fn, args)
            if result is not None and INT_MIN <= result[0] and result[1] <= INT_MAX:
                e.fn = _UNCHECKED[e.fn]
                return result
            return None
        if e.fn in _DIVISIONS:
            return self.division(e, args)
        if e.fn == "char_at":
            self.char_at(e, args[1])
            return None
        if e.fn in ("defined", "truth") and args[0] is not None:
            e.fn = "known"  # a value with an interval (a loop variable) is always set
            return args[0]
        return None

    def division(self, e: ir.Prim, args: list[Interval | None]) -> Interval | None:
        dividend, divisor = args
        if divisor is None or divisor[0] < 1:
            return None
        kind = e.fn[:3]
        e.fn = kind + "_by_const"  # the divisor is positive: no check needed
        if kind == "mod":
            return (0, divisor[1] - 1)
        if dividend is None:
            return None
        corners = [a // b for a in dividend for b in divisor]
        return (min(corners), max(corners))

    def char_at(self, e: ir.Prim, index: Interval | None) -> None:
        """``s[k]`` of a constant string with ``k`` provably within it: plain indexing,
        ``s[x]`` for ``k = x + 1``."""
        text, position = e.args
        length = self.strings.get(text.name) if isinstance(text, ir.Var) else None
        if length is None or index is None or index[0] < 1 or index[1] > length:
            return
        e.fn = "char_at_known"
        if isinstance(position, ir.Prim) and position.fn == "add_int_unchecked" \
                and isinstance(position.args[1], ir.Const) and position.args[1].value == 1:
            e.fn, e.args = "char_at_known0", [text, position.args[0]]

    def item(self, e: ir.Item, index: list[Interval | None]) -> None:
        """A read or write of a table with constant bounds: compare the index with
        literals, or, where its interval lies within the bounds, not at all."""
        if e.getitem_fn != "table_get1" or not isinstance(e.base, ir.Var):
            return
        bounds = self.tables.get(e.base.name)
        if bounds is None:
            return
        low, high = bounds
        proven = index[0] is not None and low <= index[0][0] and index[0][1] <= high
        suffix = ("_from" if proven else "_in") + ("0" if low == 0 else "")
        e.getitem_fn, e.setitem_fn = "table_get1" + suffix, "table_set1" + suffix
        limits = ([] if low == 0 else [low]) + ([] if proven else [high])
        e.index += [ir.Const(limit, e.pos) for limit in limits]


def calls_in_expression(expr: ir.Expr | None) -> list[ir.Call]:
    return [node for node in walk_expr(expr) if isinstance(node, ir.Call)]


def _without(env: Env, names: set[str]) -> Env:
    return {name: limits for name, limits in env.items() if name not in names}


def _forget(env: Env, names: set[str]) -> None:
    for name in names:
        env.pop(name, None)


def _arithmetic(fn: str, args: list[Interval | None]) -> Interval | None:
    if any(a is None for a in args):
        return None
    if fn == "neg_int":
        (low, high), = args  # type: ignore[misc]
        return (-high, -low)
    (a, b), (c, d) = args  # type: ignore[misc]
    if fn == "add_int":
        return (a + c, b + d)
    if fn == "sub_int":
        return (a - d, b - c)
    products = [a * c, a * d, b * c, b * d]
    return (min(products), max(products))


def _static_tables(proc: ir.Proc) -> dict[str, Interval]:
    """One-dimensional local tables of ``proc`` created once, with constant bounds."""
    made: dict[str, list[ir.Expr]] = {}
    assigned: dict[str, int] = {}
    for stmt in walk_statements(proc.body):
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var):
            name = stmt.target.name
            assigned[name] = assigned.get(name, 0) + 1
            if isinstance(stmt.value, ir.Prim) and stmt.value.fn == "new_table":
                made[name] = stmt.value.args
    tables = {}
    for name, limits in made.items():
        constant = all(isinstance(x, ir.Const) and type(x.value) is int for x in limits)
        if name in proc.locals_ and assigned[name] == 1 and len(limits) == 2 and constant:
            tables[name] = (limits[0].value, limits[1].value)  # type: ignore[union-attr]
    return tables


def _constant_strings(proc: ir.Proc, narrowing: _Narrowing) -> dict[str, int]:
    """Locals of ``proc`` only ever set to string literals of one length, or to no value
    (a declaration), never a loop variable or a ``рез`` argument: name -> that length."""
    lengths: dict[str, set[int | None]] = {}
    for stmt in walk_statements(proc.body):
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var):
            value = stmt.value
            literal = isinstance(value, ir.Const) and type(value.value) in (str, type(None))
            length = len(value.value) if literal and value.value is not None else None
            lengths.setdefault(stmt.target.name, set()).add(length if literal else -1)
    return {name: known.pop() for name, found in lengths.items()
            if name in proc.locals_ and len(known := found - {None}) == 1 and -1 not in known
            and not _changed_otherwise(proc.body, name, narrowing)}


def _changed_otherwise(body: list[ir.Stmt], name: str, narrowing: _Narrowing) -> bool:
    """Is ``name`` a loop variable or a ``рез``/``аргрез`` argument anywhere in ``body``?"""
    for stmt in walk_statements(body):
        if isinstance(stmt, ir.ForRange | ir.ForEach) and stmt.var == name:
            return True
        for expr in statement_expressions(stmt):
            for call in calls_in_expression(expr):
                refs = narrowing.by_ref.get(call.name, [])
                if any(isinstance(arg, ir.Var) and arg.name == name
                       and (n >= len(refs) or refs[n]) for n, arg in enumerate(call.args)):
                    return True
    return False

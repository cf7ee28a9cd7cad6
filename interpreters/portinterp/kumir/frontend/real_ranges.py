"""Intervals of ``вещ`` values: drop overflow checks of ``вещ`` operators and of ``int()``
that cannot fail.  ``ranges.py`` knows ``цел`` intervals; this pass, run last (after
``promote_globals``, so a module variable a loop uses is a local by then), follows the
``вещ`` locals of an algorithm that calls no other, with loop invariants:

- constants, ``цел`` converted to ``вещ`` (32 bits: every ``цел`` is), ``+ - * /`` of
  intervals (each bound widened by a relative 2^-50, more than the rounding of one
  operation), ``int(x)`` (its result lies in 32 bits once its check passed);
- ``x - int(x / c) * c`` with ``c`` a power of two lies in [-1, c + 1] (``x / c`` is exact,
  so is the product, and the difference is ``x`` modulo ``c``: the ``mod`` a KuMir
  program writes in ``вещ`` — FreeCell's generator, ``семя - int(семя / 2^31) * 2^31``);
- a loop's variables start each pass within the join of their values before it and after
  a pass, found by iterating (at most ``PASSES`` times, else unknown); a loop holding an
  exit (``выход``, a jump) makes what it changes unknown.

A checked ``+ - * /`` whose interval is finite becomes the unchecked operator; ``int(x)``
with ``x`` within [-2^31, 2^31) becomes ``floor`` alone.  A value with no interval keeps
every check, so output and errors are as before (``tests/kumir/test_real_ranges.py``
compares random programs with the same programs compiled without this pass).
"""

from __future__ import annotations

import math
from collections.abc import Callable

from portinterp.core import ir
from portinterp.core.walk import (
    child_blocks,
    statement_expressions,
    sub_expressions,
    walk_expr,
    walk_statements,
)
from portinterp.kumir.runtime.numbers import INT_MAX, INT_MIN

Interval = tuple[float, float]
Env = dict[str, Interval]

PASSES = 4
MAX_DEPTH = 2  # loops inside loops deeper than this: no invariant (passes multiply)
_MAX = 1.7976931348623157e308
_CHECKED = {"add_real", "sub_real", "mul_real", "div_real"}
_LOOPS = (ir.While, ir.Repeat, ir.ForRange, ir.ForEach, ir.Times)
_EXITS = (ir.Break, ir.Continue, ir.Return, ir.Goto, ir.Label, ir.Try)


def narrow_reals(module: ir.Module) -> ir.Module:
    """Drop the provably needless ``вещ`` checks of ``module``'s call-free algorithms."""
    for proc in module.procs:
        calls = any(isinstance(node, ir.Call) for stmt in walk_statements(proc.body)
                    for expr in statement_expressions(stmt) for node in walk_expr(expr))
        if not calls:
            own = set(proc.locals_) | {p.name for p in proc.params}
            _Reals(own).block(proc.body, {}, rewrite=True)
    return module


class _Reals:
    def __init__(self, own: set[str]) -> None:
        self.own = own
        self.depth = 0  # loops around the one being looked at
        self._facts: dict[int, tuple[ir.Stmt, frozenset[str], bool]] = {}

    def block(self, body: list[ir.Stmt], env: Env, rewrite: bool) -> Env:
        """The intervals after ``body`` (a copy), given ``env`` before it."""
        env = dict(env)
        for stmt in body:
            if isinstance(stmt, _LOOPS):
                env = self.loop(stmt, env, rewrite)
            elif isinstance(stmt, ir.If):
                for test, _ in stmt.branches:
                    self.interval(test, env, rewrite)
                outs = [self.block(branch, env, rewrite) for _, branch in stmt.branches]
                outs.append(self.block(stmt.orelse, env, rewrite))
                env = _join_all(outs)
            elif isinstance(stmt, ir.Assign):
                if not isinstance(stmt.target, ir.Var):
                    self.interval(stmt.target, env, rewrite)
                found = self.interval(stmt.value, env, rewrite)
                if isinstance(stmt.target, ir.Var):
                    name = stmt.target.name
                    _set(env, name, found if name in self.own else None)
            else:
                for expr in statement_expressions(stmt):
                    if expr is not None:
                        self.interval(expr, env, rewrite)
                for inner in child_blocks(stmt):  # (Try: not in KuMir) as unknown
                    self.block(inner, {}, rewrite)
                env = {k: v for k, v in env.items() if k not in self.facts(stmt)[0]}
        return env

    def loop(self, loop: ir.Stmt, env: Env, rewrite: bool) -> Env:
        changed, exits = self.facts(loop)
        start = {k: v for k, v in env.items() if k not in changed}
        if not exits and self.depth < MAX_DEPTH:
            entry = dict(env)
            for _ in range(PASSES):
                after = self.pass_(loop, entry, rewrite=False)
                joined = _join(env, after)
                if joined == entry:
                    start = entry
                    break
                entry = joined
        self.pass_(loop, start, rewrite)
        return start

    def pass_(self, loop: ir.Stmt, env: Env, rewrite: bool) -> Env:
        env = dict(env)
        for expr in statement_expressions(loop):
            if expr is not None:
                self.interval(expr, env, rewrite)
        if isinstance(loop, ir.ForRange | ir.ForEach):
            env.pop(loop.var, None)
        self.depth += 1
        try:
            return self.block(child_blocks(loop)[0], env, rewrite)
        finally:
            self.depth -= 1

    def facts(self, stmt: ir.Stmt) -> tuple[frozenset[str], bool]:
        """The variables ``stmt`` may assign, and whether it holds an exit or a jump; made
        once a statement, from its blocks' (a chain of nested loops stays linear)."""
        known = self._facts.get(id(stmt))
        if known is not None:
            return known[1], known[2]
        names: set[str] = set()
        exits = isinstance(stmt, _EXITS)
        if isinstance(stmt, ir.Assign) and isinstance(stmt.target, ir.Var):
            names.add(stmt.target.name)
        if isinstance(stmt, ir.ForRange | ir.ForEach):
            names.add(stmt.var)
        for block in child_blocks(stmt):
            for inner in block:
                inner_names, inner_exits = self.facts(inner)
                names |= inner_names
                exits = exits or inner_exits
        found = frozenset(names)
        self._facts[id(stmt)] = (stmt, found, exits)  # the statement kept: its id its own
        return found, exits

    # -- expressions ---------------------------------------------------------------------

    def interval(self, e: ir.Expr, env: Env, rewrite: bool) -> Interval | None:
        if isinstance(e, ir.Const):
            value = e.value
            if type(value) in (int, float) and math.isfinite(value):
                return (value, value)
            return None
        if isinstance(e, ir.Var):
            return env.get(e.name)
        args = [self.interval(a, env, rewrite) if a is not None else None
                for a in sub_expressions(e)]
        if not isinstance(e, ir.Prim):
            return None
        if e.fn == "to_real":
            return args[0] or (INT_MIN, INT_MAX)
        if e.fn in ("defined", "known"):
            return args[0]
        if e.fn in ("int", "int_known"):
            return self.int_of(e, args[0], rewrite)
        kind = e.fn.removesuffix("_unchecked")
        if kind not in _CHECKED:
            return None
        result = _idiom(e) if kind == "sub_real" else None
        result = result or _ARITHMETIC[kind](*args)
        if result is None or not -_MAX < result[0] <= result[1] < _MAX:
            return None
        if rewrite and e.fn in _CHECKED:
            e.fn += "_unchecked"
        return result

    def int_of(self, e: ir.Prim, value: Interval | None, rewrite: bool) -> Interval:
        if value is not None and -2.0**31 <= value[0] and value[1] < 2.0**31:
            if rewrite:
                e.fn = "int_known"
            return (math.floor(value[0]), math.floor(value[1]))
        return (INT_MIN, INT_MAX)  # past the check, or stopped there


def _widen(low: float, high: float) -> Interval | None:
    if not (math.isfinite(low) and math.isfinite(high)):
        return None
    return (low - abs(low) * 2.0**-50 - 1e-300, high + abs(high) * 2.0**-50 + 1e-300)


def _add(a: Interval | None, b: Interval | None) -> Interval | None:
    return None if a is None or b is None else _widen(a[0] + b[0], a[1] + b[1])


def _sub_(a: Interval | None, b: Interval | None) -> Interval | None:
    return None if a is None or b is None else _widen(a[0] - b[1], a[1] - b[0])


def _mul(a: Interval | None, b: Interval | None) -> Interval | None:
    if a is None or b is None:
        return None
    corners = [x * y for x in a for y in b]
    return _widen(min(corners), max(corners))


def _div(a: Interval | None, b: Interval | None) -> Interval | None:
    if a is None or b is None or b[0] <= 0 <= b[1]:
        return None
    corners = [x / y for x in a for y in b]
    return _widen(min(corners), max(corners))


_ARITHMETIC: dict[str, Callable[[Interval | None, Interval | None], Interval | None]] = {
    "add_real": _add, "sub_real": _sub_, "mul_real": _mul, "div_real": _div}


def _idiom(e: ir.Prim) -> Interval | None:
    """``x - int(x / c) * c`` (``c`` a positive power of two): within [-1, c + 1]."""
    x, product = e.args
    if not (isinstance(x, ir.Var) and isinstance(product, ir.Prim)
            and product.fn.startswith("mul_real") and len(product.args) == 2):
        return None
    whole, c = product.args
    if not (isinstance(whole, ir.Prim) and whole.fn in ("int", "int_known")
            and isinstance(whole.args[0], ir.Prim) and whole.args[0].fn.startswith("div_real")):
        return None
    x2, c2 = whole.args[0].args
    constant = c.value if isinstance(c, ir.Const) else None
    if not (isinstance(x2, ir.Var) and x2.name == x.name and isinstance(c2, ir.Const)
            and type(constant) in (int, float) and c2.value == constant and constant > 0
            and math.frexp(constant)[0] == 0.5):
        return None
    return (-1.0, float(constant) + 1.0)


def _set(env: Env, name: str, value: Interval | None) -> None:
    if value is None:
        env.pop(name, None)
    else:
        env[name] = value


def _join(a: Env, b: Env) -> Env:
    return {k: (min(v[0], b[k][0]), max(v[1], b[k][1])) for k, v in a.items() if k in b}


def _join_all(envs: list[Env]) -> Env:
    joined = envs[0]
    for env in envs[1:]:
        joined = _join(joined, env)
    return joined

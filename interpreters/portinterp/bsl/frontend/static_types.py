"""Static types of a lowered 1C module, so the fast operator variants can be chosen.

A type is the set of kinds a value may have at run time: whole number not below zero
(``nat``) or below zero (``neg``), other number (``dec``, a ``Decimal``), string, boolean,
Массив, Неопределено, or anything else (``other``: dates, Null, Структура …).  The sign
of whole numbers is tracked so that ``x % y``, ``Цел(x / y)`` and ``М[x]`` need no sign
test where x cannot be negative (a length, a remainder of such a number, a product or
sum of such numbers).  Sets only grow, so a whole-program fixpoint over every assignment,
call site (argument -> parameter, by-reference parameter -> argument variable) and
``Возврат`` ends; the result over-approximates every run: a variable whose type is
``{nat}`` holds a whole number not below zero whenever it is read.

Sound, not clever: item values, ``Для Каждого`` variables and unknown built-ins are
``ANY``; a read that may come before any assignment adds Неопределено (``definite``).
"""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

from portinterp.bsl.frontend.definite import DefiniteAssignment, local_names
from portinterp.bsl.runtime.values import BslArray
from portinterp.core import ir
from portinterp.core.walk import child_blocks, statement_expressions, walk_expr

Type = frozenset[str]
NAT, NEG, DEC, STR, BOOL, ARRAY, UNDEF, OTHER = (
    "nat", "neg", "dec", "str", "bool", "array", "undef", "other")
EMPTY: Type = frozenset()
ANY: Type = frozenset({NAT, NEG, DEC, STR, BOOL, ARRAY, UNDEF, OTHER})
NATURAL: Type = frozenset({NAT})  # a whole number, 0 or more
WHOLE: Type = frozenset({NAT, NEG})
NUMBER: Type = frozenset({NAT, NEG, DEC})
TEXT: Type = frozenset({STR})
BOOLEAN: Type = frozenset({BOOL})

_CONST_KINDS = {Decimal: DEC, str: STR, bool: BOOL, type(None): UNDEF,
                datetime: OTHER}
# Results of prims that do not depend on the operands' types.
BOOLEAN_PRIMS = {"eq", "ne", "lt", "le", "gt", "ge", "truth"}  # Python bools
WHOLE_PRIMS = {"quotient", "f_int", "f_strlen", "f_find", "f_strfind", "f_charcode"}
NATURAL_PRIMS = {"f_strlen", "f_find"}  # a length; a position or 0
NUMBER_PRIMS = {"div", "mul", "mod", "neg", "plus", "for_bound"}
TEXT_PRIMS = {"f_mid", "f_string", "f_left", "f_right", "f_upper", "f_lower", "f_trimall",
              "f_strreplace", "f_format", "f_char"}
WHOLE_METHODS = {"count", "ubound"}  # every 1C collection's Количество() is a whole number
# Operators whose result is whole when every operand is.
WHOLE_WHEN_WHOLE = {"add", "sub", "mul", "mod", "neg", "plus", "for_bound"}
# ... and not below zero when these operands are not: a sum or product of such numbers,
# 1C's remainder (it has the sign of the dividend), Цел(a / b), Цел(a), +a.
NATURAL_WHEN_NATURAL = {"add": (0, 1), "mul": (0, 1), "mod": (0,), "quotient": (0, 1),
                        "f_int": (0,), "plus": (0,), "for_bound": (0,)}


def within(t: Type, bound: Type) -> bool:
    """Known to be of ``bound`` (an empty type, a value never produced, is not known)."""
    return bool(t) and t <= bound


def const_type(value: object) -> Type:
    if isinstance(value, type) and value is BslArray:
        return frozenset({OTHER})
    if type(value) is int:
        return frozenset({NAT if value >= 0 else NEG})
    return frozenset({_CONST_KINDS.get(type(value), OTHER)})


def prim_type(fn: str, args: list[Type]) -> Type:
    """The result type of runtime function ``fn`` on operands of these types."""
    if any(not t for t in args):
        return EMPTY  # an operand never produces a value: neither does this
    if fn in BOOLEAN_PRIMS:
        return BOOLEAN
    if fn in NATURAL_PRIMS or _natural_operands(fn, args):
        return NATURAL
    if fn in WHOLE_PRIMS:
        return WHOLE
    if fn in TEXT_PRIMS:
        return TEXT
    if fn in WHOLE_WHEN_WHOLE and all(within(t, WHOLE) for t in args):
        return WHOLE
    if fn in NUMBER_PRIMS:
        return NUMBER
    if fn == "new_array":
        return frozenset({ARRAY})
    return _sum_type(fn, args)


def _natural_operands(fn: str, args: list[Type]) -> bool:
    """Is ``fn`` whole and not negative because its operands are (``quotient``/``mod``: a
    zero divisor fails; a negative divisor is not among the operands allowed)?"""
    places = NATURAL_WHEN_NATURAL.get(fn)
    if places is None or len(args) < len(places):
        return False
    if fn == "mod" and not within(args[1], WHOLE):
        return False  # a remainder by a fraction is a fraction
    return all(within(args[i], NATURAL) for i in places)


def _sum_type(fn: str, args: list[Type]) -> Type:
    """``+`` converts by its left operand; ``-`` of numbers is a number (of dates, not)."""
    if fn == "add" and within(args[0], TEXT):
        return TEXT
    if fn in ("add", "sub") and within(args[0], NUMBER):
        return NUMBER
    return ANY


class StaticTypes:
    """The solved types.  ``of(expr, proc)`` gives an expression's type inside ``proc``
    (``None`` for the module body)."""

    def __init__(self, module: ir.Module, initial: set[int]) -> None:
        self.module = module
        self.procs = {p.name: p for p in module.procs}
        self.locals_ = {p.name: local_names(p) for p in module.procs}
        self.unassigned = DefiniteAssignment(module, initial).solve().maybe_unassigned
        self.initial = initial
        self.variables: dict[tuple[str, str], Type] = {}
        self.returns: dict[str, Type] = {}
        self._changed = False
        self._solve()
        self._known: dict[tuple[int, str | None], Type] = {}  # solved: ``of`` is remembered


    # -- reading the result ------------------------------------------------------------

    def key(self, name: str, proc: str | None) -> tuple[str, str]:
        return (proc, name) if proc is not None and name in self.locals_[proc] else ("", name)

    def of(self, expr: ir.Expr, proc: str | None) -> Type:
        known = getattr(self, "_known", None)
        if known is None:  # still solving
            return self._of(expr, proc)
        key = (id(expr), proc)
        if key not in known:  # each node once, however deep the expression it heads
            known[key] = self._of(expr, proc)
        return known[key]

    def _of(self, expr: ir.Expr, proc: str | None) -> Type:
        if isinstance(expr, ir.Const):
            return const_type(expr.value)
        if isinstance(expr, ir.Var):
            known = self.variables.get(self.key(expr.name, proc), EMPTY)
            return known | {UNDEF} if id(expr) in self.unassigned else known
        if isinstance(expr, ir.Prim):
            return self._prim(expr, proc)
        if isinstance(expr, ir.Call):
            return self.returns.get(expr.name, EMPTY)
        if isinstance(expr, ir.And | ir.Or | ir.Not):
            return BOOLEAN
        if isinstance(expr, ir.Cond):
            return self.of(expr.then, proc) | self.of(expr.orelse, proc)
        return ANY  # Item: what an array or structure holds is not tracked

    def _prim(self, expr: ir.Prim, proc: str | None) -> Type:
        args = [self.of(a, proc) for a in expr.args]
        if expr.fn == "method" and all(args):
            name = expr.args[1]
            if isinstance(name, ir.Const) and name.value in WHOLE_METHODS:
                return WHOLE
        return prim_type(expr.fn, args)

    # -- the fixpoint ------------------------------------------------------------------

    def _solve(self) -> None:
        self._changed = True
        while self._changed:
            self._changed = False
            self._body(self.module.body, None)
            for proc in self.module.procs:
                self._body(proc.body, proc.name)
                if proc.is_function and not _always_returns(proc.body):
                    self._add_return(proc.name, frozenset({UNDEF}))
                for param in proc.params:
                    if param.default is not None:
                        self._add(self.key(param.name, proc.name), const_type(param.default.value))

    def _add(self, key: tuple[str, str], t: Type) -> None:
        old = self.variables.get(key, EMPTY)
        if not t <= old:
            self.variables[key] = old | t
            self._changed = True

    def _add_return(self, name: str, t: Type) -> None:
        old = self.returns.get(name, EMPTY)
        if not t <= old:
            self.returns[name] = old | t
            self._changed = True

    def _body(self, body: list[ir.Stmt], proc: str | None) -> None:
        for stmt in body:
            self._stmt(stmt, proc)
            for block in child_blocks(stmt):
                self._body(block, proc)

    def _stmt(self, s: ir.Stmt, proc: str | None) -> None:
        for expr in statement_expressions(s):
            self._calls(expr, proc)
        if isinstance(s, ir.Assign) and isinstance(s.target, ir.Var):
            if id(s) not in self.initial:
                self._add(self.key(s.target.name, proc), self.of(s.value, proc))
        elif isinstance(s, ir.ForRange):
            start = self.of(s.start, proc)
            # a counter never goes below its start (after the loop: start or stop + 1)
            counter = next((kind for kind in (NATURAL, WHOLE) if within(start, kind)), NUMBER)
            self._add(self.key(s.var, proc), counter if start else EMPTY)
        elif isinstance(s, ir.ForEach):
            self._add(self.key(s.var, proc), ANY)
        elif isinstance(s, ir.Return) and proc is not None:
            value = frozenset({UNDEF}) if s.value is None else self.of(s.value, proc)
            self._add_return(proc, value)

    def _calls(self, expr: ir.Expr | None, proc: str | None) -> None:
        """Arguments flow into parameters; by-reference parameters flow back."""
        for node in walk_expr(expr):
            if not isinstance(node, ir.Call) or node.name not in self.procs:
                continue
            callee = self.procs[node.name]
            for param, arg in zip(callee.params, node.args, strict=False):
                if arg is None:
                    continue
                param_key = self.key(param.name, callee.name)
                self._add(param_key, self.of(arg, proc))
                if param.by_ref and isinstance(arg, ir.Var):
                    self._add(self.key(arg.name, proc), self.variables.get(param_key, EMPTY))


def _always_returns(body: list[ir.Stmt]) -> bool:
    """Does every path through ``body`` end in ``Возврат`` (so it cannot fall off)?"""
    if not body:
        return False
    last = body[-1]
    if isinstance(last, ir.Return):
        return True
    if isinstance(last, ir.If):
        return bool(last.orelse) and all(_always_returns(b) for _, b in last.branches) \
            and _always_returns(last.orelse)
    return False

"""Pick the fastest runtime variant of every operator that is exact for its operands.

The lowering emits the general operators (``add``, ``lt``, ``getitem`` …), which check the
types of their operands at run time.  Where ``static_types`` proves the operands' kinds,
this pass swaps in a variant with fewer checks (``add_ii`` for two whole numbers,
``cat_ss`` for two strings, ``getitem_ai`` for a Массив and a whole index …) or drops a
conversion that cannot change the value (``Цел`` of a whole number, the condition test of
a Булево).  Every variant keeps the 1C result and error of the general operator.
"""

from __future__ import annotations

from portinterp.bsl.frontend.definite import local_names
from portinterp.bsl.frontend.loop_ranges import (
    UNKNOWN,
    Env,
    Interval,
    interval,
    loop_interval,
    non_negative,
    positive,
)
from portinterp.bsl.frontend.static_types import (
    ARRAY,
    BOOLEAN,
    NATURAL,
    NUMBER,
    TEXT,
    WHOLE,
    StaticTypes,
    Type,
    within,
)
from portinterp.bsl.frontend.text_lengths import text_lengths
from portinterp.bsl.runtime.values import BslArray
from portinterp.core import ir
from portinterp.core.walk import child_blocks

WHOLE_VARIANTS = {"add", "sub", "mul", "mod", "quotient"}
ORDERINGS = {"lt", "le", "gt", "ge"}
# Kinds within which Python's own == and < agree with 1C's (numbers by value, Ложь <
# Истина; strings only for ==: they order by the culture's collation, not by code point).
SAME_KINDS = (NUMBER, TEXT, BOOLEAN)
ORDERED_SAME_KINDS = (NUMBER, BOOLEAN)
IDENTITIES = {"truth": BOOLEAN, "f_int": WHOLE}  # the conversion returns its operand
ARRAY_TYPE: Type = frozenset({ARRAY})
# Whole-number variants whose sign tests an interval can prove needless (loop_ranges).
SIGNED = {"quotient_ii": "quotient_nn", "mod_ii": "mod_nn"}


def variant(fn: str, types: list[Type]) -> str:
    """The runtime function to call for ``fn`` on operands of these static types."""
    whole = [within(t, WHOLE) for t in types]
    if fn in WHOLE_VARIANTS and len(types) == 2 and all(whole):
        return fn + "_ii"
    if fn in {"eq", "ne"} and _same_kind(types, SAME_KINDS):
        return fn + "_same"
    if fn in ORDERINGS and _same_kind(types, ORDERED_SAME_KINDS):
        return fn + "_same"
    if fn == "mod" and whole[1]:
        return "mod_xi"
    if fn == "add" and within(types[0], TEXT):
        return "cat_ss" if within(types[1], TEXT) else "cat_s"
    if fn == "neg" and whole[0]:
        return "neg_i"
    if fn == "f_message" and len(types) == 1 and within(types[0], TEXT):
        return "f_message_s"
    if fn == "f_mid" and within(types[0], TEXT) and whole[1] and whole[2]:
        return "f_mid_sii"
    return fn


def _same_kind(types: list[Type], kinds: tuple[Type, ...]) -> bool:
    return len(types) == 2 and any(all(within(t, kind) for t in types) for kind in kinds)


class Specialiser:
    def __init__(self, module: ir.Module, initial: set[int]) -> None:
        self.module = module
        self.types = StaticTypes(module, initial)
        self.proc: str | None = None
        self.locals_: set[str] = set()  # the procedure's own variables (Python locals)
        self.env: Env = {}  # intervals of the loop variables around the statement
        self.initial = initial
        self.lengths: dict[str, int] = {}  # least length of a local that is a constant string

    def run(self) -> ir.Module:
        self.proc, self.locals_, self.env, self.lengths = None, set(), {}, {}
        self.block(self.module.body)
        for proc in self.module.procs:
            self.proc, self.locals_, self.env = proc.name, local_names(proc), {}
            self.lengths = text_lengths(proc, self.locals_, self.initial)
            self.block(proc.body)
        return self.module

    def type_of(self, expr: ir.Expr) -> Type:
        return self.types.of(expr, self.proc)

    def leaf(self, expr: ir.Expr) -> Interval:
        """What the static types tell of an expression's values: 0 or more, or nothing."""
        return (0, None) if within(self.type_of(expr), NATURAL) else UNKNOWN

    def interval(self, expr: ir.Expr) -> Interval:
        return interval(expr, self.env, self.leaf)

    # -- statements (changed in place) -------------------------------------------------

    def block(self, body: list[ir.Stmt]) -> None:
        for stmt in body:
            self.stmt(stmt)

    def stmt(self, s: ir.Stmt) -> None:
        if isinstance(s, ir.Assign):
            s.target = self.item(s.target) if isinstance(s.target, ir.Item) else s.target
            s.value = self.expr(s.value)
        elif isinstance(s, ir.Eval):
            s.expr = self.expr(s.expr)
        elif isinstance(s, ir.If):
            s.branches = [(self.expr(test), body) for test, body in s.branches]
        elif isinstance(s, ir.While):
            s.test = self.expr(s.test)
        elif isinstance(s, ir.ForRange):
            self.for_range(s)
            return
        elif isinstance(s, ir.ForEach):
            s.collection = self.expr(s.collection)
        elif isinstance(s, ir.Return) and s.value is not None:
            s.value = self.expr(s.value)
        for block in child_blocks(s):
            self.block(block)

    def for_range(self, s: ir.ForRange) -> None:
        if s.step is None and s.range_fn == "range" and all(
                within(self.type_of(bound), WHOLE) for bound in (s.start, s.stop)):
            s.range_fn = "range_ii"
            s.after_fn = "range_after_ii" if s.after_fn == "range_after" else s.after_fn
        kept = loop_interval(s, self.locals_, self.env, self.leaf)
        s.start, s.stop = self.expr(s.start), self.expr(s.stop)
        outer = self.env
        if kept is not None:
            self.env = {**outer, s.var: kept}
        self.block(s.body)
        self.env = outer

    # -- expressions (rebuilt; types are read from the original nodes) -----------------

    def expr(self, e: ir.Expr) -> ir.Expr:
        if isinstance(e, ir.Prim):
            return self.prim(e)
        if isinstance(e, ir.Item):
            return self.item(e)
        if isinstance(e, ir.Call):
            return ir.Call(e.name, [None if a is None else self.expr(a) for a in e.args],
                           e.pos)
        if isinstance(e, ir.And | ir.Or):
            return type(e)(self.expr(e.left), self.expr(e.right), e.pos)
        if isinstance(e, ir.Not):
            return ir.Not(self.expr(e.operand), e.pos)
        if isinstance(e, ir.Cond):
            return ir.Cond(self.expr(e.test), self.expr(e.then), self.expr(e.orelse), e.pos)
        return e

    def prim(self, e: ir.Prim) -> ir.Expr:
        types = [self.type_of(a) for a in e.args]
        identity = IDENTITIES.get(e.fn)
        if identity is not None and len(e.args) == 1 and within(types[0], identity):
            return self.expr(e.args[0])
        fn, args = variant(e.fn, types), e.args
        # A divisor of 0 fails in Python's operator as in the general one: "Деление на ноль".
        if fn in SIGNED and non_negative(self.interval(args[0])) \
                and (positive(self.interval(args[1])) or within(types[1], NATURAL)):
            fn = SIGNED[fn]
        if fn == "f_mid_sii" and isinstance(args[2], ir.Const) and args[2].value == 1 \
                and type(args[2].value) is int:
            fn, args = "f_mid_si1", args[:2]
            if self.within_text(args[0], self.interval(args[1])):
                return ir.Prim("char_at", [self.expr(args[0]), self.expr(_less_one(args[1]))],
                               e.pos)
        if fn == "new_array" and len(args) == 1 and within(types[0], WHOLE):
            fn, args = "new_array_i", [args[0], ir.Const(BslArray)]  # the class, for the template
        return ir.Prim(fn, [self.expr(a) for a in args], e.pos)

    def within_text(self, text: ir.Expr, position: Interval) -> bool:
        """Is ``position`` (1-based) inside the string ``text`` whatever their values?"""
        low, high = position
        return isinstance(text, ir.Var) and text.name in self.lengths and low is not None \
            and high is not None and 1 <= low and high <= self.lengths[text.name]

    def item(self, e: ir.Item) -> ir.Item:
        getter, setter = e.getitem_fn, e.setitem_fn
        if getter == "getitem" and within(self.type_of(e.index[0]), WHOLE):
            suffix = "_ai" if within(self.type_of(e.base), ARRAY_TYPE) else "_i"
            if suffix == "_ai" and non_negative(self.interval(e.index[0])):
                suffix = "_an"
            getter, setter = getter + suffix, setter + suffix
        return ir.Item(self.expr(e.base), [self.expr(i) for i in e.index], getter, setter,
                       e.pos)


def _less_one(position: ir.Expr) -> ir.Expr:
    """``position - 1`` of a whole number: ``x`` for ``x + 1`` (``Цел(i / 4) + 1``)."""
    if isinstance(position, ir.Prim) and position.fn == "add" and len(position.args) == 2 \
            and isinstance(position.args[1], ir.Const) and position.args[1].value == 1 \
            and type(position.args[1].value) is int:
        return position.args[0]
    return ir.Prim("sub_ii", [position, ir.Const(1, position.pos)], position.pos)


def specialise(module: ir.Module, initial: set[int]) -> ir.Module:
    """``module`` with its operators specialised (the statements are changed in place)."""
    return Specialiser(module, initial).run()

"""What a counted loop tells of its variable, for the operator variants with no sign test.

Inside ``Для i = a По b Цикл`` over whole bounds (``range_ii``: step 1, the bounds
evaluated once) the variable lies between a's least and b's greatest value while the body
runs — provided the body never changes it: no ``i = …``, no inner loop over ``i``, no call
that is passed ``i`` (1C passes by reference), no ``Выполнить`` (which assigns every
variable of its frame back, explicitly) — and ``i`` is a local of its procedure (a module
variable could be changed by any call).  From such intervals and whole constants,
``interval`` bounds sums, differences, products, ``Цел(x / y)`` and ``x % y`` of whole
numbers; an unknown end is ``None``.

``specialise`` uses them to drop a test that cannot fail: ``x % y`` and ``Цел(x / y)`` of
a non-negative x and a positive y need no sign test, ``М[i]`` of a Массив with a
non-negative whole i no test of i's sign (an index past the end still fails, as before).
"""

from __future__ import annotations

from collections.abc import Callable

from portinterp.core import ir
from portinterp.core.walk import assigned_names, vars_passed

Interval = tuple[int | None, int | None]
Env = dict[str, Interval]
Leaf = Callable[[ir.Expr], Interval] | None
UNKNOWN: Interval = (None, None)


def loop_interval(loop: ir.ForRange, locals_: set[str], env: Env,
                  leaf: Leaf = None) -> Interval | None:
    """The interval of ``loop.var`` inside the body of a ``range_ii`` loop, or None when
    the loop does not keep it."""
    if loop.range_fn != "range_ii" or loop.var not in locals_:
        return None
    if loop.var in set(assigned_names(loop.body)) | set(vars_passed(loop.body)):
        return None
    return (interval(loop.start, env, leaf)[0], interval(loop.stop, env, leaf)[1])


def interval(e: ir.Expr, env: Env, leaf: Leaf = None) -> Interval:
    """The values of a whole-number expression (ends None where unknown); only constants,
    variables of ``env`` and whole arithmetic on them are known, and what ``leaf`` says
    of any other expression (the static types: a whole number not below zero)."""
    if isinstance(e, ir.Const):
        return (e.value, e.value) if type(e.value) is int else UNKNOWN
    if isinstance(e, ir.Var) and e.name in env:
        return env[e.name]
    if isinstance(e, ir.Prim) and len(e.args) == 2 and e.fn in _ARITHMETIC:
        return _ARITHMETIC[e.fn](interval(e.args[0], env, leaf), interval(e.args[1], env, leaf))
    return UNKNOWN if leaf is None else leaf(e)


def non_negative(i: Interval) -> bool:
    return i[0] is not None and i[0] >= 0


def positive(i: Interval) -> bool:
    return i[0] is not None and i[0] >= 1


def _add(a: Interval, b: Interval) -> Interval:
    return (_op(a[0], b[0], int.__add__), _op(a[1], b[1], int.__add__))


def _sub(a: Interval, b: Interval) -> Interval:
    return (_op(a[0], b[1], int.__sub__), _op(a[1], b[0], int.__sub__))


def _mul(a: Interval, b: Interval) -> Interval:
    if non_negative(a) and non_negative(b):  # both ends known below: the product's too
        return (a[0] * b[0], _op(a[1], b[1], int.__mul__))  # type: ignore[operator]
    return UNKNOWN


def _quotient(a: Interval, b: Interval) -> Interval:
    if not (non_negative(a) and positive(b)):
        return UNKNOWN
    low = 0 if b[1] is None else a[0] // b[1]  # type: ignore[operator]
    return (low, None if a[1] is None else a[1] // b[0])  # type: ignore[operator]


def _mod(a: Interval, b: Interval) -> Interval:
    if not (non_negative(a) and positive(b)):
        return UNKNOWN
    high = [end for end in (a[1], None if b[1] is None else b[1] - 1) if end is not None]
    return (0, min(high) if high else None)


def _op(x: int | None, y: int | None, op) -> int | None:  # type: ignore[no-untyped-def]
    return None if x is None or y is None else op(x, y)


# The operators on whole operands (the specialiser checks the static types first).
_ARITHMETIC = {"add": _add, "sub": _sub, "mul": _mul, "quotient": _quotient, "mod": _mod,
               "add_ii": _add, "sub_ii": _sub, "mul_ii": _mul, "quotient_ii": _quotient,
               "mod_ii": _mod}

"""The run-time of the puzzle book's pseudo-language: operators on whole numbers (and real
numbers from ``/``), text, truth values and tables; ``ВЫВЕСТИ``; counted loops.

The language declares no types, so every operator takes any value: the inline templates
below do the common case (two whole numbers) in plain Python and hand anything else to a
``prim_*`` method, which computes it or stops with the language's message.  A variable
that has no value yet is a Python local without one: reading it raises
``UnboundLocalError``, which ``fault_from`` turns into «Значение не определено: x» (a check
that costs nothing while the program runs).
"""

from __future__ import annotations

import operator
import re
from typing import Any, ClassVar, TextIO

from portinterp.arsac.runtime import numbers
from portinterp.arsac.runtime.formatting import format_value
from portinterp.arsac.runtime.values import OUT_OF_BOUNDS, OUT_OF_MEMORY, UNASSIGNED_ITEM, Table
from portinterp.core.program import RuntimeBase
from portinterp.errors import ProgramFault

UNDEFINED = "Значение не определено"
NOT_A_CONDITION = "Условие должно быть сравнением или их сочетанием (И, ИЛИ, НЕ)"
MIXED = "Значения разных видов: {} и {}"
# "local variable 'v_x' …", or "free variable 'v_x' …" read in a closure of deep code
_UNBOUND = re.compile(r"(?:local|free) variable '(?:v_)?(\w+?)(?:_\d+)?'")

_KINDS = {int: "число", float: "число", str: "текст", bool: "истина/ложь", Table: "таблица"}


def _binary(name: str, op: str) -> str:
    """Two whole numbers in plain Python, anything else through ``prim_<name>``."""
    return ("({0} " + op + " {1} if type({0}) is int is type({1}) else P_" + name
            + "({0}, {1}))")


class ArsacRuntime(RuntimeBase):
    inline: ClassVar[dict[str, str]] = {
        "add": _binary("add", "+"),
        "sub": _binary("sub", "-"),
        "mul": _binary("mul", "*"),
        "neg": "(-{0} if type({0}) is int else P_neg({0}))",
        "quot": "({0} // {1} if type({0}) is int is type({1}) and {0} >= 0 and {1} > 0"
                " else P_quot({0}, {1}))",
        "rem": "({0} % {1} if type({0}) is int is type({1}) and {0} >= 0 and {1} > 0"
               " else P_rem({0}, {1}))",
        "eq": "({0} == {1} if type({0}) is type({1}) else P_eq({0}, {1}))",
        "ne": "({0} != {1} if type({0}) is type({1}) else not P_eq({0}, {1}))",
        "lt": _binary("lt", "<"),
        "le": _binary("le", "<="),
        "gt": _binary("gt", ">"),
        "ge": _binary("ge", ">="),
        "truth": "({0} if type({0}) is bool else P_truth({0}))",
        # A one-dimensional table: the index is evaluated first, then the table (always a
        # variable); each slot appears once, so the core needs no temporaries.
        "get1": "(P_unassigned() if (x_ := (t_.data[k_ - 1] if type(k_ := {1}) is int"
                " and 1 <= k_ <= (t_ := {0}).n else P_out_of_bounds())) is None else x_)",
        "set1": "(P_setitem(t_.data, k_ - 1, {2}) if type(k_ := {1}) is int"
                " and 1 <= k_ <= (t_ := {0}).n else P_out_of_bounds())",
        # A two-dimensional table, when the second index holds no such item (which would
        # reuse i_ after this one set it): first index, second index, then the table.
        # The lowering checks that every use of a table has as many indexes as it has
        # dimensions.
        "get2": "(P_unassigned() if (x_ := (t_.data[(i_ - 1) * t_.m + j_ - 1]"
                " if type(i_ := {1}) is int and type(j_ := {2}) is int and 1 <= i_ <="
                " (t_ := {0}).n and 1 <= j_ <= t_.m else P_out_of_bounds())) is None else x_)",
        "set2": "(P_setitem(t_.data, (i_ - 1) * t_.m + j_ - 1, {3})"
                " if type(i_ := {1}) is int and type(j_ := {2}) is int and 1 <= i_ <="
                " (t_ := {0}).n and 1 <= j_ <= t_.m else P_out_of_bounds())",
        # Chosen by specialise.py where both operands are proved whole numbers.
        "add_ii": "({0} + {1})",
        "sub_ii": "({0} - {1})",
        "mul_ii": "({0} * {1})",
        "neg_i": "(-{0})",
        "quot_ii": "({0} // {1} if {0} >= 0 and {1} > 0 else P_quot({0}, {1}))",
        "rem_ii": "({0} % {1} if {0} >= 0 and {1} > 0 else P_rem({0}, {1}))",
        "eq_ii": "({0} == {1})",
        "ne_ii": "({0} != {1})",
        "lt_ii": "({0} < {1})",
        "le_ii": "({0} <= {1})",
        "gt_ii": "({0} > {1})",
        "ge_ii": "({0} >= {1})",
        "range": "(range({0}, {1} + 1) if type({0}) is int is type({1})"
                 " else P_range({0}, {1}, {2}))",
        "range_after": "({1} + 1 if {1} >= {0} else {0})",
    }

    def __init__(self, stdout: TextIO, stdin: TextIO) -> None:
        super().__init__(stdout, stdin)
        self.prim_setitem = operator.setitem

    def fault_from(self, exc: BaseException) -> str | None:
        if isinstance(exc, UnboundLocalError | NameError):
            found = _UNBOUND.search(str(exc))
            return f"{UNDEFINED}: {found.group(1)}" if found else UNDEFINED
        if isinstance(exc, ZeroDivisionError):
            return numbers.DIVISION_BY_ZERO
        if isinstance(exc, RecursionError):
            return "Слишком глубокая вложенность"
        if isinstance(exc, MemoryError):
            return OUT_OF_MEMORY
        return None

    # -- arithmetic --------------------------------------------------------------------

    def prim_add(self, a: Any, b: Any) -> Any:
        if type(a) is str and type(b) is str:
            return a + b
        x, y = self._numbers(a, b, "+")
        return x + y

    def prim_sub(self, a: Any, b: Any) -> Any:
        x, y = self._numbers(a, b, "−")
        return x - y

    def prim_mul(self, a: Any, b: Any) -> Any:
        x, y = self._numbers(a, b, "*")
        return x * y

    def prim_neg(self, a: Any) -> Any:
        return -self._numbers(a, 0, "−")[0]

    def prim_div(self, a: Any, b: Any) -> float:
        x, y = self._numbers(a, b, "/")
        if y == 0:
            raise ProgramFault(numbers.DIVISION_BY_ZERO)
        return x / y

    def prim_quot(self, a: Any, b: Any) -> int:
        return numbers.quotient(a, b)

    def prim_rem(self, a: Any, b: Any) -> int:
        return numbers.remainder(a, b)

    @staticmethod
    def _numbers(a: Any, b: Any, op: str) -> tuple[Any, Any]:
        for value in (a, b):
            if type(value) not in (int, float):
                raise ProgramFault(f"«{op}» считает только с числами, а здесь "
                                   f"{_KINDS.get(type(value), 'значение')}")
        return a, b

    # -- comparisons and conditions ----------------------------------------------------

    def prim_eq(self, a: Any, b: Any) -> bool:
        return self._comparable(a, b) == b

    def prim_lt(self, a: Any, b: Any) -> bool:
        x, y = self._ordered(a, b)
        return x < y

    def prim_le(self, a: Any, b: Any) -> bool:
        x, y = self._ordered(a, b)
        return x <= y

    def prim_gt(self, a: Any, b: Any) -> bool:
        x, y = self._ordered(a, b)
        return x > y

    def prim_ge(self, a: Any, b: Any) -> bool:
        x, y = self._ordered(a, b)
        return x >= y

    @staticmethod
    def _comparable(a: Any, b: Any) -> Any:
        numeric = (int, float)
        if (type(a) in numeric and type(b) in numeric) or type(a) is type(b):
            if isinstance(a, Table):
                raise ProgramFault("Таблицы сравнивают поэлементно")
            return a
        raise ProgramFault(MIXED.format(_KINDS.get(type(a), "?"), _KINDS.get(type(b), "?")))

    def _ordered(self, a: Any, b: Any) -> tuple[Any, Any]:
        self._comparable(a, b)
        if type(a) is bool:
            raise ProgramFault("Истину и ложь не сравнивают на больше и меньше")
        return a, b

    def prim_truth(self, value: Any) -> bool:
        raise ProgramFault(NOT_A_CONDITION)

    # -- tables ------------------------------------------------------------------------

    def prim_new_table(self, *dims: Any) -> Table:
        return Table(dims)

    def prim_get(self, table: Table, *index: Any) -> Any:
        return table.get(index)

    def prim_set(self, table: Table, *index_and_value: Any) -> None:
        *index, value = index_and_value
        table.set(tuple(index), value)

    def prim_out_of_bounds(self) -> Any:
        raise ProgramFault(OUT_OF_BOUNDS)

    def prim_unassigned(self) -> Any:
        raise ProgramFault(UNASSIGNED_ITEM)

    # -- loops and output ----------------------------------------------------------------

    def prim_range(self, start: Any, stop: Any, step: None) -> range:
        if type(start) is not int or type(stop) is not int:
            raise ProgramFault("Границы цикла ДЛЯ должны быть целыми числами")
        return range(start, stop + 1)

    def prim_range_after(self, start: int, stop: int, step: None) -> int:
        """The variable after a loop that ran to its end: one past the last value."""
        return stop + 1 if stop >= start else start

    def prim_write(self, open_line: bool, *values: Any) -> None:
        text = "".join(format_value(value) for value in values)
        self.write(text if open_line else text + "\n")

"""The runtime of the OneScript dialect (``--dialect onescript``): numbers are .NET
decimals (``netdecimal``), the mathematical functions compute in doubles and convert as
OneScript does, ``Окр`` and ``Формат`` are OneScript's own.  Whole numbers keep the inline
fast paths of ``BslRuntime`` (a .NET decimal of scale 0 adds, subtracts and compares as a
Python ``int``), so only the operations that meet a fraction, a division or a function pay
for the emulation.  Imported only for a run in this dialect (``bsl.run_program``).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from datetime import datetime
from decimal import Decimal
from typing import Any

from portinterp.bsl.library.dotnet import netdecimal, onescript_format
from portinterp.bsl.library.dotnet.netmap import OneScriptMap, number_equals_boolean
from portinterp.bsl.platform import BslRuntime
from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.core import shift_date
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.numbers import NOT_A_NUMBER, Number
from portinterp.errors import ProgramFault


def _c_math(function: Callable[..., float], *args: float) -> float:
    """A libm function as C returns it: Python's domain and range errors become the NaN
    or infinity C gives (which the conversion to decimal then refuses)."""
    try:
        return function(*args)
    except (ValueError, OverflowError):
        return math.nan


def _through_double(function: Callable[..., float], *values: Any) -> Number:
    doubles = [netdecimal.to_double(to_number(value)) for value in values]
    return netdecimal.from_double(_c_math(function, *doubles))


def power(base: Number, exponent: Number) -> Number:
    """OneScript's ``Pow``: a whole exponent >= 0 by repeated decimal products, any other
    in doubles (``Pow(0, -1)`` is infinite: System.OverflowException)."""
    whole = netdecimal.to_int32(exponent)
    if whole < 0 or whole != exponent:
        return netdecimal.from_double(_c_math(math.pow, netdecimal.to_double(base),
                                              netdecimal.to_double(exponent)))
    result: Number = 1
    while True:
        if whole & 1:
            result = netdecimal.multiply(result, base)
        whole >>= 1
        if whole == 0:
            return result
        base = netdecimal.multiply(base, base)


def popular(value: Any) -> Any:
    """OneScript's NumberValue.Create hands out a cached value for a number equal to 0…9:
    the whole number, whatever the scale (``1.50 * 2`` prints ``3``, ``0.5 * 0.2`` ``0.10``)."""
    if type(value) is Decimal and 0 <= value <= 9 and value == value.to_integral_value():
        return int(value)
    return value


class OneScriptRuntime(BslRuntime):
    map_class = OneScriptMap

    def prim_labels_used(self) -> None:
        """The program has ``~Метка``: OneScript 1.9.2's compiler refuses it."""
        raise ProgramFault("Неизвестный символ ~")

    def prim_eq(self, a: Any, b: Any) -> bool:
        return number_equals_boolean(a, b) or super().prim_eq(a, b)

    # ---- operators (only the slow paths: the inline ones handle two whole numbers) -------

    def prim_add(self, a: Any, b: Any) -> Any:
        kind = type(a)
        if kind is str:
            return a + (b if type(b) is str else self.implicit_string(b))
        if kind is int or kind is Decimal:
            return popular(netdecimal.add(a, to_number(b)))
        if kind is datetime:
            return shift_date(a, to_number(b))
        raise ProgramFault(NOT_A_NUMBER)

    def prim_sub(self, a: Any, b: Any) -> Any:
        if type(a) is datetime:
            return super().prim_sub(a, b)
        return popular(netdecimal.subtract(to_number(a), to_number(b)))

    def prim_mul(self, a: Any, b: Any) -> Any:
        return popular(netdecimal.multiply(to_number(a), to_number(b)))

    def prim_div(self, a: Any, b: Any) -> Any:
        return popular(netdecimal.divide(to_number(a), to_number(b)))

    def prim_mod(self, a: Any, b: Any) -> Any:
        return popular(netdecimal.remainder(to_number(a), to_number(b)))

    def prim_quotient(self, a: Any, b: Any) -> int:
        return netdecimal.truncate(netdecimal.divide(to_number(a), to_number(b)))

    def prim_neg(self, a: Any) -> Any:
        return popular(netdecimal.negate(to_number(a)))

    # ---- functions -------------------------------------------------------------------

    def prim_f_round(self, value: Any, digits: Any = None, mode: Any = None) -> Number:
        places = 0 if digits is None else netdecimal.to_int32(to_number(digits))
        half_down = mode == "half_down" or (
            mode is not None and mode != "half_up" and netdecimal.to_int32(to_number(mode)) == 0)
        return popular(netdecimal.onescript_round(to_number(value), places, half_down))

    def prim_f_pow(self, base: Any, exponent: Any) -> Number:
        return popular(power(to_number(base), to_number(exponent)))

    def prim_f_sqrt(self, value: Any) -> Number:
        return popular(_through_double(math.sqrt, value))

    def prim_f_exp(self, value: Any) -> Number:
        return popular(_through_double(math.exp, value))

    def prim_f_log(self, value: Any) -> Number:
        return popular(_through_double(math.log, value))

    def prim_f_log10(self, value: Any) -> Number:
        return popular(_through_double(math.log10, value))

    def prim_f_sin(self, value: Any) -> Number:
        return popular(_through_double(math.sin, value))

    def prim_f_cos(self, value: Any) -> Number:
        return popular(_through_double(math.cos, value))

    def prim_f_tan(self, value: Any) -> Number:
        return popular(_through_double(math.tan, value))

    def prim_f_asin(self, value: Any) -> Number:
        return popular(_through_double(math.asin, value))

    def prim_f_acos(self, value: Any) -> Number:
        return popular(_through_double(math.acos, value))

    def prim_f_atan(self, value: Any) -> Number:
        return popular(_through_double(math.atan, value))

    def prim_f_format(self, value: Any, format_string: Any = "") -> str:
        params = onescript_format.parse_parameters(to_string(format_string or "", "onescript"))
        kind = type(value)
        if kind is bool:
            return onescript_format.format_boolean(value, params)
        if kind is int or kind is Decimal:
            return onescript_format.format_number(value, params)
        if kind is datetime:
            return onescript_format.format_date(value, params)
        return to_string(value, "onescript")

"""The global functions of 1C (``Сообщить``, ``Сред``, ``Окр``...) as runtime prims.

A mixin of :class:`portinterp.bsl.runtime.core.BslRuntime`: each method is
``prim_f_<canonical name>`` (see ``library.names.BUILTINS``).  String positions are 1-based.
"""

from __future__ import annotations

import math
from datetime import datetime
from decimal import Decimal
from typing import TYPE_CHECKING, Any

from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.compare import less
from portinterp.bsl.runtime.conversions import (
    onescript_boolean,
    onescript_number,
    to_bool,
    to_number,
)
from portinterp.bsl.runtime.formatting import format_value, to_string
from portinterp.bsl.runtime.objects import TYPE_NAMES, load_types
from portinterp.bsl.runtime.strings_language import LanguageStringFunctions
from portinterp.bsl.runtime.values import BslType, NullType, type_name
from portinterp.errors import ProgramFault

BAD_ARGUMENT = "Неверное значение аргумента"
BAD_ARGUMENT_TYPE = "Неверный тип аргумента"
POWER_DIGITS = 100_000  # a whole power longer than this is not computed (it cannot print)


def _text(value: Any) -> str:
    """A string argument: strings as they are, other values by their presentation."""
    return value if type(value) is str else to_string(value)


def _whole(value: Any) -> int:
    return numbers.truncate(to_number(value))


def _decimal(value: Any) -> Decimal:
    return Decimal(to_number(value))


def _approximate(value: float) -> numbers.Number:
    if math.isnan(value) or math.isinf(value):
        raise ProgramFault(BAD_ARGUMENT)
    return numbers.canonical(numbers.CONTEXT.create_decimal(repr(value)))


def _rounding(mode: Any) -> str:
    """``Окр``'s mode: ``РежимОкругления``, or a number as OneScript reads it (0 is
    Окр15как10, any other Окр15как20)."""
    if mode is None:
        return "half_up"
    if type(mode) is str and mode in numbers.ROUNDING_MODES:
        return mode
    return "half_down" if _whole(mode) == 0 else "half_up"


class BuiltinFunctions(LanguageStringFunctions):
    """Needs ``dialect``, ``write`` (RuntimeBase) and ``implicit_string`` (BslRuntime); the
    string functions of OneScript's global context are in ``strings.py``."""

    dialect: str
    if TYPE_CHECKING:

        def write(self, text: str) -> None: ...

        def implicit_string(self, value: object) -> str: ...

    # ---- output and conversions ------------------------------------------------------

    def prim_f_message(self, value: Any = None, status: Any = None) -> None:
        text = value if type(value) is str else self.implicit_string(value)
        self.write(text + "\n")

    def prim_f_string(self, value: Any) -> str:
        return to_string(value, self.dialect)

    def prim_f_number(self, value: Any) -> numbers.Number:
        if self.dialect == "onescript":
            return onescript_number(value)
        if type(value) is bool:
            return int(value)
        return to_number(value)

    def prim_f_boolean(self, value: Any) -> bool:
        if self.dialect == "onescript":
            return onescript_boolean(value)
        if type(value) is str and value.strip().lower() in ("да", "истина", "true", "нет",
                                                             "ложь", "false"):
            return value.strip().lower() in ("да", "истина", "true")
        return to_bool(value)

    def prim_f_format(self, value: Any, format_string: Any = "") -> str:
        return format_value(value, _text(format_string or ""))

    # ---- numbers ---------------------------------------------------------------------

    def prim_f_max(self, *values: Any) -> Any:
        best = values[0]
        for value in values[1:]:
            if less(best, value):
                best = value
        return best

    def prim_f_min(self, *values: Any) -> Any:
        best = values[0]
        for value in values[1:]:
            if less(value, best):
                best = value
        return best

    def prim_f_int(self, value: Any) -> int:
        return numbers.truncate(to_number(value))

    def prim_f_round(self, value: Any, digits: Any = None, mode: Any = None) -> numbers.Number:
        places = 0 if digits is None else _whole(digits)
        rounding = _rounding(mode)
        try:
            return numbers.round_number(to_number(value), places, rounding)
        except OverflowError:  # digits past what a machine word holds (Окр(1, 10**30))
            raise ProgramFault(BAD_ARGUMENT) from None

    def prim_f_pow(self, base: Any, exponent: Any) -> numbers.Number:
        b, e = to_number(base), to_number(exponent)
        if type(b) is int and type(e) is int and e >= 0:
            if abs(b) > 1 and e * math.log10(abs(b)) > POWER_DIGITS:  # would take ages
                raise ProgramFault(numbers.TOO_LONG)
            return b**e
        if b == 0 and e < 0:
            raise ProgramFault(numbers.DIVISION_BY_ZERO)
        try:
            result = numbers.CONTEXT.power(Decimal(b), Decimal(e))
        except ArithmeticError:
            raise ProgramFault(BAD_ARGUMENT) from None
        if not result.is_finite():
            raise ProgramFault(BAD_ARGUMENT)
        return numbers.canonical(result)

    def prim_f_sqrt(self, value: Any) -> numbers.Number:
        number = _decimal(value)
        if number < 0:
            raise ProgramFault(BAD_ARGUMENT)
        return numbers.canonical(number.sqrt(numbers.CONTEXT))

    def prim_f_exp(self, value: Any) -> numbers.Number:
        return numbers.canonical(_decimal(value).exp(numbers.CONTEXT))

    def prim_f_log(self, value: Any) -> numbers.Number:
        number = _decimal(value)
        if number <= 0:
            raise ProgramFault(BAD_ARGUMENT)
        return numbers.canonical(number.ln(numbers.CONTEXT))

    def prim_f_log10(self, value: Any) -> numbers.Number:
        number = _decimal(value)
        if number <= 0:
            raise ProgramFault(BAD_ARGUMENT)
        return numbers.canonical(number.log10(numbers.CONTEXT))

    def _float_function(self, function: Any, value: Any) -> numbers.Number:
        try:
            return _approximate(function(float(to_number(value))))
        except ValueError:
            raise ProgramFault(BAD_ARGUMENT) from None

    def prim_f_sin(self, value: Any) -> numbers.Number:
        return self._float_function(math.sin, value)

    def prim_f_cos(self, value: Any) -> numbers.Number:
        return self._float_function(math.cos, value)

    def prim_f_tan(self, value: Any) -> numbers.Number:
        return self._float_function(math.tan, value)

    def prim_f_asin(self, value: Any) -> numbers.Number:
        return self._float_function(math.asin, value)

    def prim_f_acos(self, value: Any) -> numbers.Number:
        return self._float_function(math.acos, value)

    def prim_f_atan(self, value: Any) -> numbers.Number:
        return self._float_function(math.atan, value)

    # ---- dates -----------------------------------------------------------------------

    def prim_f_date(self, *parts: Any) -> datetime:
        if len(parts) == 1 and type(parts[0]) is str and self.dialect == "onescript":
            from portinterp.bsl.runtime.dates import onescript_date

            return onescript_date(parts[0])
        if len(parts) == 1 and type(parts[0]) is str:
            from portinterp.bsl.runtime.literals import date_value

            parsed = date_value("'" + parts[0] + "'")
            if parsed is None:
                raise ProgramFault("Преобразование значения к типу Дата не может быть выполнено")
            return parsed
        fields = [_whole(p) for p in parts] + [1, 1, 0, 0, 0][len(parts) - 1:]
        try:
            return datetime(*fields[:6])
        except (ValueError, OverflowError):
            raise ProgramFault(BAD_ARGUMENT) from None

    def _date_field(self, value: Any, field: str) -> int:
        if type(value) is datetime:
            return int(getattr(value, field))
        from portinterp.bsl.runtime.dates import as_date  # a string, or 1C's error

        return int(getattr(as_date(value, self.dialect), field))

    def prim_f_year(self, value: Any) -> int:
        return self._date_field(value, "year")

    def prim_f_month(self, value: Any) -> int:
        return self._date_field(value, "month")

    def prim_f_day(self, value: Any) -> int:
        return self._date_field(value, "day")

    def prim_f_hour(self, value: Any) -> int:
        return self._date_field(value, "hour")

    def prim_f_minute(self, value: Any) -> int:
        return self._date_field(value, "minute")

    def prim_f_second(self, value: Any) -> int:
        return self._date_field(value, "second")

    def prim_f_currentdate(self) -> datetime:
        return datetime.now().replace(microsecond=0)

    # ---- values and types ------------------------------------------------------------

    def prim_f_valueisfilled(self, value: Any) -> bool:
        if value is None or type(value) is NullType:
            return False
        if type(value) is str:
            return bool(value.strip())
        if type(value) is int or type(value) is Decimal:
            return value != 0
        if type(value) is datetime:
            return value != datetime(1, 1, 1)
        counter = getattr(value, "bsl_count", None)
        return bool(counter()) if counter else True

    def prim_f_typeof(self, value: Any) -> BslType:
        return BslType(type_name(value))

    def prim_f_type(self, name: Any) -> BslType:
        canonical = TYPE_NAMES.get(_text(name).strip().lower())
        if canonical is None:  # perhaps an object type, not loaded yet
            load_types()
            canonical = TYPE_NAMES.get(_text(name).strip().lower())
        if canonical is None:  # a type ПодключитьСценарий made (OneScript)
            known = getattr(self, "script_types", {}).get(_text(name).strip().lower())
            canonical = None if known is None else known[0]
        if canonical is None:
            raise ProgramFault(f"Тип не определен ({_text(name)})")
        return BslType(canonical)

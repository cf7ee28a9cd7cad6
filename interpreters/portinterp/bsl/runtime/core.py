"""The run-time core of 1C: operators, items and properties, loops, exceptions and
constructors as ``prim_*`` methods for the execution core; the language's own functions come
from the ``builtins`` mixin, the standard library's from its mixins (``bsl.platform`` puts
the runtime classes together).

Inline templates give the core a fast path for the common case (whole numbers, strings,
array items); everything else goes through the methods, which carry the full 1C rules.
"""

from __future__ import annotations

import decimal
import math
from collections.abc import Iterable, Iterator
from contextlib import AbstractContextManager
from datetime import datetime
from decimal import Decimal
from typing import Any, ClassVar, TextIO

from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.builtins import BuiltinFunctions
from portinterp.bsl.runtime.compare import equal, less
from portinterp.bsl.runtime.conversions import to_bool, to_number
from portinterp.bsl.runtime.error_info import (
    BslErrorInfo,
    CaughtError,
    ParametrizedFault,
    Reraised,
    caught_error,
)
from portinterp.bsl.runtime.formatting import (
    onescript_presentation,
    platform_presentation,
    to_string,
)
from portinterp.bsl.runtime.objects import BslObject
from portinterp.bsl.runtime.values import (
    INDEX_OUT_OF_RANGE,
    OUT_OF_MEMORY,
    BslArray,
    BslKeyValue,
    BslMap,
    BslStructure,
    index_of,
)
from portinterp.core.limits import MAX_ITEMS
from portinterp.core.program import RuntimeBase
from portinterp.errors import ProgramFault

NOT_INDEXABLE = "Получение элемента по индексу для значения не поддерживается"
NOT_ITERABLE = "Итератор для значения не определен"
NO_FIELD = "Поле объекта не обнаружено ({})"
NO_METHOD = "Метод объекта не обнаружен ({})"
ONESCRIPT_NO_FIELD = "Свойство объекта не обнаружено"
NOT_AN_OBJECT = "Значение не является значением объектного типа"
STACK_OVERFLOW = "Переполнение стека встроенного языка"

_OBJECT = object()  # ``_field_fault``: the base is an object
_INT2 = "type({0}) is int is type({1})"


class BslRuntimeCore(BuiltinFunctions, RuntimeBase):
    inline: ClassVar[dict[str, str]] = {
        # T_ is a scratch local of the generated function (the type of the left operand).
        "add": "({0} + {1} if (T_ := type({0})) is type({1}) and (T_ is int or T_ is str) "
               "else P_add({0}, {1}))",
        "mod_xi": "({0} % {1} if type({0}) is int and {0} >= 0 and {1} > 0 "
                  "else P_mod({0}, {1}))",
        "sub": f"({{0}} - {{1}} if {_INT2} else P_sub({{0}}, {{1}}))",
        "mul": f"({{0}} * {{1}} if {_INT2} else P_mul({{0}}, {{1}}))",
        "mod": f"({{0}} % {{1}} if {_INT2} and {{0}} >= 0 and {{1}} > 0 "
               "else P_mod({0}, {1}))",
        "quotient": f"({{0}} // {{1}} if {_INT2} and {{0}} >= 0 and {{1}} > 0 "
                    "else P_quotient({0}, {1}))",
        "neg": "(-{0} if type({0}) is int else P_neg({0}))",
        "eq": "({0} == {1} if type({0}) is type({1}) else P_eq({0}, {1}))",
        "ne": "({0} != {1} if type({0}) is type({1}) else not P_eq({0}, {1}))",
        "lt": f"({{0}} < {{1}} if {_INT2} else P_lt({{0}}, {{1}}))",
        "le": f"({{0}} <= {{1}} if {_INT2} else P_le({{0}}, {{1}}))",
        "gt": f"({{0}} > {{1}} if {_INT2} else P_gt({{0}}, {{1}}))",
        "ge": f"({{0}} >= {{1}} if {_INT2} else P_ge({{0}}, {{1}}))",
        "truth": "({0} if type({0}) is bool else P_truth({0}))",
        "f_int": "({0} if type({0}) is int else P_f_int({0}))",
        "f_mid": "({0}[{1} - 1:{1} - 1 + {2}] if type({0}) is str and type({1}) is int "
                 "is type({2}) and {1} > 0 and {2} >= 0 else P_f_mid({0}, {1}, {2}))",
        # Item index lists carry the array class as a constant ({2}) for this fast path.
        # No len() check: a whole index past the end makes the list raise IndexError,
        # which ``fault_from`` turns into the 1C error (a negative one takes the slow path).
        "getitem": "({0}.items[{1}] if type({0}) is {2} and type({1}) is int and {1} >= 0 "
                   "else P_getitem({0}, {1}))",
        "setitem": "({0}.items.__setitem__({1}, {3}) if type({0}) is {2} and type({1}) is int "
                   "and {1} >= 0 else P_setitem({0}, {1}, {2}, {3}))",
        # Variants ``specialise`` picks when ``static_types`` proves the operands' kinds:
        # whole numbers (ii, i), strings (ss), a string and anything (s), a Массив and a whole
        # index (ai), two values of one kind whose Python ==/< is 1C's (same).
        "add_ii": "({0} + {1})",
        "sub_ii": "({0} - {1})",
        "mul_ii": "({0} * {1})",
        "neg_i": "(-{0})",
        "cat_ss": "({0} + {1})",
        "cat_s": "({0} + {1} if type({1}) is str else P_add({0}, {1}))",
        "mod_ii": "({0} % {1} if {0} >= 0 and {1} > 0 else P_mod({0}, {1}))",
        "quotient_ii": "({0} // {1} if {0} >= 0 and {1} > 0 else P_quotient({0}, {1}))",
        "eq_same": "({0} == {1})",
        "ne_same": "({0} != {1})",
        "lt_same": "({0} < {1})",
        "le_same": "({0} <= {1})",
        "gt_same": "({0} > {1})",
        "ge_same": "({0} >= {1})",
        "f_mid_sii": "({0}[{1} - 1:{1} - 1 + {2}] if {1} > 0 and {2} >= 0 "
                     "else P_f_mid({0}, {1}, {2}))",
        "getitem_i": "({0}.items[{1}] if type({0}) is {2} and {1} >= 0 "
                     "else P_getitem({0}, {1}))",
        "setitem_i": "({0}.items.__setitem__({1}, {3}) if type({0}) is {2} and {1} >= 0 "
                     "else P_setitem({0}, {1}, {2}, {3}))",
        "getitem_ai": "({0}.items[{1}] if {1} >= 0 else P_getitem({0}, {1}))",
        # Proved by ``loop_ranges``: a non-negative dividend or index, a positive divisor.
        "quotient_nn": "({0} // {1})",
        "mod_nn": "({0} % {1})",
        "getitem_an": "{0}.items[{1}]",
        "setitem_an": "{0}.items.__setitem__({1}, {3})",
        # Новый Массив(n) of a whole n ({1}: the class): n empty places, or the general way
        # (a negative n, or more than MAX_ITEMS, fails there).
        "new_array_i": f"({{1}}([None] * {{0}}) if 0 <= {{0}} <= {MAX_ITEMS} "
                       "else P_new_array({0}))",
        # Сред(s, p, 1) of a string and a whole p: one character, or the general way.
        "f_mid_si1": "({0}[{1} - 1] if 0 < {1} <= len({0}) else P_f_mid({0}, {1}, 1))",
        # ... where the position is proved inside the string (``text_lengths``): {1} is
        # the position less one.
        "char_at": "{0}[{1}]",
        "setitem_ai": "({0}.items.__setitem__({1}, {3}) if {1} >= 0 "
                      "else P_setitem({0}, {1}, {2}, {3}))",
        "f_message_s": "P_write_text({0} + '\\n')",  # Сообщить(string): nothing to convert
        # Counted loops over whole bounds (the core evaluates the bounds once, into names).
        "range_ii": "range({0}, {1} + 1)",
        "range_after_ii": "({1} + 1 if {1} >= {0} else {0})",
    }

    # An item assignment as a statement: a plain list store, no __setitem__ call.
    inline_statements: ClassVar[dict[str, str]] = {
        "setitem": "if type({0}) is {2} and type({1}) is int and {1} >= 0:\n"
                   "    {0}.items[{1}] = {3}\n"
                   "else:\n"
                   "    P_setitem({0}, {1}, {2}, {3})",
        "setitem_i": "if type({0}) is {2} and {1} >= 0:\n"
                     "    {0}.items[{1}] = {3}\n"
                     "else:\n"
                     "    P_setitem({0}, {1}, {2}, {3})",
        "setitem_an": "{0}.items[{1}] = {3}",
        # x = s + v of a string s (``cat_s``): Python's + joins two strings and refuses
        # anything else with TypeError (no runtime value defines __radd__), which the
        # general + then handles; no type test when v is a string.
        "cat_s=": "try:\n"
                  "    {2} = {0} + {1}\n"
                  "except TypeError:\n"
                  "    {2} = P_add({0}, {1})",
        "setitem_ai": "if {1} >= 0:\n"
                      "    {0}.items[{1}] = {3}\n"
                      "else:\n"
                      "    P_setitem({0}, {1}, {2}, {3})",
    }

    def __init__(self, stdout: TextIO, stdin: TextIO, dialect: str = "platform") -> None:
        super().__init__(stdout, stdin)
        self.dialect = dialect
        self.prim_write_text = stdout.write  # bound directly for the f_message_s template
        self.error_message = ""
        self.caught: CaughtError | None = None
        self._warned_places: set[str] = set()

    # ---- errors and warnings ---------------------------------------------------------

    def running(self) -> AbstractContextManager[object]:
        return decimal.localcontext(numbers.CONTEXT)

    def fault_from(self, exc: BaseException) -> str | None:
        if isinstance(exc, RecursionError):
            return STACK_OVERFLOW
        if isinstance(exc, MemoryError):
            return OUT_OF_MEMORY
        if isinstance(exc, ZeroDivisionError | decimal.DivisionByZero):
            return numbers.DIVISION_BY_ZERO
        if isinstance(exc, IndexError):  # only the inline item fast paths index lists
            return INDEX_OUT_OF_RANGE
        if isinstance(exc, decimal.Overflow | OverflowError):
            return "Переполнение разрядной сетки"
        return None

    def warn_once(self, message: str) -> None:
        place = self._program.current_place() if self._program else "<program>"
        if place not in self._warned_places:
            self._warned_places.add(place)
            self.warn(message)

    def implicit_string(self, value: object) -> str:
        """A value turned into a string without ``Строка``/``Формат``: warn for a number
        whose presentation differs between the platform and OneScript (``1 000 000`` /
        ``1000000``, ``1,5`` / ``1.5``); ``-3`` reads the same everywhere, so it does not."""
        text = to_string(value, self.dialect)
        if type(value) is int or type(value) is Decimal:
            platform = platform_presentation(value)  # type: ignore[arg-type]
            onescript = onescript_presentation(value)  # type: ignore[arg-type]
            if platform == onescript:
                return text
            self.warn_once(
                f"число неявно преобразовано в строку: платформа пишет «{platform}», "
                f"OneScript «{onescript}»; задайте вид явно: Формат(Число, \"ЧГ=0\")"
            )
        return text

    # ---- operators -------------------------------------------------------------------

    def prim_add(self, a: Any, b: Any) -> Any:
        kind = type(a)
        if kind is str:
            return a + (b if type(b) is str else self.implicit_string(b))
        if kind is int or kind is Decimal:
            return numbers.add(a, to_number(b))
        if kind is datetime:
            return shift_date(a, to_number(b))
        raise ProgramFault(numbers.NOT_A_NUMBER)

    def prim_sub(self, a: Any, b: Any) -> Any:
        if type(a) is datetime:
            if type(b) is datetime:
                return int((a - b).total_seconds())
            return shift_date(a, numbers.negate(to_number(b)))
        return numbers.subtract(to_number(a), to_number(b))

    def prim_mul(self, a: Any, b: Any) -> Any:
        return numbers.multiply(to_number(a), to_number(b))

    def prim_div(self, a: Any, b: Any) -> Any:
        return numbers.divide(to_number(a), to_number(b))

    def prim_mod(self, a: Any, b: Any) -> Any:
        return numbers.remainder(to_number(a), to_number(b))

    def prim_quotient(self, a: Any, b: Any) -> int:
        return numbers.quotient(to_number(a), to_number(b))

    def prim_neg(self, a: Any) -> Any:
        return numbers.negate(to_number(a))

    def prim_plus(self, a: Any) -> Any:
        return to_number(a)

    def prim_eq(self, a: Any, b: Any) -> bool:
        return equal(a, b)

    def prim_lt(self, a: Any, b: Any) -> bool:
        return less(a, b)

    def prim_le(self, a: Any, b: Any) -> bool:
        return not less(b, a)

    def prim_gt(self, a: Any, b: Any) -> bool:
        return less(b, a)

    def prim_ge(self, a: Any, b: Any) -> bool:
        return not less(a, b)

    def prim_truth(self, value: Any) -> bool:
        return to_bool(value)

    # ---- items and properties --------------------------------------------------------

    def prim_getitem(self, base: Any, index: Any, _array_class: type = BslArray) -> Any:
        getter = getattr(base, "get", None) if isinstance(base, _COLLECTIONS) else None
        if getter is None:
            raise ProgramFault(NOT_INDEXABLE)
        return getter(index)

    def prim_setitem(self, base: Any, index: Any, _array_class: type, value: Any) -> None:
        if not isinstance(base, _COLLECTIONS):
            raise ProgramFault(NOT_INDEXABLE)
        base.set(index, value)

    def prim_getprop(self, base: Any, name: str, shown: str) -> Any:
        if isinstance(base, BslStructure | BslKeyValue | BslObject):
            try:
                return base.property(name, shown)
            except ProgramFault as fault:
                raise self._field_fault(fault) from None
        raise self._field_fault(ProgramFault(NO_FIELD.format(shown)), base)

    def prim_setprop(self, base: Any, name: str, shown: str, value: Any) -> None:
        if isinstance(base, BslStructure | BslObject):
            try:
                base.set_property(name, shown, value)
            except ProgramFault as fault:
                if _unchanged(base, name, shown, value):  # a read-only property passed by
                    return  # reference and not assigned (OneScript writes nothing back)
                raise self._field_fault(fault) from None
            return
        raise self._field_fault(ProgramFault(NO_FIELD.format(shown)), base)

    def _field_fault(self, fault: ProgramFault, base: Any = _OBJECT) -> ProgramFault:
        """A missing field in OneScript's words: "Свойство объекта не обнаружено (…)", and
        "Значение не является значением объектного типа" for a number, string …"""
        if self.dialect != "onescript" or not fault.message.startswith(NO_FIELD[:20]):
            return fault
        if base is None or isinstance(base, str | int | Decimal | bool | datetime):
            return ProgramFault(NOT_AN_OBJECT)
        return ProgramFault(ONESCRIPT_NO_FIELD + fault.message[len(NO_FIELD) - 5:])

    def _no_method(self, base: Any, shown: str) -> str:
        """OneScript calls no method of a value that is not an object (Неопределено, a
        number, a string, Null, a Тип …): "Значение не является значением объектного типа"."""
        if self.dialect == "onescript" and not isinstance(base, (BslObject, *_COLLECTIONS)):
            return NOT_AN_OBJECT
        if hasattr(base, "no_method"):  # an object with its own words (a .NET one's)
            return base.no_method(shown)  # type: ignore[no-any-return]
        return NO_METHOD.format(shown)

    def prim_method(self, base: Any, canonical: str, shown: str, *args: Any) -> Any:
        if isinstance(base, BslObject):
            method = base.bsl_method(canonical)
        else:
            method = getattr(base, "bsl_" + canonical, None) if isinstance(
                base, _COLLECTIONS) else None
        if method is None:
            raise ProgramFault(self._no_method(base, shown))
        try:
            return method(*args)
        except TypeError as error:
            if "positional argument" not in str(error):
                raise
            too_many = "takes" in str(error)
            raise ProgramFault(("Слишком много" if too_many else "Недостаточно")
                               + f" фактических параметров ({shown})") from None

    # ---- loops -----------------------------------------------------------------------

    def prim_for_bound(self, value: Any) -> Any:
        kind = type(value)
        if kind is int or kind is Decimal:
            return value
        raise ProgramFault(numbers.NOT_A_NUMBER)

    def prim_range(self, start: Any, stop: Any, step: Any) -> Iterable[Any]:
        start, stop = self.prim_for_bound(start), self.prim_for_bound(stop)
        if type(start) is int and type(stop) is int:
            return range(start, stop + 1)
        return _decimal_range(start, stop)

    def prim_range_after(self, start: Any, stop: Any, step: Any) -> Any:
        """The counter after a loop that ran to its end: one past the last value."""
        if less(stop, start):
            return start
        steps = numbers.truncate(numbers.subtract(stop, start)) + 1
        return numbers.add(start, steps)

    def prim_iterate(self, collection: Any) -> Iterator[Any]:
        if isinstance(collection, _COLLECTIONS):
            return collection.iterate()
        raise ProgramFault(NOT_ITERABLE)

    # ---- exceptions ------------------------------------------------------------------

    def prim_caught(self, fault: ProgramFault) -> None:
        self.caught = caught_error(fault, self._program, self.dialect)
        self.error_message = self.caught.message

    def prim_handled(self) -> None:
        """The end of an exception handler: OneScript forgets the error there (even inside
        an enclosing handler); the platform dialect keeps ОписаниеОшибки() as it was."""
        self.caught = None
        if self.dialect == "onescript":
            self.error_message = ""

    def prim_try_ended(self) -> None:
        """``КонецПопытки`` reached (after the body or the handler): OneScript forgets the
        error there (EndTry), so a bare ``ВызватьИсключение`` after an inner ``Попытка``
        raises an empty one."""
        if self.dialect == "onescript":
            self.caught = None
            self.error_message = ""

    def prim_raise(self, message: Any) -> None:
        if message is None:
            if self.caught is not None:
                raise Reraised(self.caught)
            if self.dialect == "onescript":
                raise ProgramFault("")
            raise ProgramFault(self.error_message or "Исключение")
        if isinstance(message, BslErrorInfo) and message.template and message.caught:
            raise ParametrizedFault(message.caught.message, message.caught.parameters)
        raise ProgramFault(to_string(message, self.dialect))

    def prim_f_errordescription(self) -> str:
        if self.dialect == "onescript" and self.caught is not None:
            return self.caught.onescript_text()
        return self.error_message

    def prim_f_errorinfo(self) -> BslErrorInfo:
        return BslErrorInfo(self.caught)

    # ---- constructors ----------------------------------------------------------------

    def prim_new_array(self, *sizes: Any) -> BslArray:
        if not sizes:
            return BslArray()
        copied = getattr(sizes[0], "array_items", None)  # Новый Массив(ФиксированныйМассив)
        if copied is not None and len(sizes) == 1:
            return BslArray(copied())
        if math.prod(max(index_of(size), 0) for size in sizes) > MAX_ITEMS:
            raise ProgramFault(OUT_OF_MEMORY)
        return self._new_array(*sizes)

    def _new_array(self, *sizes: Any) -> BslArray:
        count = index_of(sizes[0])
        if count < 0:
            raise ProgramFault("Неверное значение аргумента")
        if len(sizes) == 1:
            return BslArray([None] * count)
        return BslArray([self._new_array(*sizes[1:]) for _ in range(count)])

    def prim_new_structure(self, keys: Any = None, *values: Any) -> BslStructure:
        """Keys in a comma-separated string (empty ones skipped, as OneScript does; extra
        values ignored) or the entries of a ФиксированнаяСтруктура."""
        structure = BslStructure()
        if keys is None and not values:
            return structure
        copied = getattr(keys, "structure_entries", None)
        if copied is not None and not values:
            structure.entries.update(copied())
            return structure
        if type(keys) is not str:
            raise ProgramFault("Неверный тип аргумента")
        names = [k.strip() for k in keys.split(",") if k.strip()]
        for n, name in enumerate(names):
            if not name.isidentifier():
                raise ProgramFault(f"Неверное имя ключа структуры ({name})")
            structure.bsl_insert(name, values[n] if n < len(values) else None)
        return structure

    map_class: type[BslMap] = BslMap  # the OneScript dialect's compares as OneScript does

    def prim_new_map(self, *source: Any) -> BslMap:
        """Empty, or a copy of a ФиксированноеСоответствие."""
        copied = getattr(source[0], "map_entries", None) if len(source) == 1 else None
        if copied is not None:
            result = self.map_class()
            result.entries.update(copied())
            return result
        if source:
            raise ProgramFault("Неверный тип аргумента" if len(source) == 1
                               else "Слишком много фактических параметров")
        return self.map_class()


_COLLECTIONS = (BslArray, BslStructure, BslMap, BslObject)


def _unchanged(base: Any, name: str, shown: str, value: Any) -> bool:
    """Does the property already hold ``value`` (the very value read before a call)?"""
    try:
        return base.property(name, shown) is value or base.property(name, shown) == value
    except ProgramFault:
        return False


def shift_date(date: datetime, seconds: numbers.Number) -> datetime:
    from datetime import timedelta

    try:
        return date + timedelta(seconds=int(seconds))
    except OverflowError:
        raise ProgramFault("Недопустимое значение даты") from None


def _decimal_range(start: numbers.Number, stop: numbers.Number) -> Iterator[numbers.Number]:
    value = start
    while not less(stop, value):
        yield value
        value = numbers.add(value, 1)

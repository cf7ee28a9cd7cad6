"""The built-in algorithms of the school language (``frontend.library.BUILTINS``) as runtime prims.

A mixin of :class:`portinterp.kumir.runtime.core.KumirRuntime`: each method is
``prim_<prim>`` for a ``Builtin.prim`` of the library (``div``/``mod`` have inline templates
only, in the runtime).  Arguments arrive already converted to the parameters' types.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

from portinterp.errors import ProgramFault
from portinterp.kumir.runtime import formatting
from portinterp.kumir.runtime.convert import parse_int, parse_real
from portinterp.kumir.runtime.java_random import JavaRandom
from portinterp.kumir.runtime.numbers import INT_MAX, OVERFLOW, int32


class BuiltinFunctions:
    """Needs ``random`` (KumirRuntime): the run's seeded ``java.util.Random``."""

    random: JavaRandom

    # -- numbers ---------------------------------------------------------------------

    def prim_int(self, value: float) -> int:
        if math.isnan(value) or math.isinf(value):
            raise ProgramFault(OVERFLOW)
        return int32(math.floor(value))

    def prim_abs(self, value: float) -> float:
        return abs(float(value))

    def prim_iabs(self, value: int) -> int:
        return int32(abs(value))

    def prim_sign(self, value: float) -> int:
        return (value > 0) - (value < 0)

    def prim_sqrt(self, value: float) -> float:
        if value < 0:
            raise ProgramFault("Нельзя извлечь квадратный корень из отрицательного числа")
        return _finite(math.sqrt(value), "Квадратный корень из бесконечности слишком велик")

    def prim_max(self, a: float, b: float) -> float:
        return float(max(a, b))

    def prim_min(self, a: float, b: float) -> float:
        return float(min(a, b))

    def prim_imax(self, a: int, b: int) -> int:
        return max(a, b)

    def prim_imin(self, a: int, b: int) -> int:
        return min(a, b)

    # Messages as KuMir 2's Kumir::Math (kumir2-libs/stdlib/kmath.cpp).

    def prim_sin(self, value: float) -> float:
        return _finite(_call(math.sin, value), _BAD_TRIG)

    def prim_cos(self, value: float) -> float:
        return _finite(_call(math.cos, value), _BAD_TRIG)

    def prim_tg(self, value: float) -> float:
        return _finite(_call(math.tan, value), _BAD_TRIG)

    def prim_ctg(self, value: float) -> float:
        sine = _call(math.sin, value)
        if sine == 0:
            raise ProgramFault(_BAD_TRIG)
        return _finite(_call(math.cos, value) / sine, _BAD_TRIG)

    def prim_arcsin(self, value: float) -> float:
        if not -1.0 <= value <= 1.0:
            raise ProgramFault(_BAD_ARC)
        return math.asin(value)

    def prim_arccos(self, value: float) -> float:
        if not -1.0 <= value <= 1.0:
            raise ProgramFault(_BAD_ARC)
        return math.acos(value)

    def prim_arctg(self, value: float) -> float:
        return _finite(math.atan(value), _BAD_ARC)

    def prim_arcctg(self, value: float) -> float:
        return _finite(math.atan2(1.0, value), _BAD_ARC)

    def prim_exp(self, value: float) -> float:
        try:
            return math.exp(value)
        except OverflowError:
            raise ProgramFault("Неверный аргумент экспоненты") from None

    def prim_ln(self, value: float) -> float:
        if not value > 0:
            raise ProgramFault(_LOG_NOT_POSITIVE)
        return _finite(math.log(value), "Неверный аргумент логарифма")

    def prim_lg(self, value: float) -> float:
        if not value > 0:
            raise ProgramFault(_LOG_NOT_POSITIVE)
        return _finite(math.log10(value), "Неверный аргумент логарифма")

    def prim_max_int(self) -> int:
        return INT_MAX

    def prim_max_real(self) -> float:
        return 1.7976931348623157e308

    # -- random numbers: java.util.Random seeded with the run's seed -----------------

    def prim_irnd(self, bound: int) -> int:
        """A whole number from 1 to ``bound``: ``1 + nextInt(bound)``."""
        if bound < 1:
            raise ProgramFault("Неверный диапазон чисел")
        return 1 + self.random.next_int(bound)

    def prim_rnd(self, bound: float) -> float:
        """A real number in [0, bound): ``bound * nextDouble()``."""
        return bound * self.random.next_double()

    def prim_irand(self, low: int, high: int) -> int:
        if low > high:
            raise ProgramFault("Неверный диапазон чисел")
        return low + self.random.next_int(high - low + 1)

    def prim_rand(self, low: float, high: float) -> float:
        if low > high:
            raise ProgramFault("Неверный диапазон чисел")
        return low + (high - low) * self.random.next_double()

    # -- strings ---------------------------------------------------------------------

    def prim_length(self, text: str) -> int:
        if type(text) is CharString:  # a сим kept in a лит place (KuMir 2's VM)
            raise ProgramFault("Значение не строковое")
        return len(text)

    def prim_length_of_char(self, char: str) -> int:
        raise ProgramFault("Величина не строковая")

    def prim_char_in_string(self, char: str) -> str:
        return CharString(char)

    def prim_unicode(self, char: str) -> int:
        return ord(char)

    def prim_unichar(self, code: int) -> str:
        if not 0 <= code <= 65535:
            raise ProgramFault("Код вне диапазона [0..65535]")  # KuMir 2 kcore.cpp
        return chr(code)

    def prim_code(self, char: str) -> int:
        """KuMir's ``код``: the character's code in CP1251 (0–255)."""
        try:
            return char.encode("cp1251")[0]
        except UnicodeEncodeError:
            raise ProgramFault("Символ не входит в кодировку CP1251") from None

    def prim_char(self, code: int) -> str:
        if not 0 <= code <= 255:
            raise ProgramFault("Код вне диапазона [0..255]")  # KuMir 2 kcore.cpp
        return bytes([code]).decode("cp1251", errors="replace")

    def prim_int_to_str(self, value: int) -> str:
        return str(value)

    def prim_real_to_str(self, value: float) -> str:
        return formatting.format_real(value)

    # -- strings to numbers (the success flag is the procedure's рез parameter) ------

    def prim_str_to_int(self, text: str) -> int:
        return parse_int(text)[0]

    def prim_str_to_int_ok(self, text: str) -> bool:
        return parse_int(text)[1] is None

    def prim_str_to_real(self, text: str) -> float:
        return parse_real(text)[0]

    def prim_str_to_real_ok(self, text: str) -> bool:
        return parse_real(text)[1] is None

    def prim_str_to_int_or(self, text: str, default: int) -> int:
        value, error = parse_int(text)
        return default if error else value

    def prim_str_to_real_or(self, text: str, default: float) -> float:
        value, error = parse_real(text)
        return default if error else value

    def prim_str_to_bool_or(self, text: str, default: bool) -> bool:
        """KuMir's stringToBoolDef: true/yes/1/да/истина, false/no/0/нет/ложь."""
        return _BOOL_WORDS.get(text.translate(_LOWER), default)

    # -- the «Строки» module (kumir2-libs/stdlib/kcore.cpp, StringUtils) -------------

    def prim_upper(self, text: str) -> str:
        """Latin and Russian а–я only (not ё), as KuMir's toUpperCaseW."""
        return text.translate(_UPPER)

    def prim_lower(self, text: str) -> str:
        """A–Z and U+0400–U+042F moved by 0x20, as KuMir's toLowerCaseW (which turns Ё
        into С: kept, it is what KuMir prints)."""
        return text.translate(_LOWER)

    def prim_find(self, part: str, text: str) -> int:
        return text.find(part) + 1

    def prim_find_after(self, after: int, part: str, text: str) -> int:
        if after < 0:
            raise ProgramFault(_INDEX_BELOW_1)
        return text.find(part, after) + 1 if after <= len(text) else 0

    def prim_insert(self, part: str, text: str, position: int) -> str:
        if position < 1:
            raise ProgramFault(_INDEX_BELOW_1)
        return text[: position - 1] + part + text[position - 1:]

    def prim_remove(self, text: str, start: int, count: int) -> str:
        if start < 1:
            raise ProgramFault(_INDEX_BELOW_1)
        if count < 0:
            raise ProgramFault("Количество удаляемых символов меньше 0")
        if count == 0:
            return text
        return text[: start - 1] + text[start - 1 + count:]

    def prim_replace(self, text: str, old: str, new: str, every: bool) -> str:
        """KuMir's loop: an empty ``old`` inserts ``new`` once at the start (every time
        only if it found an end, which it never does: the loop would not stop)."""
        return text.replace(old, new) if every and old else text.replace(old, new, 1)

    # -- time ------------------------------------------------------------------------

    def prim_time(self) -> int:
        """Milliseconds since local midnight."""
        now = time.time()
        local = time.localtime(now)
        seconds = (local.tm_hour * 60 + local.tm_min) * 60 + local.tm_sec
        return (seconds * 1000 + int(now * 1000) % 1000) % 86_400_000

    def prim_wait(self, milliseconds: int) -> None:
        if milliseconds < 0:
            raise ProgramFault("Отрицательное время")
        time.sleep(milliseconds / 1000)


_INDEX_BELOW_1 = "Индекс меньше 1"
_BOOL_WORDS = {"true": True, "yes": True, "1": True, "да": True, "истина": True,
               "false": False, "no": False, "0": False, "нет": False, "ложь": False}
_BAD_TRIG = "Неверный аргумент тригонометрической функции"
_BAD_ARC = "Неверный аргумент обратной тригонометрической функции"
_LOG_NOT_POSITIVE = "Логарифм от не положительного числа"


def _finite(value: float, message: str) -> float:
    """``value``, or KuMir's ``message`` if it is infinite or nan."""
    if math.isfinite(value):
        return value
    raise ProgramFault(message)


def _call(function: Callable[[float], float], value: float) -> float:
    """``sin(inf)`` and the like: nan, as C's libm gives it, instead of Python's error."""
    try:
        return function(value)
    except ValueError:
        return math.nan
_UPPER = {c: c - 0x20 for c in [*range(ord("a"), ord("z") + 1), *range(0x430, 0x450)]}
_LOWER = {c: c + 0x20 for c in [*range(ord("A"), ord("Z") + 1), *range(0x400, 0x430)]}


class CharString(str):
    """A сим that KuMir 2 put in a лит variable, element or parameter: it stays a сим there
    (``длин`` of it is «Значение не строковое»); anything made from it is a plain лит."""

    __slots__ = ()

"""The built-in algorithms of the school language (``library.BUILTINS``) as runtime prims.

A mixin of :class:`portcheck.interp.kumir.runtime.KumirRuntime`: each method is
``prim_<prim>`` for a ``Builtin.prim`` of the library (``div``/``mod`` have inline templates
only, in the runtime).  Arguments arrive already converted to the parameters' types.
"""

from __future__ import annotations

import math

from portcheck.interp.errors import ProgramFault
from portcheck.interp.kumir import formatting
from portcheck.interp.kumir.numbers import INT_MAX, OVERFLOW, int32
from portcheck.prng import JavaRandom


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
            raise ProgramFault("Извлечение корня из отрицательного числа")
        return math.sqrt(value)

    def prim_max(self, a: float, b: float) -> float:
        return float(max(a, b))

    def prim_min(self, a: float, b: float) -> float:
        return float(min(a, b))

    def prim_imax(self, a: int, b: int) -> int:
        return max(a, b)

    def prim_imin(self, a: int, b: int) -> int:
        return min(a, b)

    def prim_sin(self, value: float) -> float:
        return math.sin(value)

    def prim_cos(self, value: float) -> float:
        return math.cos(value)

    def prim_tg(self, value: float) -> float:
        return math.tan(value)

    def prim_arctg(self, value: float) -> float:
        return math.atan(value)

    def prim_exp(self, value: float) -> float:
        return math.exp(value)

    def prim_ln(self, value: float) -> float:
        if value <= 0:
            raise ProgramFault("Логарифм неположительного числа")
        return math.log(value)

    def prim_lg(self, value: float) -> float:
        if value <= 0:
            raise ProgramFault("Логарифм неположительного числа")
        return math.log10(value)

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
        return len(text)

    def prim_unicode(self, char: str) -> int:
        return ord(char)

    def prim_unichar(self, code: int) -> str:
        if not 0 <= code <= 0x10FFFF:
            raise ProgramFault("Недопустимый код символа")
        return chr(code)

    def prim_code(self, char: str) -> int:
        """KuMir's ``код``: the character's code in CP1251 (0–255)."""
        try:
            return char.encode("cp1251")[0]
        except UnicodeEncodeError:
            raise ProgramFault("Символ не входит в кодировку CP1251") from None

    def prim_char(self, code: int) -> str:
        if not 0 <= code <= 255:
            raise ProgramFault("Недопустимый код символа")
        return bytes([code]).decode("cp1251", errors="replace")

    def prim_int_to_str(self, value: int) -> str:
        return str(value)

    def prim_real_to_str(self, value: float) -> str:
        return formatting.format_real(value)

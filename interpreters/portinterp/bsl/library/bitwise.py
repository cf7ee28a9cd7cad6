"""The ``Побитов…`` global functions of OneScript (``GlobalBitFunctions``): numbers taken as
unsigned 32-bit integers (the fraction dropped, a number outside 0…4294967295 an error), bit
numbers as 32-bit integers reduced modulo 32 as C#'s ``1 << n`` does; a shift outside 0…31 is
an error naming it."""

from __future__ import annotations

from typing import Any

from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.conversions import to_number
from portinterp.errors import ProgramFault

BAD_VALUE = "Неверное значение аргумента"
MASK = 0xFFFFFFFF

BITWISE_BUILTINS = [
    ("ПобитовоеИ", "BitwiseAnd", "bitwiseand", 2, 2),
    ("ПобитовоеИли", "BitwiseOr", "bitwiseor", 2, 2),
    ("ПобитовоеНе", "BitwiseNot", "bitwisenot", 1, 1),
    ("ПобитовоеИНе", "BitwiseAndNot", "bitwiseandnot", 2, 2),
    ("ПобитовоеИсключительноеИли", "BitwiseXor", "bitwisexor", 2, 2),
    ("ПроверитьБит", "CheckBit", "checkbit", 2, 2),
    ("УстановитьБит", "SetBit", "setbit", 3, 3),
    ("ПроверитьПоБитовойМаске", "CheckByBitMask", "checkbybitmask", 2, 2),
    ("ПобитовыйСдвигВлево", "BitwiseShiftLeft", "bitwiseshiftleft", 2, 2),
    ("ПобитовыйСдвигВправо", "BitwiseShiftRight", "bitwiseshiftright", 2, 2),
]


def _whole(value: Any) -> int:
    """OneScript's conversion of an argument: Неопределено is 0, Булево 0 or 1."""
    if value is None:
        return 0
    if type(value) is bool:
        return int(value)
    return numbers.truncate(to_number(value))


def unsigned(value: Any) -> int:
    n = _whole(value)
    if not 0 <= n <= MASK:
        raise ProgramFault(BAD_VALUE)
    return n


def bit(number: Any) -> int:
    """``1 << n`` of C#: the bit number modulo 32."""
    n = _whole(number)
    if not -2**31 <= n < 2**31:
        raise ProgramFault(BAD_VALUE)
    return 1 << (n & 31)


def shift(offset: Any) -> int:
    n = _whole(offset)
    if not 0 <= n <= 31:
        raise ProgramFault(f"{BAD_VALUE} {{{n}}}")
    return n


class BitwisePrims:
    """A mixin of the runtime: one ``prim_f_`` per function."""

    def prim_f_bitwiseand(self, a: Any, b: Any) -> int:
        return unsigned(a) & unsigned(b)

    def prim_f_bitwiseor(self, a: Any, b: Any) -> int:
        return unsigned(a) | unsigned(b)

    def prim_f_bitwisenot(self, a: Any) -> int:
        return ~unsigned(a) & MASK

    def prim_f_bitwiseandnot(self, a: Any, b: Any) -> int:
        return unsigned(a) & ~unsigned(b) & MASK

    def prim_f_bitwisexor(self, a: Any, b: Any) -> int:
        return unsigned(a) ^ unsigned(b)

    def prim_f_checkbit(self, value: Any, number: Any) -> bool:
        return unsigned(value) & bit(number) != 0

    def prim_f_setbit(self, value: Any, number: Any, bit_value: Any) -> int:
        n, mask = unsigned(value), bit(number)
        return n & ~mask & MASK if _whole(bit_value) == 0 else n | mask

    def prim_f_checkbybitmask(self, value: Any, mask: Any) -> bool:
        m = unsigned(mask)
        return unsigned(value) & m == m

    def prim_f_bitwiseshiftleft(self, value: Any, offset: Any) -> int:
        return unsigned(value) << shift(offset) & MASK

    def prim_f_bitwiseshiftright(self, value: Any, offset: Any) -> int:
        return unsigned(value) >> shift(offset)

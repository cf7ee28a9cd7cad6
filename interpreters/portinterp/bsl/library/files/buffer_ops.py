"""What ``БуферДвоичныхДанных`` does beyond reading and setting bytes, as OneScript 1.9.2's
BinaryDataBuffer.cs does it: ``Записать``, whole numbers of 16, 32 and 64 bits in either
byte order (``ПорядокБайтов``), the bitwise writes and ``Разделить``.  A mixin of
``binary_data.BinaryDataBuffer`` (its ``data``, ``read_only`` and ``byte_order``).

OneScript's quirks kept on purpose: ``ПрочитатьЦелое16`` is signed in little-endian order and
unsigned in big-endian; ``Разделить`` never finds a separator ending at the buffer's last
byte (its loop stops one position early); a bitwise write past the end changes the bytes
before the end, then fails."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.objects import BAD_ARGUMENT, EnumValue, enumeration
from portinterp.bsl.runtime.values import BslArray
from portinterp.errors import ProgramFault

BYTE_ORDER = enumeration("ПорядокБайтов", "ByteOrder", "BigEndian", "LittleEndian")
LITTLE = BYTE_ORDER["порядокбайтов"]["littleendian"]
BIG = BYTE_ORDER["порядокбайтов"]["bigendian"]
READ_ONLY = 'Буфер находится в режиме "Только чтение"'
OUTSIDE = ("Внешнее исключение (System.IndexOutOfRangeException): Index was outside the "
           "bounds of the array.")
NOT_LONG_ENOUGH = ("Внешнее исключение (System.ArgumentException): Destination array was not "
                   "long enough. Check destIndex and length, and the array's lower bounds\n"
                   "Parameter name: destinationArray")
READ_PAST = ("Внешнее исключение (System.ArgumentException): Destination array is not long "
             "enough to copy all the items in the collection. Check array index and length.\n"
             "Parameter name: value")
INDEX_RANGE = ("Внешнее исключение (System.IndexOutOfRangeException): Значение индекса "
               "выходит за границы диапазона")
OVERFLOW = ("Внешнее исключение (System.IndexOutOfRangeException): Переполнение при работе с "
            "буфером")
BAD_VALUE = "Неверное значение аргумента"


INT32_OVERFLOW = ("Внешнее исключение (System.OverflowException): Value was either too large "
                  "or too small for an Int32.")


def whole(value: Any) -> int:
    """An argument OneScript takes as an ``int`` (32 bits, as .NET converts it)."""
    number = int(to_number(value))
    if not -2**31 <= number < 2**31:
        raise ProgramFault(INT32_OVERFLOW)
    return number


def byte_order(value: Any, default: EnumValue) -> EnumValue:
    if value is None:
        return default
    if not isinstance(value, EnumValue) or value.enum != "ПорядокБайтов":
        raise ProgramFault(f"{BAD_ARGUMENT} 'byteOrder'")
    return value


def _unsigned(value: Any, bits: int) -> int:
    if type(value) not in (int, Decimal) or isinstance(value, bool):
        raise ProgramFault(f"{BAD_ARGUMENT} номер 2 'value'")
    if value < 0 or value >= 2 ** bits or value != int(value):
        raise ProgramFault(f"{BAD_VALUE} {{{value}}}")
    return int(value)


class BufferOps:
    """The mixin: methods of ``БуферДвоичныхДанных`` (``bsl_<canonical>``)."""

    __slots__ = ()
    data: bytearray
    read_only: bool
    byte_order: EnumValue

    def check_writable(self) -> None:
        if self.read_only:
            raise ProgramFault(READ_ONLY)

    def bsl_write(self, position: Any, source: Any, count: Any = 0) -> None:
        self.check_writable()
        begin, other = whole(position), _bytes_of(source)
        size = whole(count) or len(other)
        if begin < 0 or size > len(other) or begin + size > len(self.data):
            raise ProgramFault(NOT_LONG_ENOUGH)
        self.data[begin:begin + size] = other[:size]

    def _write_int(self, position: Any, value: Any, order: Any, bits: int) -> None:
        self.check_writable()
        number = _unsigned(value, bits)
        big = byte_order(order, self.byte_order) is BIG
        raw = number.to_bytes(bits // 8, "big" if big else "little")
        begin = whole(position)
        if begin < 0 or begin + len(raw) > len(self.data):
            raise ProgramFault(OUTSIDE)
        self.data[begin:begin + len(raw)] = raw

    def bsl_writeint16(self, position: Any, value: Any, order: Any = None) -> None:
        self._write_int(position, value, order, 16)

    def bsl_writeint32(self, position: Any, value: Any, order: Any = None) -> None:
        self._write_int(position, value, order, 32)

    def bsl_writeint64(self, position: Any, value: Any, order: Any = None) -> None:
        self._write_int(position, value, order, 64)

    def _read_int(self, position: Any, order: Any, bits: int) -> int:
        big = byte_order(order, self.byte_order) is BIG
        begin = whole(position)
        if begin < 0 or begin + bits // 8 > len(self.data):
            raise ProgramFault(READ_PAST)
        raw = bytes(self.data[begin:begin + bits // 8])
        signed = bits == 16 and not big  # BitConverter.ToInt16 only in little-endian order
        return int.from_bytes(raw, "big" if big else "little", signed=signed)

    def bsl_readint16(self, position: Any, order: Any = None) -> int:
        return self._read_int(position, order, 16)

    def bsl_readint32(self, position: Any, order: Any = None) -> int:
        return self._read_int(position, order, 32)

    def bsl_readint64(self, position: Any, order: Any = None) -> int:
        return self._read_int(position, order, 64)

    def _bitwise(self, position: Any, source: Any, count: Any, op: Any) -> None:
        self.check_writable()
        begin, other = whole(position), _bytes_of(source)
        if begin < 0:
            raise ProgramFault(INDEX_RANGE)
        other = source.data  # live: the buffer may be combined with itself, as in OneScript
        for i in range(whole(count) or len(other)):
            if i >= len(other) or begin + i >= len(self.data):
                raise ProgramFault(OVERFLOW)
            self.data[begin + i] = op(self.data[begin + i], other[i]) & 0xFF

    def bsl_writebitwiseand(self, position: Any, source: Any, count: Any = 0) -> None:
        self._bitwise(position, source, count, lambda a, b: a & b)

    def bsl_writebitwiseandnot(self, position: Any, source: Any, count: Any = 0) -> None:
        self._bitwise(position, source, count, lambda a, b: a & ~b)

    def bsl_writebitwiseor(self, position: Any, source: Any, count: Any = 0) -> None:
        self._bitwise(position, source, count, lambda a, b: a | b)

    def bsl_writebitwisexor(self, position: Any, source: Any, count: Any = 0) -> None:
        self._bitwise(position, source, count, lambda a, b: a ^ b)

    def bsl_split(self, separator: Any) -> BslArray:
        parts = sorted(_separators(separator), key=len, reverse=True)
        data, pieces, start = bytes(self.data), [], 0
        last = len(data) - len(parts[-1])
        while True:
            found = _find_first(data, parts, start, last)
            if found is None:
                break
            position, size = found
            pieces.append(data[start:position])
            start = position + size
        pieces.append(data[start:])
        return BslArray([type(self)(piece) for piece in pieces])  # type: ignore[call-arg]


def _find_first(data: bytes, parts: list[bytes], start: int, last: int) \
        -> tuple[int, int] | None:
    for i in range(start, last):
        for part in parts:
            if data.startswith(part, i):
                return i, len(part)
    return None


def _separators(value: Any) -> list[bytes]:
    if isinstance(value, BufferOps):
        if not value.data:
            raise ProgramFault(BAD_VALUE)
        return [bytes(value.data)]
    if isinstance(value, BslArray):
        return [part for item in value.items for part in _separators(item)]
    raise ProgramFault(BAD_ARGUMENT)


def _bytes_of(value: Any) -> bytes:
    if not isinstance(value, BufferOps):
        raise ProgramFault(BAD_ARGUMENT)
    return bytes(value.data)

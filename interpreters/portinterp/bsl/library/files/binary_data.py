"""``ДвоичныеДанные``, ``БуферДвоичныхДанных`` and the global conversions of OneScript 1.9.2
(BinaryDataContext.cs, BinaryDataBuffer.cs, GlobalBinaryData.cs): strings in an encoding
(with or without a BOM; decoding follows a BOM found when the encoding has one), Base64
(lines of 76 characters; invalid input gives empty data, as there), hex strings (anything
but hex digits ignored; an odd count of digits an error for a string, dropped for binary
data: OneScript's table also reads ``G`` as 16), joining and splitting."""

from __future__ import annotations

import base64
import binascii
import re
from collections.abc import Callable, Iterator
from typing import Any

from portinterp.bsl.library.files.buffer_ops import LITTLE, OUTSIDE, BufferOps, byte_order
from portinterp.bsl.library.files.file_access import read_bytes, write_bytes
from portinterp.bsl.library.files.text_encoding import (
    UTF8,
    UTF8_NO_BOM,
    Encoding,
    decode_sniffing,
    encoding_of,
)
from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    BslObject,
    EnumValue,
    load_types,
    register_type,
    spellings,
)
from portinterp.bsl.runtime.values import BslArray
from portinterp.errors import ProgramFault

BAD_HEX = "Неверный формат шестнадцатеричной строки"
BAD_BASE64 = ("Внешнее исключение (System.FormatException): The input is not a valid Base-64 "
              "string as it contains a non-base 64 character, more than two padding "
              "characters, or an illegal character among the padding characters.")
BAD_VALUE = "Неверное значение аргумента"
OUT_OF_RANGE = "Значение индекса выходит за пределы диапазона"
NOT_IMPLEMENTED = ("Внешнее исключение (System.NotImplementedException): The method or "
                   "operation is not implemented.")
READ_LENGTH = "Внешнее исключение (System.ArgumentException): length"
MAX_BUFFER = 2**27  # the interpreter's own limit: a buffer of 128 MiB at most
HEX_DIGITS = {ord(c): int(c, 16) for c in "0123456789abcdefABCDEF"} | {ord("G"): 16,
                                                                        ord("g"): 16}


class BinaryData(BslObject):
    __slots__ = ("data",)
    type_name = "ДвоичныеДанные"
    spellings = spellings("Размер Size size", "Записать Write write",
                          "ОткрытьПотокДляЧтения OpenStreamForRead openstreamforread")

    def __init__(self, data: bytes) -> None:
        self.data = data

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BinaryData) and other.data == self.data

    def __hash__(self) -> int:
        return hash(self.data)

    def presentation(self) -> str:
        """OneScript's: the first 64 bytes in hex, space-separated, then "…" if longer."""
        shown = " ".join(f"{byte:02X}" for byte in self.data[:64])
        return shown + ("…" if len(self.data) > 64 else "")

    def bsl_size(self) -> int:
        return len(self.data)

    def bsl_write(self, target: Any) -> None:
        write_bytes(_text(target), self.data)

    def bsl_openstreamforread(self) -> Any:
        return stream_opener(self.data)


def _streams_first(data: bytes) -> Any:
    """Load the library's object types (``streams`` among them, which sets
    :data:`stream_opener`), then open the stream."""
    load_types()
    if stream_opener is _streams_first:  # pragma: no cover - the library always has streams
        raise RuntimeError("the library's streams did not register their opener")
    return stream_opener(data)


# ``ОткрытьПотокДляЧтения``'s stream, given by ``streams`` when it loads (it imports this
# module for ``ДвоичныеДанные``: an import back would be a cycle); types load lazily, so the
# first call may come before ``streams`` was imported
stream_opener: Callable[[bytes], Any] = _streams_first


class BinaryDataBuffer(BufferOps, BslObject):
    __slots__ = ("byte_order", "data", "read_only")
    type_name = "БуферДвоичныхДанных"
    spellings = spellings("Получить Get get", "Установить Set set", "Перевернуть Reverse reverse",
                          "ПолучитьСрез GetSlice getslice", "Скопировать Copy copy",
                          "Соединить Concat concat", "Прочитать Read read",
                          "УстановитьТолькоЧтение SetReadOnly setreadonly",
                          "Записать Write write", "ЗаписатьЦелое16 WriteInt16 writeint16",
                          "ЗаписатьЦелое32 WriteInt32 writeint32",
                          "ЗаписатьЦелое64 WriteInt64 writeint64",
                          "ПрочитатьЦелое16 ReadInt16 readint16",
                          "ПрочитатьЦелое32 ReadInt32 readint32",
                          "ПрочитатьЦелое64 ReadInt64 readint64",
                          "ЗаписатьПобитовоеИ WriteBitwiseAnd writebitwiseand",
                          "ЗаписатьПобитовоеИНе WriteBitwiseAndNot writebitwiseandnot",
                          "ЗаписатьПобитовоеИли WriteBitwiseOr writebitwiseor",
                          "ЗаписатьПобитовоеИсключительноеИли WriteBitwiseXor writebitwisexor",
                          "Разделить Split split")

    def __init__(self, data: bytes | bytearray, order: EnumValue = LITTLE) -> None:
        self.data = bytearray(data)
        self.read_only = False
        self.byte_order = order

    def property(self, name: str, shown: str) -> Any:
        if name in ("размер", "size"):
            return len(self.data)
        if name in ("толькочтение", "readonly"):
            return self.read_only
        if name in ("порядокбайтов", "byteorder"):
            return self.byte_order
        return super().property(name, shown)

    def set_property(self, name: str, shown: str, value: Any) -> None:
        if name in ("порядокбайтов", "byteorder"):
            self.byte_order = byte_order(value, self.byte_order)
            return
        super().set_property(name, shown, value)

    def property_names(self) -> list[str]:
        return ["Размер", "ТолькоЧтение", "ПорядокБайтов"]

    def _index(self, index: Any) -> int:
        """``_buffer[(int) index]`` of .NET: a fraction truncated, outside the array .NET's
        IndexOutOfRangeException."""
        number = int(to_number(index))
        if not 0 <= number < len(self.data):
            raise ProgramFault(OUTSIDE)
        return number

    def get(self, index: object) -> int:
        return self.data[self._index(index)]

    def set(self, index: object, value: Any) -> None:
        self.check_writable()
        byte = int(to_number(value))
        if not 0 <= byte <= 255:
            raise ProgramFault(BAD_VALUE)
        self.data[self._index(index)] = byte

    def iterate(self) -> Iterator[int]:
        return iter(list(self.data))

    def bsl_get(self, index: Any) -> int:
        return self.get(index)

    def bsl_set(self, index: Any, value: Any) -> None:
        self.set(index, value)

    def bsl_reverse(self) -> BinaryDataBuffer:
        """A reversed copy (the buffer itself stays as it is, as in OneScript)."""
        return BinaryDataBuffer(self.data[::-1])

    def bsl_read(self, position: Any, count: Any) -> BinaryDataBuffer:
        begin, size = int(to_number(position)), int(to_number(count))
        if begin < 0 or size < 0:
            raise ProgramFault(OUT_OF_RANGE)
        if begin + size > len(self.data):
            raise ProgramFault(READ_LENGTH)
        return BinaryDataBuffer(self.data[begin:begin + size])

    def bsl_getslice(self, *args: Any) -> BinaryDataBuffer:
        raise ProgramFault(NOT_IMPLEMENTED)  # OneScript 1.9.2 leaves it unimplemented

    def bsl_copy(self) -> BinaryDataBuffer:
        return BinaryDataBuffer(self.data)

    def bsl_concat(self, other: Any) -> BinaryDataBuffer:
        return BinaryDataBuffer(self.data + _buffer(other).data)

    def bsl_setreadonly(self) -> None:
        self.read_only = True


def _text(value: Any) -> str:
    if type(value) is not str:
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _binary(value: Any) -> bytes:
    if not isinstance(value, BinaryData):
        raise ProgramFault(BAD_ARGUMENT)
    return value.data


def _buffer(value: Any) -> BinaryDataBuffer:
    if not isinstance(value, BinaryDataBuffer):
        raise ProgramFault(BAD_ARGUMENT)
    return value


def _encoding(value: Any, add_bom: bool, default: Encoding) -> Encoding:
    return default if value is None else encoding_of(value, add_bom)


def from_string(text: Any, encoding: Any = None, add_bom: Any = False) -> BinaryData:
    chosen = _encoding(encoding, add_bom is True, UTF8_NO_BOM)
    return BinaryData(chosen.preamble + chosen.encode(to_string(text, "onescript")))


def buffer_from_string(text: Any, encoding: Any = None, add_bom: Any = False) \
        -> BinaryDataBuffer:
    chosen = _encoding(encoding, add_bom is True, UTF8)
    return BinaryDataBuffer(chosen.encode(to_string(text, "onescript")))


def string_of(data: bytes, encoding: Any = None) -> str:
    return decode_sniffing(data, _encoding(encoding, True, UTF8))


def base64_text(data: bytes) -> str:
    """.NET's ``ToBase64String(…, InsertLineBreaks)``: lines of 76, CR LF between them."""
    text = base64.b64encode(data).decode("ascii")
    return "\r\n".join(text[i:i + 76] for i in range(0, len(text), 76))


def base64_bytes(text: str) -> bytes:
    """.NET's ``FromBase64String`` (whitespace ignored); empty for what it rejects."""
    cleaned = re.sub(r"[ \t\r\n]", "", text)
    if len(cleaned) % 4 or re.fullmatch(r"[A-Za-z0-9+/]*={0,2}", cleaned) is None:
        return b""
    try:
        return base64.b64decode(cleaned, validate=True)
    except (binascii.Error, ValueError):
        return b""


def base64_string(value: Any) -> str:
    """``Base64Строка``: one line (MiscGlobalFunctions.cs)."""
    return base64.b64encode(_binary(value)).decode("ascii")


def base64_value(text: Any) -> BinaryData:
    """``Base64Значение``: invalid Base64 is an error here (the conversions give empty data)."""
    source = _text(text)
    data = base64_bytes(source)
    if not data and re.sub(r"[ \t\r\n]", "", source):
        raise ProgramFault(BAD_BASE64)
    return BinaryData(data)


def _utf8_base64(data: bytes) -> bytes:
    try:
        return base64_bytes(data.decode("utf-8"))
    except UnicodeDecodeError:
        return b""


def hex_string_bytes(text: str) -> bytes:
    digits = re.sub(r"[^0-9A-Fa-f]", "", text)
    if len(digits) % 2:
        raise ProgramFault(BAD_HEX)
    return bytes.fromhex(digits)


def hex_array_bytes(data: bytes) -> bytes:
    """``HexArrayToByteArray``: pairs of hex digits, anything else skipped."""
    out, pending = bytearray(), -1
    for byte in data:
        digit = HEX_DIGITS.get(byte, -1)
        if digit < 0:
            continue
        if pending < 0:
            pending = digit
            continue
        out.append((pending * 16 + digit) & 0xFF)
        pending = -1
    return bytes(out)


def concat(parts: Any) -> BinaryData:
    if not isinstance(parts, BslArray):
        raise ProgramFault(BAD_ARGUMENT)
    return BinaryData(b"".join(_binary(part) for part in parts.items))


def split(value: Any, size: Any) -> BslArray:
    data, step = _binary(value), int(to_number(size))
    if step <= 0 or step > 2**31 - 1:
        raise ProgramFault(BAD_VALUE)
    if len(data) < step:
        return BslArray([value])
    return BslArray([BinaryData(data[i:i + step]) for i in range(0, len(data), step)])


def _both(convert: Callable[[bytes], Any]) -> tuple[Callable[..., Any], Callable[..., Any]]:
    """The ДвоичныеДанные and the БуферДвоичныхДанных form of a bytes -> bytes conversion."""
    return (lambda value: BinaryData(convert(_binary(value))),
            lambda value: BinaryDataBuffer(convert(bytes(_buffer(value).data))))


def _hex_text(data: bytes) -> str:
    return data.hex().upper()


_B64_OUT = _both(lambda data: base64_text(data).encode("ascii"))
_B64_IN = _both(_utf8_base64)
_HEX_OUT = _both(lambda data: _hex_text(data).encode("utf-8"))
_HEX_IN = _both(hex_array_bytes)

# canonical name (English, lower-case) -> implementation
CONVERSIONS: dict[str, Callable[..., Any]] = {
    "getbinarydatafromstring": from_string,
    "getbinarydatabufferfromstring": buffer_from_string,
    "getstringfrombinarydata": lambda v, e=None: string_of(_binary(v), e),
    "getstringfrombinarydatabuffer": lambda v, e=None: string_of(bytes(_buffer(v).data), e),
    "getbase64stringfrombinarydata": lambda v: base64_text(_binary(v)),
    "getbase64stringfrombinarydatabuffer": lambda v: base64_text(bytes(_buffer(v).data)),
    "getbinarydatafrombase64string": lambda s: BinaryData(base64_bytes(_text(s))),
    "getbinarydatabufferfrombase64string": lambda s: BinaryDataBuffer(base64_bytes(_text(s))),
    "gethexstringfrombinarydata": lambda v: _hex_text(_binary(v)),
    "gethexstringfrombinarydatabuffer": lambda v: _hex_text(bytes(_buffer(v).data)),
    "getbinarydatafromhexstring": lambda s: BinaryData(hex_string_bytes(_text(s))),
    "getbinarydatabufferfromhexstring": lambda s: BinaryDataBuffer(hex_string_bytes(_text(s))),
    "getbase64binarydatafrombinarydata": _B64_OUT[0],
    "getbase64binarydatabufferfrombinarydatabuffer": _B64_OUT[1],
    "getbinarydatafrombase64binarydata": _B64_IN[0],
    "getbinarydatabufferfrombase64binarydatabuffer": _B64_IN[1],
    "gethexbinarydatafrombinarydata": _HEX_OUT[0],
    "gethexbinarydatabufferfrombinarydatabuffer": _HEX_OUT[1],
    "getbinarydatafromhexbinarydata": _HEX_IN[0],
    "getbinarydatabufferfromhexbinarydatabuffer": _HEX_IN[1],
    "getbinarydatabufferfrombinarydata": lambda v: BinaryDataBuffer(_binary(v)),
    "getbinarydatafrombinarydatabuffer": lambda v: BinaryData(bytes(_buffer(v).data)),
    "concatbinarydata": concat,
    "splitbinarydata": split,
}


def _new_binary_data(runtime: Any, path: Any) -> BinaryData:
    return BinaryData(read_bytes(_text(path)))


def _new_buffer(runtime: Any, size: Any = 0, byte_order_value: Any = None) -> BinaryDataBuffer:
    count = int(to_number(size))
    if not 0 <= count <= MAX_BUFFER:
        raise ProgramFault(BAD_VALUE)
    return BinaryDataBuffer(bytes(count), byte_order(byte_order_value, LITTLE))


register_type("ДвоичныеДанные", "BinaryData", _new_binary_data)
register_type("БуферДвоичныхДанных", "BinaryDataBuffer", _new_buffer)

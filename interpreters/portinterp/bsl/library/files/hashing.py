"""``ХешированиеДанных`` (HashImpl.cs): MD5, SHA1, SHA256, SHA384, SHA512 and CRC32 of strings
(as UTF-8) and binary data; ``ХешСумма`` is a number for CRC32, binary data otherwise."""

from __future__ import annotations

import hashlib
import zlib
from typing import Any

from portinterp.bsl.runtime.objects import (
    BAD_ARGUMENT,
    NO_FIELD,
    BslObject,
    EnumValue,
    register_type,
    spellings,
)
from portinterp.errors import ProgramFault


class DataHashing(BslObject):
    __slots__ = ("data", "function")
    type_name = "ХешированиеДанных"
    spellings = spellings("Добавить Append add append", "ДобавитьФайл AppendFile appendfile",
                          "Очистить Clear clear")

    def __init__(self, function: EnumValue) -> None:
        self.function = function
        self.data = bytearray()

    def bsl_append(self, value: Any, count: Any = None) -> None:
        from portinterp.bsl.library.files.binary_data import BinaryData
        from portinterp.bsl.library.files.streams import Stream

        if type(value) is str:
            self.data += value.encode("utf-8", errors="surrogatepass")
        elif isinstance(value, BinaryData):
            self.data += value.data
        elif isinstance(value, Stream):  # the rest, or ``count`` bytes of it
            self.data += value.rest() if count is None else value.read_some(int(count))
        else:
            raise ProgramFault(BAD_ARGUMENT)

    def bsl_appendfile(self, path: Any) -> None:
        from portinterp.bsl.library.files.file_access import read_bytes

        if type(path) is not str:
            raise ProgramFault(BAD_ARGUMENT)
        self.data += read_bytes(path)

    def bsl_clear(self) -> None:
        self.data = bytearray()

    def _digest(self) -> bytes:
        name = self.function.name
        if name == "CRC32":
            return zlib.crc32(self.data).to_bytes(4, "big")
        return hashlib.new(name.lower(), bytes(self.data)).digest()

    def property(self, name: str, shown: str) -> Any:
        if name in ("хешфункция", "hashfunction"):
            return self.function
        if name in ("хешсуммастрокой", "hashsumofstring"):
            return self._digest().hex().upper()
        if name in ("хешсумма", "hashsum"):
            digest = self._digest()
            if self.function.name == "CRC32":
                return int.from_bytes(digest, "big")
            from portinterp.bsl.library.files.binary_data import BinaryData

            return BinaryData(digest)
        raise ProgramFault(NO_FIELD.format(shown))

    def property_names(self) -> list[str]:
        return ["ХешФункция", "ХешСумма", "ХешСуммаСтрокой"]


def _new_hashing(runtime: Any, function: Any = None) -> DataHashing:
    if not isinstance(function, EnumValue) or function.enum != "ХешФункция":
        raise ProgramFault(BAD_ARGUMENT)
    return DataHashing(function)


register_type("ХешированиеДанных", "DataHashing", _new_hashing)

"""``КодировкаТекста`` and encoding names as OneScript maps them to .NET encodings
(TextEncodingEnum.cs): the Python codec and the byte order mark .NET's ``GetPreamble``
gives, which decides both whether a BOM is written and whether one is looked for when
decoding (GlobalBinaryData.cs ``GetStringFromByteBuffer``)."""

from __future__ import annotations

import codecs
from typing import Any, NamedTuple

from portinterp.bsl.runtime.objects import EnumValue
from portinterp.errors import ProgramFault

BAD_NAME = "Неправильное имя кодировки '{}'"
BOMS = {"utf-8": codecs.BOM_UTF8, "utf-16-le": codecs.BOM_UTF16_LE,
        "utf-16-be": codecs.BOM_UTF16_BE, "utf-32-le": codecs.BOM_UTF32_LE,
        "utf-32-be": codecs.BOM_UTF32_BE}
NAMED = {"UTF-8": "utf-8", "UTF-16": "utf-16-le", "UTF-16LE": "utf-16-le",
         "UTF16_PLATFORMENDIAN": "utf-16-le", "UTF-16BE": "utf-16-be",
         "UTF16_OPPOSITEENDIAN": "utf-16-be", "UTF-32": "utf-32-le", "UTF-32LE": "utf-32-le",
         "UTF32_PLATFORMENDIAN": "utf-32-le", "UTF-32BE": "utf-32-be",
         "UTF32_OPPOSITEENDIAN": "utf-32-be"}
MEMBERS = {"ANSI": ("cp1251", False), "OEM": ("cp866", False), "UTF16": ("utf-16-le", True),
           "UTF8": ("utf-8", True), "UTF8NoBOM": ("utf-8", False),
           "Системная": ("utf-8", False)}


class Encoding(NamedTuple):
    codec: str
    preamble: bytes

    def encode(self, text: str) -> bytes:
        return text.encode(self.codec, errors="replace" if self.codec[:3] != "utf" else
                           "surrogatepass")

    def decode(self, data: bytes) -> str:
        return data.decode(self.codec, errors="replace")


UTF8 = Encoding("utf-8", codecs.BOM_UTF8)  # .NET's Encoding.UTF8
UTF8_NO_BOM = Encoding("utf-8", b"")


def _with_bom(codec: str, add_bom: bool) -> Encoding:
    return Encoding(codec, BOMS.get(codec, b"") if add_bom else b"")


def by_name(name: str, add_bom: bool = True) -> Encoding:
    """``TextEncodingEnum.GetEncodingByName``."""
    if not name:
        return _with_bom("utf-8", add_bom)
    known = NAMED.get(name.strip().upper())
    if known is not None:
        return _with_bom(known, add_bom)
    try:
        codec = codecs.lookup(name.strip()).name
    except LookupError:
        raise ProgramFault(BAD_NAME.format(name)) from None
    python = {"utf-16": "utf-16-le", "utf-32": "utf-32-le"}.get(codec, codec)
    return Encoding(python, BOMS.get(python, b""))  # .NET's own encodings keep their BOM


def encoding_of(value: Any, add_bom: bool = True) -> Encoding:
    """``TextEncodingEnum.GetEncoding``: a name or a ``КодировкаТекста`` member."""
    if type(value) is str:
        return by_name(value, add_bom)
    if not isinstance(value, EnumValue) or value.enum != "КодировкаТекста":
        raise ProgramFault("Неверный тип аргумента")
    codec, bom = MEMBERS[value.name]
    return _with_bom(codec, add_bom and bom)


def decode_sniffing(data: bytes, encoding: Encoding) -> str:
    """``GetStringFromByteBuffer``: an encoding with a preamble gives way to the BOM found."""
    if not encoding.preamble:
        return encoding.decode(data)
    for bom, codec in ((codecs.BOM_UTF8, "utf-8"), (codecs.BOM_UTF32_LE, "utf-32-le"),
                       (codecs.BOM_UTF16_LE, "utf-16-le"), (codecs.BOM_UTF16_BE, "utf-16-be"),
                       (codecs.BOM_UTF32_BE, "utf-32-be")):
        if data.startswith(bom):
            return data[len(bom):].decode(codec, errors="replace")
    return encoding.decode(data)

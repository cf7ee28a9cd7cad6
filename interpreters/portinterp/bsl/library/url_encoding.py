"""``КодироватьСтроку``/``РаскодироватьСтроку`` as OneScript 1.9.2 does them
(MiscGlobalFunctions.cs): percent-encoding of the UTF-8 bytes (or another encoding's),
``СпособКодированияСтроки.URLВКодировкеURL`` leaving the characters that mean something in
a URL (``/ % ? + = ! # $ ' ( ) * , : ; @ [ ]``) as they are; decoding is .NET's
``Uri.UnescapeDataString`` (UTF-8 only)."""

from __future__ import annotations

from typing import Any
from urllib.parse import unquote

from portinterp.bsl.runtime.objects import EnumValue
from portinterp.errors import ProgramFault

UNRESERVED = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
URL_SPECIAL = frozenset(b"/%?+=!#$'()*,:;@[]")
NO_ENCODING = ("Внешнее исключение (System.NotSupportedException): Явное указание кодировки "
               "в данной версии не поддерживается (только utf-8 согласно RFC 3986)")


def _method(method: Any) -> str:
    if not isinstance(method, EnumValue) or method.enum != "СпособКодированияСтроки":
        raise ProgramFault("Неверный тип аргумента номер 2")
    return method.name


def encode(text: str, method: Any, encoding: Any = None) -> str:
    keep = UNRESERVED | (URL_SPECIAL if _method(method) == "URLВКодировкеURL" else frozenset())
    data = text.encode(_codec(encoding), errors="replace")
    return "".join(chr(byte) if byte in keep else f"%{byte:02X}" for byte in data)


def decode(text: str, method: Any, encoding: Any = None) -> str:
    _method(method)
    if encoding is not None:
        raise ProgramFault(NO_ENCODING)
    return unquote(text)


def _codec(encoding: Any) -> str:
    """An encoding by its name (``"windows-1251"``); UTF-8 when none is given."""
    if encoding is None:
        return "utf-8"
    if type(encoding) is not str:
        raise ProgramFault("Неверный тип аргумента номер 3")
    import codecs

    try:
        return codecs.lookup(encoding).name
    except LookupError:
        raise ProgramFault(f"Неправильное имя кодировки '{encoding}'") from None

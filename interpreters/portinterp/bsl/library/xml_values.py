"""``XMLСтрока`` and ``XMLЗначение`` as OneScript 1.9.2 does them (XmlGlobalFunctions.cs,
.NET's ``XmlConvert``): strings, numbers (``200.85``), Булево (``true``), dates
(``2014-01-01T12:27:30``), Неопределено and Null (``""``), УникальныйИдентификатор, and the
members of ``ДопустимыйЗнак``/``ДопустимаяДлина``/``ЧастиДаты`` (by name, either spelling);
``ДвоичныеДанные`` as Base64 (``ToBase64String(…, InsertLineBreaks)``: lines of 76, CR LF
between them; ``FromBase64String`` back); any other value or type is OneScript's error.
"""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal
from typing import Any

from portinterp.bsl.library.names_objects import OBJECT_ENUMS
from portinterp.bsl.library.uuid_value import UniqueId, parse_guid
from portinterp.bsl.runtime.conversions import NET_DECIMAL
from portinterp.bsl.runtime.objects import EnumValue
from portinterp.bsl.runtime.values import NULL, BslType, NullType
from portinterp.errors import ProgramFault

BAD_VALUE = "Неверное значение аргумента"
BAD_NTH_VALUE = "Неверное значение аргумента номер {}"
FORMAT_ERROR = "Внешнее исключение (System.FormatException): {}"
XML_ENUMS = ("ДопустимыйЗнак", "ДопустимаяДлина", "ЧастиДаты")
_DATE = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})"
                   r"(?:T([0-9]{2}):([0-9]{2}):([0-9]{2})(?:\.([0-9]+))?)?"
                   r"(?:Z|[+-][0-9]{2}:[0-9]{2})?")


def xml_string(value: Any) -> str:
    kind = type(value)
    if kind is str:
        return value  # type: ignore[no-any-return]
    if value is None or kind is NullType:
        return ""
    if kind is bool:
        return "true" if value else "false"
    if kind is int:
        return str(value)
    if kind is Decimal:
        return format(value, "f")
    if kind is datetime:
        return _date_text(value)
    if kind is UniqueId or (kind is EnumValue and value.enum in XML_ENUMS):
        return value.presentation()  # type: ignore[no-any-return]
    if getattr(value, "type_name", None) == "ДвоичныеДанные":
        from portinterp.bsl.library.files.binary_data import base64_text

        return base64_text(value.data)
    raise ProgramFault(BAD_VALUE)


def _date_text(value: datetime) -> str:
    """``XmlConvert.ToString(date, Unspecified)``: ``yyyy-MM-ddTHH:mm:ss.FFFFFFF``."""
    text = f"{value.year:04}-{value:%m-%dT%H:%M:%S}"
    fraction = f"{value.microsecond:06}".rstrip("0")
    return f"{text}.{fraction}" if fraction else text


def xml_value(given: Any, text: str) -> Any:
    if type(given) is not BslType:
        raise ProgramFault("Неверный тип аргумента")
    reader = _READERS.get(given.name)
    if reader is not None:
        return reader(text)
    if given.name in XML_ENUMS:
        return _enum_member(given.name, text)
    raise ProgramFault(BAD_NTH_VALUE.format(1))


def _boolean(text: str) -> bool:
    stripped = text.strip(" \t\n\r")
    if stripped in ("true", "1", "false", "0"):
        return stripped in ("true", "1")
    raise ProgramFault(FORMAT_ERROR.format(f"The string '{text}' is not a valid Boolean value."))


def _number(text: str) -> Any:
    from portinterp.bsl.runtime import numbers

    if not NET_DECIMAL.fullmatch(text):
        raise ProgramFault(FORMAT_ERROR.format("Input string was not in a correct format."))
    return numbers.canonical(numbers.CONTEXT.create_decimal(text.strip(" \t\n\v\f\r")))


def _date(text: str) -> datetime:
    match = _DATE.fullmatch(text.strip(" \t\n\r"))
    try:
        if match is None:
            raise ValueError(text)
        fields = [int(part or 0) for part in match.groups()[:6]]
        micro = int((match.group(7) or "0")[:6].ljust(6, "0"))
        return datetime(*fields, micro)  # type: ignore[misc]
    except ValueError:
        raise ProgramFault(FORMAT_ERROR.format(
            f"String '{text}' was not recognized as a valid DateTime.")) from None


def _empty(value: Any) -> Any:
    def read(text: str) -> Any:
        if text.strip():
            raise ProgramFault(BAD_NTH_VALUE.format(2))
        return value
    return read


def _guid(text: str) -> UniqueId:
    parsed = parse_guid(text)
    if parsed is None:
        raise ProgramFault(BAD_NTH_VALUE.format(2))
    return parsed


def _enum_member(enum: str, text: str) -> EnumValue:
    member = OBJECT_ENUMS[enum.lower()].get(text.lower())
    if not isinstance(member, EnumValue):
        raise ProgramFault(BAD_NTH_VALUE.format(2))
    return member


def _binary(text: str) -> Any:
    """``Convert.FromBase64String``: whitespace ignored, anything else not Base64 an error."""
    from portinterp.bsl.library.files.binary_data import BinaryData, base64_bytes

    data = base64_bytes(text)
    if not data and re.sub(r"[ \t\r\n]", "", text):
        raise ProgramFault(FORMAT_ERROR.format(
            "The input is not a valid Base-64 string as it contains a non-base 64 character, "
            "more than two padding characters, or an illegal character among the padding "
            "characters."))
    return BinaryData(data)


_READERS = {
    "Булево": _boolean, "Число": _number, "Строка": lambda text: text, "Дата": _date,
    "Неопределено": _empty(None), "Null": _empty(NULL), "УникальныйИдентификатор": _guid,
    "ДвоичныеДанные": _binary,
}

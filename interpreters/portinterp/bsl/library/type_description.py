"""``ОписаниеТипов`` and its qualifiers (``КвалификаторыЧисла``/``Строки``/``Даты``/
``ДвоичныхДанных``), with ``ПривестиЗначение`` as OneScript 1.9.2 adjusts values
(TypeDescription.cs, NumberQualifiers.cs …): the value kept when its type is listed (its
qualifier applied), else converted to the first listed type that can hold it, in OneScript's
order of types (Булево, ДвоичныеДанные, Строка, Дата, Null, Число, Тип, then the others)."""

from __future__ import annotations

from datetime import datetime
from decimal import ROUND_HALF_UP, Decimal
from typing import Any

from portinterp.bsl.library.names_objects import ALLOWED_LENGTH, ALLOWED_SIGN, DATE_FRACTIONS
from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.conversions import to_number
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.literals import date_value
from portinterp.bsl.runtime.objects import (
    NO_FIELD,
    TYPE_NAMES,
    TYPE_SPELLINGS,
    BslObject,
    load_types,
    register_type,
    spellings,
)
from portinterp.bsl.runtime.values import BslArray, BslType, type_name
from portinterp.errors import ProgramFault

ANY_SIGN = ALLOWED_SIGN["допустимыйзнак"]["любой"]
NONNEGATIVE = ALLOWED_SIGN["допустимыйзнак"]["неотрицательный"]
VARIABLE = ALLOWED_LENGTH["допустимаядлина"]["переменная"]
FIXED = ALLOWED_LENGTH["допустимаядлина"]["фиксированная"]
DATE_TIME = DATE_FRACTIONS["частидаты"]["датавремя"]
DATE_ONLY = DATE_FRACTIONS["частидаты"]["дата"]
TIME_ONLY = DATE_FRACTIONS["частидаты"]["время"]
EMPTY_DATE = datetime(1, 1, 1)
_MISSING = object()  # ПривестиЗначение() without an argument
PRIMITIVES = ["Булево", "ДвоичныеДанные", "Строка", "Дата", "Null", "Число", "Тип"]
# Basic types OneScript knows whether or not the embedded interpreter implements them.
KNOWN_TYPES = {name.lower(): name for name in [*PRIMITIVES, "Неопределено"]} | {
    "boolean": "Булево", "binarydata": "ДвоичныеДанные", "string": "Строка", "date": "Дата",
    "number": "Число", "type": "Тип", "undefined": "Неопределено"}


def _whole(value: Any) -> int:
    return 0 if value is None else numbers.truncate(to_number(value))


def _enum(value: Any, default: Any) -> Any:
    return default if value is None else value


class _Qualifiers(BslObject):
    """Qualifiers compare by their fields."""

    __slots__ = ()
    FIELDS: tuple[tuple[str, str, str], ...] = ()  # (russian, english, attribute)

    def key(self) -> tuple[Any, ...]:
        return tuple(getattr(self, attribute) for _, _, attribute in self.FIELDS)

    def __eq__(self, other: object) -> bool:
        return type(other) is type(self) and other.key() == self.key()  # type: ignore[attr-defined]

    def __hash__(self) -> int:
        return hash(self.key())

    def property(self, name: str, shown: str) -> Any:
        for russian, english, attribute in self.FIELDS:
            if name in (russian.lower(), english.lower()):
                return getattr(self, attribute)
        raise ProgramFault(NO_FIELD.format(shown))


class NumberQualifiers(_Qualifiers):
    __slots__ = ("digits", "fraction", "sign")
    type_name = "КвалификаторыЧисла"
    FIELDS = (("Разрядность", "Digits", "digits"),
              ("РазрядностьДробнойЧасти", "FractionDigits", "fraction"),
              ("ДопустимыйЗнак", "AllowedSign", "sign"))

    def __init__(self, digits: Any = None, fraction: Any = None, sign: Any = None) -> None:
        self.digits, self.fraction = _whole(digits), _whole(fraction)
        if self.digits < 0 or self.fraction < 0:
            raise ProgramFault("Неверное значение аргумента")
        self.sign = _enum(sign, ANY_SIGN)

    def adjust(self, value: Any) -> Any:
        if value is None:
            return 0
        try:
            number = to_number(value) if type(value) is not bool else int(value)
        except ProgramFault:
            return 0
        if self.sign == NONNEGATIVE and number < 0:
            number = 0
        if self.digits > 0:
            number = self._restrict(Decimal(number))
        return numbers.canonical(Decimal(number))

    def _restrict(self, number: Decimal) -> Decimal:
        """OneScript's ApplyNumericSizeRestrictions: round half away from zero; too many
        whole digits become the greatest number that fits (999.99)."""
        if number.as_tuple().exponent < -self.fraction:  # type: ignore[operator]
            # C#'s Math.Round keeps a shorter scale: 12.5 stays 12.5, not 12.50
            number = number.quantize(Decimal((0, (1,), -self.fraction)), rounding=ROUND_HALF_UP)
        whole = abs(int(number))
        if whole and len(str(whole)) > self.digits - self.fraction:
            nines = "9" * self.digits
            point = max(self.digits - self.fraction, 0)
            biggest = Decimal(nines[:point] + "." + nines[point:])
            return -biggest if number < 0 else biggest
        return number


class StringQualifiers(_Qualifiers):
    __slots__ = ("allowed", "dialect", "length")
    type_name = "КвалификаторыСтроки"
    FIELDS = (("Длина", "Length", "length"), ("ДопустимаяДлина", "AllowedLength", "allowed"))

    def __init__(self, length: Any = None, allowed: Any = None, dialect: str = "onescript") -> None:
        self.length = _whole(length)
        self.allowed = _enum(allowed, VARIABLE)
        self.dialect = dialect

    def adjust(self, value: Any) -> str:
        text = "" if value is None else to_string(value, self.dialect)
        if self.length and len(text) > self.length:
            text = text[:self.length]
        if self.allowed == FIXED and len(text) < self.length:
            text = text.ljust(self.length)
        return text


class DateQualifiers(_Qualifiers):
    __slots__ = ("fractions",)
    type_name = "КвалификаторыДаты"
    FIELDS = (("ЧастиДаты", "DateFractions", "fractions"),)

    def __init__(self, fractions: Any = None) -> None:
        self.fractions = _enum(fractions, DATE_TIME)

    def adjust(self, value: Any) -> datetime:
        date = value if type(value) is datetime else (
            date_value(f"'{value}'") if type(value) is str else None)
        if date is None:
            return EMPTY_DATE
        if self.fractions == DATE_ONLY:
            return datetime(date.year, date.month, date.day)
        if self.fractions == TIME_ONLY:
            return datetime(1, 1, 1, date.hour, date.minute, date.second)
        return date


class BinaryDataQualifiers(_Qualifiers):
    __slots__ = ("allowed", "length")
    type_name = "КвалификаторыДвоичныхДанных"
    FIELDS = (("Длина", "Length", "length"), ("ДопустимаяДлина", "AllowedLength", "allowed"))

    def __init__(self, length: Any = None, allowed: Any = None) -> None:
        self.length = _whole(length)
        self.allowed = _enum(allowed, VARIABLE)


def _adjust_boolean(value: Any) -> bool:
    if type(value) is bool:
        return value
    if type(value) is int or type(value) is Decimal:
        return value != 0
    if type(value) is str:
        return value.strip().lower() in ("да", "истина", "true")
    return False


def _order(name: str) -> tuple[int, str]:
    return (PRIMITIVES.index(name), "") if name in PRIMITIVES else (len(PRIMITIVES), name)


def type_of_name(name: str) -> str:
    """The canonical name of a type named in a string; OneScript's error if unknown."""
    load_types()
    canonical = KNOWN_TYPES.get(name.lower()) or TYPE_SPELLINGS.get(name.lower())
    if canonical is None:
        canonical = TYPE_NAMES.get(name.lower())
    if canonical is None:
        raise ProgramFault(f"Тип не зарегистрирован ({name})")
    return canonical


def _type_list(value: Any, position: int) -> list[str]:
    if value is None:
        return []
    if type(value) is str:
        return [type_of_name(part.strip()) for part in value.split(",") if part.strip()]
    if isinstance(value, BslArray):
        return [item.name for item in value.items if isinstance(item, BslType)]
    raise ProgramFault(f"Неверный тип аргумента номер {position}")


class TypeDescription(BslObject):
    __slots__ = ("binary", "dates", "numbers", "strings", "types")
    type_name = "ОписаниеТипов"
    spellings = spellings("Типы Types types", "СодержитТип ContainsType containstype",
                          "ПривестиЗначение AdjustValue adjustvalue")

    def __init__(self, types: list[str], qualifiers: dict[type, Any], dialect: str) -> None:
        unique = [t for t in dict.fromkeys(types) if t != "Неопределено"]
        self.types = sorted(unique, key=_order)
        self.numbers = qualifiers.get(NumberQualifiers) if "Число" in self.types else None
        self.strings = qualifiers.get(StringQualifiers) if "Строка" in self.types else None
        self.dates = qualifiers.get(DateQualifiers) if "Дата" in self.types else None
        self.binary = qualifiers.get(BinaryDataQualifiers) if (
            "ДвоичныеДанные" in self.types) else None
        self.numbers = self.numbers or NumberQualifiers()
        self.strings = self.strings or StringQualifiers(dialect=dialect)
        self.dates = self.dates or DateQualifiers()
        self.binary = self.binary or BinaryDataQualifiers()

    def property(self, name: str, shown: str) -> Any:
        fields = {"квалификаторычисла": self.numbers, "numberqualifiers": self.numbers,
                  "квалификаторыстроки": self.strings, "stringqualifiers": self.strings,
                  "квалификаторыдаты": self.dates, "datequalifiers": self.dates,
                  "квалификаторыдвоичныхданных": self.binary,
                  "binarydataqualifiers": self.binary}
        if name not in fields:
            raise ProgramFault(NO_FIELD.format(shown))
        return fields[name]

    def bsl_types(self) -> BslArray:
        return BslArray([BslType(name) for name in self.types])

    def bsl_containstype(self, kind: Any) -> bool:
        if not isinstance(kind, BslType):
            raise ProgramFault("Неверный тип аргумента")
        if kind.name == "Неопределено":
            return len(self.types) > 1
        return kind.name in self.types

    def _adjuster(self, name: str) -> Any:
        return {"Число": self.numbers.adjust, "Строка": self.strings.adjust,
                "Дата": self.dates.adjust, "Булево": _adjust_boolean}.get(name)

    def bsl_adjustvalue(self, value: Any = _MISSING) -> Any:
        """A value given (Неопределено too) keeps its type if the description holds it;
        one not given becomes the first type's default."""
        given = value is not _MISSING
        value = value if given else None
        if not self.types:
            return value
        if given and self.bsl_containstype(BslType(type_name(value))):
            adjuster = self._adjuster(type_name(value))
            return value if adjuster is None else adjuster(value)
        for name in self.types:
            adjuster = self._adjuster(name)
            if adjuster is not None:
                return adjuster(value)
        return None

    adjust_value = bsl_adjustvalue  # a table column's type (collections.value_table.Column)


def _new_type_description(runtime: Any, source: Any = None, *rest: Any) -> TypeDescription:
    dialect = getattr(runtime, "dialect", "onescript")
    params = list(rest) + [None] * (6 - len(rest))
    types: list[str] = []
    qualifier_params = list(enumerate(params, 2))
    if isinstance(source, TypeDescription):
        added, removed = _type_list(params[0], 2), _type_list(params[1], 3)
        types = [t for t in source.types if t not in removed] + added
        qualifiers: dict[type, Any] = {NumberQualifiers: source.numbers,
                                       StringQualifiers: source.strings,
                                       DateQualifiers: source.dates,
                                       BinaryDataQualifiers: source.binary}
        qualifier_params = qualifier_params[2:]
    elif source is None:
        qualifiers = {}
    elif type(source) is str or isinstance(source, BslArray):
        types = _type_list(source, 1)
        qualifiers = {}
    else:
        raise ProgramFault("Неверное значение аргумента")
    for position, value in qualifier_params:
        if value is None:
            continue
        if not isinstance(value, _Qualifiers):
            raise ProgramFault(f"Неверный тип аргумента номер {position}")
        qualifiers[type(value)] = value
    return TypeDescription(types, qualifiers, dialect)


def _new_string_qualifiers(runtime: Any, length: Any = None,
                           allowed: Any = None) -> StringQualifiers:
    return StringQualifiers(length, allowed, getattr(runtime, "dialect", "onescript"))


register_type("ОписаниеТипов", "TypeDescription", _new_type_description)
register_type("КвалификаторыЧисла", "NumberQualifiers",
              lambda runtime, *args: NumberQualifiers(*args))
register_type("КвалификаторыСтроки", "StringQualifiers", _new_string_qualifiers)
register_type("КвалификаторыДаты", "DateQualifiers", lambda runtime, *args: DateQualifiers(*args))
register_type("КвалификаторыДвоичныхДанных", "BinaryDataQualifiers",
              lambda runtime, *args: BinaryDataQualifiers(*args))
register_type("ДвоичныеДанные", "BinaryData")  # a type OneScript names (Тип("ДвоичныеДанные"))
for _enum_name, _english in (("ДопустимыйЗнак", "AllowedSign"),
                             ("ДопустимаяДлина", "AllowedLength"), ("ЧастиДаты", "DateFractions")):
    register_type(_enum_name, _english)  # Тип("ДопустимаяДлина") = ТипЗнч(ДопустимаяДлина.…)

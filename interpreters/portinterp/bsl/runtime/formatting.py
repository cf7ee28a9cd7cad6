"""How 1C values print: their presentation (``Строка``, ``Сообщить``, ``"…" + x``) in either
dialect — 1C:Enterprise's ru locale or OneScript's invariant culture — and ``Формат``
with its format strings (``"ЧДЦ=2; ЧГ=0"``) for numbers, booleans and dates."""

from __future__ import annotations

import re
from datetime import datetime
from decimal import Decimal

from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.values import BslType, NullType, type_name
from portinterp.errors import ProgramFault

DIALECTS = ("platform", "onescript")
NBSP = "\xa0"

# ---- presentation ------------------------------------------------------------------------


def date_text(value: datetime) -> str:
    """``01.01.2024 0:00:00``: how both 1C and OneScript write a date."""
    return f"{value:%d.%m.%Y} {value.hour}:{value:%M:%S}"


def to_string(value: object, dialect: str = "platform") -> str:
    """``Строка(value)``: the presentation of any value."""
    kind = type(value)
    if kind is str:
        return value  # type: ignore[return-value]
    if kind is int or kind is Decimal:
        if dialect == "onescript":
            return onescript_presentation(value)  # type: ignore[arg-type]
        return platform_presentation(value)  # type: ignore[arg-type]
    if kind is bool:
        return "Да" if value else "Нет"
    if value is None or kind is NullType:
        return ""
    if kind is datetime:
        return date_text(value)  # type: ignore[arg-type]
    if kind is BslType:
        return value.name  # type: ignore[attr-defined]
    present = getattr(value, "presentation", None)  # objects.BslObject
    return present() if present is not None else type_name(value)


def plain_digits(value: numbers.Number, keep_scale: bool) -> str:
    """Digits with '.' and '-' only; ``keep_scale`` keeps trailing zeros (1.50)."""
    if type(value) is int:
        try:
            return str(value)
        except ValueError:  # more digits than Python converts (numbers.MAX_DIGITS)
            raise ProgramFault(numbers.TOO_LONG) from None
    if not keep_scale:
        value = value.normalize(numbers.CONTEXT)
    text = format(value, "f")
    return "0" if text in ("-0", "") else text


def group_digits(digits: str, separator: str, size: int = 3) -> str:
    """``1234567`` -> ``1 234 567`` (``digits`` has no sign)."""
    if size <= 0 or len(digits) <= size:
        return digits
    head = len(digits) % size or size
    groups = [digits[:head]] + [digits[i : i + size] for i in range(head, len(digits), size)]
    return separator.join(groups)


def platform_presentation(value: numbers.Number) -> str:
    """How 1C:Enterprise (ru locale) writes a number: ``1 234 567,5`` (group separator is
    a non-breaking space), no trailing zeros."""
    text = plain_digits(value, keep_scale=False)
    sign = "-" if text.startswith("-") else ""
    whole, _, fraction = text.lstrip("-").partition(".")
    grouped = group_digits(whole, NBSP)
    return sign + grouped + ("," + fraction if fraction else "")


def onescript_presentation(value: numbers.Number) -> str:
    """How OneScript writes a number: .NET invariant culture, trailing zeros kept."""
    return plain_digits(value, keep_scale=True)


# ---- Формат ------------------------------------------------------------------------------

# Russian and English names of the format parameters, to one canonical name.
PARAM_NAMES = {
    "чц": "nd", "nd": "nd", "чдц": "nfd", "nfd": "nfd", "чрд": "nds", "nds": "nds",
    "чрг": "ngs", "ngs": "ngs", "чг": "ng", "ng": "ng", "чн": "nz", "nz": "nz",
    "чвн": "nlz", "nlz": "nlz", "бл": "bf", "bf": "bf", "би": "bt", "bt": "bt",
    "дф": "df", "df": "df", "длф": "dlf", "dlf": "dlf", "дп": "de", "de": "de",
    "л": "l", "l": "l", "чо": "nn", "nn": "nn",
}
_PARAM = re.compile(r"""\s*([^\s=;]+)\s*=\s*('[^']*'|"[^"]*"|[^;]*)\s*(?:;|$)""")

MONTHS_GENITIVE = ("января", "февраля", "марта", "апреля", "мая", "июня", "июля",
                   "августа", "сентября", "октября", "ноября", "декабря")
MONTHS_SHORT = ("янв.", "февр.", "март", "апр.", "май", "июнь", "июль", "авг.", "сент.",
                "окт.", "нояб.", "дек.")
MONTHS_EN = ("January", "February", "March", "April", "May", "June", "July", "August",
             "September", "October", "November", "December")
LOCAL_FORMATS = {"д": "dd.MM.yyyy", "d": "dd.MM.yyyy", "дд": "d MMMM yyyy 'г.'",
                 "dd": "d MMMM yyyy 'г.'", "в": "H:mm:ss", "t": "H:mm:ss",
                 "дв": "dd.MM.yyyy H:mm:ss", "dt": "dd.MM.yyyy H:mm:ss",
                 "ддв": "d MMMM yyyy 'г.' H:mm:ss", "ddt": "d MMMM yyyy 'г.' H:mm:ss"}
EMPTY_DATE = datetime(1, 1, 1)


def parse_format(text: str) -> dict[str, str]:
    """``"ЧДЦ=2; ЧРД='.'"`` -> ``{"nfd": "2", "nds": "."}``; unknown names are ignored."""
    params: dict[str, str] = {}
    for name, value in _PARAM.findall(text):
        canonical = PARAM_NAMES.get(name.lower())
        if canonical:
            quoted = len(value) >= 2 and value[0] == value[-1] and value[0] in "'\""
            params[canonical] = value[1:-1] if quoted else value.strip()
    return params


def _english(params: dict[str, str]) -> bool:
    """``Л=en_US`` (or any ``en``): English separators and month names."""
    return params.get("l", "").lower().startswith("en")


def format_value(value: object, format_string: str = "") -> str:
    params = parse_format(format_string)
    kind = type(value)
    if kind is int or kind is Decimal:
        return format_number(value, params)  # type: ignore[arg-type]
    if kind is bool:
        return params.get("bt", "Да") if value else params.get("bf", "Нет")
    if kind is datetime:
        return format_date(value, params)  # type: ignore[arg-type]
    return to_string(value)


# ЧЦ, ЧДЦ and ЧГ beyond this are the interpreter's limit (a format string asking for a
# billion digits would build a string of a gigabyte); the platform's numbers have 38.
MAX_FORMAT_DIGITS = 1000
TOO_MANY_DIGITS = (f"Формат: больше {MAX_FORMAT_DIGITS} цифр не поддерживается "
                   "(предел встроенного интерпретатора)")


def _whole(text: str | None, default: int | None) -> int | None:
    if not text or not text.strip().lstrip("-").isdigit():
        return default
    digits = text.strip().lstrip("-")
    if len(digits) > 6 or int(digits) > MAX_FORMAT_DIGITS:
        raise ProgramFault(TOO_MANY_DIGITS)
    return int(text)


def format_number(value: numbers.Number, params: dict[str, str]) -> str:
    fraction_digits = _whole(params.get("nfd"), None)
    if fraction_digits is not None:
        value = numbers.round_number(value, fraction_digits)
    if value == 0 and params.get("nz", "") != "":
        return params["nz"]
    if value == 0 and "nz" not in params:
        return ""
    digits = plain_digits(value, keep_scale=False)
    sign = "-" if digits.startswith("-") else ""
    whole, _, fraction = digits.lstrip("-").partition(".")
    if fraction_digits is not None:
        fraction = fraction.ljust(fraction_digits, "0")[:fraction_digits]
    total_digits = _whole(params.get("nd"), None)
    if total_digits is not None:
        width = total_digits - (fraction_digits or 0)
        if width >= 0 and len(whole.lstrip("0")) > width:
            whole, fraction = "9" * width, "9" * len(fraction)
        elif "nlz" in params:
            whole = whole.rjust(width, "0")
    group_size = _group_size(params.get("ng"))
    english = _english(params)
    grouped = group_digits(whole, params.get("ngs", "," if english else NBSP), group_size)
    separator = params.get("nds") or ("." if english else ",")
    return sign + grouped + (separator + fraction if fraction else "")


def _group_size(text: str | None) -> int:
    """``ЧГ=0``: no grouping; ``ЧГ=3,0`` or default: groups of three."""
    if text is None:
        return 3
    first = text.split(",")[0].strip()
    return _whole(first, 3) if first.isdigit() else 3  # type: ignore[return-value]


_DATE_TOKEN = re.compile(
    r"'[^']*'|yyyy|гггг|yy|гг|MMMM|ММММ|MMM|МММ|MM|ММ|M|М|dd|дд|d|д|HH|ЧЧ|H|Ч|hh|чч|h|ч|mm|мм|m|м"
    r"|ss|сс|s|с"
)


def _date_part(token: str, value: datetime, english: bool = False) -> str:
    long_name = (MONTHS_EN if english else MONTHS_GENITIVE)[value.month - 1]
    short_name = MONTHS_EN[value.month - 1][:3] if english else MONTHS_SHORT[value.month - 1]
    parts = {
        "MMMM": long_name, "ММММ": long_name, "MMM": short_name, "МММ": short_name,
        "yyyy": f"{value.year:04d}", "гггг": f"{value.year:04d}",
        "yy": f"{value.year % 100:02d}", "гг": f"{value.year % 100:02d}",
        "MM": f"{value.month:02d}", "ММ": f"{value.month:02d}",
        "M": str(value.month), "М": str(value.month),
        "dd": f"{value.day:02d}", "дд": f"{value.day:02d}", "d": str(value.day),
        "д": str(value.day), "HH": f"{value.hour:02d}", "ЧЧ": f"{value.hour:02d}",
        "H": str(value.hour), "Ч": str(value.hour),
        "hh": f"{(value.hour - 1) % 12 + 1:02d}", "чч": f"{(value.hour - 1) % 12 + 1:02d}",
        "h": str((value.hour - 1) % 12 + 1), "ч": str((value.hour - 1) % 12 + 1),
        "mm": f"{value.minute:02d}", "мм": f"{value.minute:02d}",
        "m": str(value.minute), "м": str(value.minute),
        "ss": f"{value.second:02d}", "сс": f"{value.second:02d}",
        "s": str(value.second), "с": str(value.second),
    }
    return token[1:-1] if token.startswith("'") else parts[token]


def format_date(value: datetime, params: dict[str, str]) -> str:
    """The empty date is ``ДП`` (or nothing); an empty ``ДП`` with a format formats it
    (``01.01.0001``), as OneScript's tests say the platform does."""
    pattern = params.get("df") or LOCAL_FORMATS.get(params.get("dlf", "").lower())
    if value == EMPTY_DATE and (params.get("de", "") != "" or not pattern or "de" not in params):
        return params.get("de", "")
    if not pattern:
        return to_string(value)
    english = _english(params)
    return _DATE_TOKEN.sub(lambda match: _date_part(match.group(0), value, english), pattern)

"""``DateTime.ToString(format, culture)`` of .NET, as OneScript's ``Формат`` ends in it
(``ДФ=…`` after its letters are mapped to .NET's, ``ДЛФ=…`` as a standard format).

One character is a standard format (``d``, ``D``, ``G`` …, from the culture); anything
longer is a custom format: runs of ``d M y h H m s f F t g z K`` and the separators
``/ :``, quoted text, ``\\`` and ``%``; other characters are copied.  A month name next to a
day number is in the genitive (``7 февраля``).  Hand-written: Python's ``strftime`` knows
neither .NET's tokens nor its genitive months.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime

from portinterp.bsl.library.dotnet.netculture import INVARIANT, Culture
from portinterp.errors import ProgramFault

BAD_FORMAT = ("Внешнее исключение (System.FormatException): "
              "Input string was not in a correct format.")
NO_QUOTE = ("Внешнее исключение (System.FormatException): "
            "Cannot find a matching quote character for the character '{}'.")
ROUND_TRIP = "yyyy'-'MM'-'dd'T'HH':'mm':'ss.fffffffK"
RFC1123 = "ddd, dd MMM yyyy HH':'mm':'ss 'GMT'"
TOKEN_LETTERS = "dMyhHmsfFtgzK"
_TOKEN = re.compile(r"([dMyhHmsfFtgzK])\1*")


def format_datetime(value: datetime, fmt: str, culture: Culture) -> str:
    if len(fmt) > 1:
        return _custom(value, fmt, culture)
    if fmt == "":
        return _custom(value, culture.patterns["G"], culture)
    if fmt in "rR":
        return _custom(value, RFC1123, INVARIANT)
    if fmt in "oO":
        return _custom(value, ROUND_TRIP, culture)
    pattern = culture.patterns.get(fmt)
    if pattern is None:
        raise ProgramFault(BAD_FORMAT)
    return _custom(value, pattern, culture)


def _custom(value: datetime, fmt: str, culture: Culture) -> str:
    out: list[str] = []
    i = 0
    while i < len(fmt):
        ch = fmt[i]
        if ch in TOKEN_LETTERS:
            run = _TOKEN.match(fmt, i).group(0)  # type: ignore[union-attr]
            out.append(_token(value, run, fmt, i, culture, out))
            i += len(run)
        elif ch in "'\"":
            end = fmt.find(ch, i + 1)
            if end < 0:
                raise ProgramFault(NO_QUOTE.format(ch))
            out.append(fmt[i + 1:end])
            i = end + 1
        elif ch == "\\" or ch == "%":
            i = _escape(value, fmt, i, culture, out)
        else:
            out.append({"/": culture.date_separator, ":": ":"}.get(ch, ch))
            i += 1
    return "".join(out)


def _escape(value: datetime, fmt: str, i: int, culture: Culture, out: list[str]) -> int:
    """``\\x``: the character itself; ``%x``: ``x`` as a one-letter custom format."""
    if i + 1 >= len(fmt) or (fmt[i] == "%" and fmt[i + 1] == "%"):
        raise ProgramFault(BAD_FORMAT)
    if fmt[i] == "\\":
        out.append(fmt[i + 1])
    else:
        out.append(_custom(value, fmt[i + 1], culture))
    return i + 2


def _token(value: datetime, run: str, fmt: str, at: int, culture: Culture,
           out: list[str]) -> str:
    letter, size = run[0], len(run)
    return _FIELDS[letter](value, size, culture, lambda: _genitive(fmt, at, size), out)


def _genitive(fmt: str, at: int, size: int) -> bool:
    """A day number (``d`` or ``dd``) anywhere before or after the month's name."""
    others = fmt[:at] + " " + fmt[at + size:]
    return any(len(m.group(0)) <= 2 for m in re.finditer(r"d+", others))


def _day(value: datetime, size: int, culture: Culture, *_: object) -> str:
    if size <= 2:
        return f"{value.day:0{size}d}"
    names = culture.days if size >= 4 else culture.days_short
    return names[(value.weekday() + 1) % 7]


def _month(value: datetime, size: int, culture: Culture,
           genitive: Callable[[], bool], *_: object) -> str:
    if size <= 2:
        return f"{value.month:0{size}d}"
    if size == 3:
        return culture.months_short[value.month - 1]
    names = culture.months_genitive if genitive() else culture.months
    return names[value.month - 1]


def _year(value: datetime, size: int, *_: object) -> str:
    if size <= 2:
        return f"{value.year % 100:0{size}d}"
    return f"{value.year:0{size}d}"


def _hour12(value: datetime, size: int, *_: object) -> str:
    return f"{(value.hour + 11) % 12 + 1:0{min(size, 2)}d}"


def _fraction(value: datetime, size: int, culture: Culture, genitive: object,
              out: list[str], trim: bool = False) -> str:
    if size > 7:
        raise ProgramFault(BAD_FORMAT)
    digits = f"{value.microsecond:06d}0"[:size]
    if not trim:
        return digits
    digits = digits.rstrip("0")
    if not digits and out and out[-1].endswith("."):
        out[-1] = out[-1][:-1]
    return digits


def _designator(value: datetime, size: int, culture: Culture, *_: object) -> str:
    text = culture.am if value.hour < 12 else culture.pm
    return text[:1] if size == 1 else text


def _offset(value: datetime, size: int, *_: object) -> str:
    offset = value.astimezone().utcoffset()
    minutes = int(offset.total_seconds()) // 60 if offset else 0
    sign = "-" if minutes < 0 else "+"
    hours, rest = divmod(abs(minutes), 60)
    if size == 1:
        return f"{sign}{hours}"
    return f"{sign}{hours:02d}" + (f":{rest:02d}" if size >= 3 else "")


_FIELDS: dict[str, Callable[..., str]] = {
    "d": _day, "M": _month, "y": _year, "h": _hour12,
    "H": lambda v, n, *_: f"{v.hour:0{min(n, 2)}d}",
    "m": lambda v, n, *_: f"{v.minute:0{min(n, 2)}d}",
    "s": lambda v, n, *_: f"{v.second:0{min(n, 2)}d}",
    "f": _fraction,
    "F": lambda v, n, c, g, out: _fraction(v, n, c, g, out, trim=True),
    "t": _designator, "g": lambda *_: "A.D.", "z": _offset, "K": lambda *_: "",
}

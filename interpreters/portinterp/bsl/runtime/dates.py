"""The date functions of 1C (``ДеньНедели``, ``НачалоНедели``, ``КонецКвартала``,
``ДобавитьМесяц``, ``ТекущаяУниверсальнаяДата`` …) as OneScript 1.9.2 computes them
(MachineInstance.cs: .NET ``DateTime``; weeks start on Monday, ``НеделяГода`` counts the
week holding 1 January as the first, ``ДобавитьМесяц`` keeps the day or the month's last).

A string argument is read as a date in the OneScript dialect (``Год("20240101")``: its
``AsDate``), exactly as ``Дата("…")`` reads it there: 8, 12 or 14 digits.
"""

from __future__ import annotations

import calendar
import re
from datetime import UTC, datetime, timedelta
from typing import Any

from portinterp.bsl.runtime import numbers
from portinterp.bsl.runtime.conversions import to_number
from portinterp.errors import ProgramFault

ONESCRIPT_NOT_A_DATE = "Преобразование к типу 'Дата' не поддерживается"
BAD_DATE = "Недопустимое значение даты"
EMPTY = datetime(1, 1, 1)
_DIGITS = re.compile(r"[0-9]{8}|[0-9]{12}|[0-9]{14}")


def onescript_date(text: str) -> datetime:
    """``Дата("20240101")`` in OneScript (ValueFactory.Parse): 8, 12 or 14 digits exactly,
    all zeros the empty date."""
    if not _DIGITS.fullmatch(text):
        raise ProgramFault(ONESCRIPT_NOT_A_DATE)
    if not text.strip("0"):
        return EMPTY
    digits = text.ljust(14, "0")
    fields = [int(digits[a:a + 2]) for a in range(4, 14, 2)]
    try:
        return datetime(int(digits[:4]), *fields)
    except ValueError:
        raise ProgramFault(ONESCRIPT_NOT_A_DATE) from None


def as_date(value: Any, dialect: str) -> datetime:
    """A date argument: a date, or (OneScript) a string holding one; else 1C's error."""
    if type(value) is datetime:
        return value
    if dialect == "onescript":
        if type(value) is str:
            return onescript_date(value)
        raise ProgramFault(ONESCRIPT_NOT_A_DATE)
    raise ProgramFault("Неверный тип аргумента")


def day_of_week(date: datetime) -> int:
    return date.isoweekday()


def week_of_year(date: datetime) -> int:
    """.NET ``GetWeekOfYear(date, CalendarWeekRule.FirstDay, DayOfWeek.Monday)``."""
    day = date.timetuple().tm_yday - 1
    jan1 = (date.isoweekday() % 7 - day % 7)  # .NET's day numbers: Sunday 0
    offset = (jan1 - 1 + 14) % 7
    return (day + offset) // 7 + 1


def begin_of_week(date: datetime) -> datetime:
    day = datetime(date.year, date.month, date.day)
    return _shift(day, -(date.isoweekday() - 1))


def end_of_week(date: datetime) -> datetime:
    day = datetime(date.year, date.month, date.day, 23, 59, 59)
    return _shift(day, 7 - date.isoweekday())


def _shift(date: datetime, days: int) -> datetime:
    try:
        return date + timedelta(days=days)
    except OverflowError:
        raise ProgramFault(BAD_DATE) from None


def begin_of_quarter(date: datetime) -> datetime:
    return datetime(date.year, (date.month - 1) // 3 * 3 + 1, 1)


def end_of_quarter(date: datetime) -> datetime:
    return end_of_month(datetime(date.year, (date.month - 1) // 3 * 3 + 3, 1))


def end_of_month(date: datetime) -> datetime:
    last = calendar.monthrange(date.year, date.month)[1]
    return datetime(date.year, date.month, last, 23, 59, 59)


def add_month(date: datetime, count: Any) -> datetime:
    """.NET ``AddMonths``: the day kept, or the last day of a shorter month."""
    months = date.year * 12 + date.month - 1 + numbers.truncate(to_number(count))
    year, month = divmod(months, 12)
    if not 1 <= year <= 9999:
        raise ProgramFault(BAD_DATE)
    day = min(date.day, calendar.monthrange(year, month + 1)[1])
    return date.replace(year=year, month=month + 1, day=day)


def utc_now() -> datetime:
    """``ТекущаяУниверсальнаяДата``: OneScript keeps the fraction of a second (.NET
    ``DateTime.UtcNow``); shown and formatted without it."""
    return datetime.now(UTC).replace(tzinfo=None)


def utc_milliseconds() -> int:
    """Milliseconds since 0001-01-01 UTC (.NET ticks / 10,000)."""
    delta = datetime.now(UTC).replace(tzinfo=None) - EMPTY
    return delta // timedelta(milliseconds=1)


# canonical name (``library.names_globals.ONE_DATE_ROWS``) -> the function of one date
ONE_DATE = {
    "dayofweek": day_of_week,
    "dayofyear": lambda d: d.timetuple().tm_yday,
    "weekofyear": week_of_year,
    "begofyear": lambda d: datetime(d.year, 1, 1),
    "begofquarter": begin_of_quarter,
    "begofmonth": lambda d: datetime(d.year, d.month, 1),
    "begofweek": begin_of_week,
    "begofday": lambda d: datetime(d.year, d.month, d.day),
    "begofhour": lambda d: datetime(d.year, d.month, d.day, d.hour),
    "begofminute": lambda d: datetime(d.year, d.month, d.day, d.hour, d.minute),
    "endofyear": lambda d: datetime(d.year, 12, 31, 23, 59, 59),
    "endofquarter": end_of_quarter,
    "endofmonth": end_of_month,
    "endofweek": end_of_week,
    "endofday": lambda d: datetime(d.year, d.month, d.day, 23, 59, 59),
    "endofhour": lambda d: datetime(d.year, d.month, d.day, d.hour, 59, 59),
    "endofminute": lambda d: datetime(d.year, d.month, d.day, d.hour, d.minute, 59),
}

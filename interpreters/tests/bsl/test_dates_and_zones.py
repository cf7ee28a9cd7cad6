"""Rules of the date and time-zone functions that OneScript's recordings do not reach: the
platform dialect's time zones (the offset in force at that moment, summer time included, as
1C documents ``УниверсальноеВремя``) and ``НеделяГода`` over thirty years."""

from __future__ import annotations

import io
from datetime import datetime, timedelta
from decimal import Decimal

import pytest

from portinterp.bsl import compile_text, run_program
from portinterp.bsl.runtime.dates import add_month, begin_of_week, end_of_week, week_of_year


def run(code: str, dialect: str) -> str:
    out = io.StringIO()
    run_program(compile_text(code), stdin=io.StringIO(), stdout=out, dialect=dialect)
    return out.getvalue()


def test_week_of_year_starts_on_1_january_and_turns_on_mondays() -> None:
    day = datetime(2000, 1, 1)
    while day.year < 2031:
        after = day + timedelta(days=1)
        if after.year != day.year:
            assert week_of_year(after) == 1
        else:
            step = week_of_year(after) - week_of_year(day)
            assert step == (1 if after.isoweekday() == 1 else 0), after
        day = after


def test_a_week_runs_from_monday_to_sunday() -> None:
    for offset in range(400):
        day = datetime(2024, 1, 1, 13, 14, 15) + timedelta(days=offset)
        start, end = begin_of_week(day), end_of_week(day)
        assert start.isoweekday() == 1 and end.isoweekday() == 7
        assert start <= day <= end and end - start == timedelta(days=6, seconds=86399)


@pytest.mark.parametrize(("date", "months", "expected"), [
    (datetime(2024, 1, 31), 1, datetime(2024, 2, 29)),
    (datetime(2024, 3, 31, 10), -13, datetime(2023, 2, 28, 10)),
    (datetime(2024, 5, 15), Decimal("-1.9"), datetime(2024, 4, 15)),
])
def test_add_month_keeps_the_day_or_takes_the_last(date: datetime, months: object,
                                                   expected: datetime) -> None:
    assert add_month(date, months) == expected


@pytest.mark.parametrize(("dialect", "summer_utc"), [("platform", "10:00:00"),
                                                      ("onescript", "11:00:00")])
def test_summer_time_counts_on_the_platform_and_not_in_onescript(dialect: str,
                                                                 summer_utc: str) -> None:
    code = ('Сообщить(УниверсальноеВремя(\'20240701120000\', "Europe/Berlin"));'
            'Сообщить(УниверсальноеВремя(\'20240115120000\', "Europe/Berlin"));')
    assert run(code, dialect) == f"01.07.2024 {summer_utc}\n15.01.2024 11:00:00\n"


def test_number_of_a_string_with_a_comma_fails_only_in_onescript() -> None:
    code = 'Попытка Сообщить(Формат(Число("1,5"), "ЧДЦ=1")); Исключение Сообщить("ошибка"); ' \
           'КонецПопытки;'
    assert run(code, "platform") == "1,5\n"
    assert run(code, "onescript") == "ошибка\n"

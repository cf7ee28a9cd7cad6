"""``Формат`` in the platform dialect: the locale parameter, short month names and the
empty date under an empty ``ДП`` (the cases of issue 15; what OneScript's own tests say
1C:Enterprise prints)."""

from __future__ import annotations

from datetime import datetime
from decimal import Decimal

import pytest

from portinterp.bsl.runtime.formatting import format_value

DATE = datetime(2014, 2, 7, 2, 25, 17)


@pytest.mark.parametrize(("value", "fmt", "printed"), [
    (Decimal("12345.678"), "L=en_US", "12,345.678"),
    (Decimal("12345.678"), "Л=ru_RU", "12\xa0345,678"),
    (Decimal("123.1234"), "ЧЦ=5; ЧДЦ=2; ЧРД='/'", "123/12"),
    (DATE, "ДФ='д-МММ-гггг'; Л=en_US", "7-Feb-2014"),
    (DATE, "ДФ='дд ММММ гггг'; Л=en_US", "07 February 2014"),
    (DATE, "ДФ='д ММММ гггг'", "7 февраля 2014"),
    (datetime(1, 1, 1), "ДФ='dd.MM.yyyy'; ДП=''", "01.01.0001"),
    (datetime(1, 1, 1), "ДП=''", ""),
    (datetime(1, 1, 1), "ДФ='dd.MM.yyyy'", ""),
    (datetime(1, 1, 1), "ДП=--", "--"),
])
def test_platform_format(value: object, fmt: str, printed: str) -> None:
    assert format_value(value, fmt) == printed

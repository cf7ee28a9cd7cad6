"""The global functions of dates, time zones, XML, URL encoding and files
(``library.names_globals``), and the conversions changed with them, called with arguments of
every kind in both dialects: each ends in a value or a 1C error, never a Python exception."""

from __future__ import annotations

import io
import itertools
from datetime import datetime
from decimal import Decimal
from typing import Any

import pytest

from portinterp.bsl.library.names_globals import GLOBAL_BUILTINS, GLOBAL_ENUMS
from portinterp.bsl.platform import BslRuntime
from portinterp.bsl.runtime.objects import load_types
from portinterp.bsl.runtime.values import NULL, BslArray, BslType
from portinterp.errors import ProgramFault

load_types()
NAMES = [*sorted({row[2] for row in GLOBAL_BUILTINS}),
         "number", "boolean", "date", "char", "round", "year"]
# findfiles reads the disk; sleep (Приостановить) waits as long as it is told ("20240101" is
# 5.6 hours): called with the few values below, not the product.
SAFE = {"findfiles", "sleep"}


def values() -> list[Any]:
    return [None, 0, -1, 10**30, Decimal("-1.9"), "", "GMT+4", "GMT+", "GMT+99999999999",
            "Europe/Berlin", "../x", "20240101", "ae1d6d78c3d54ef0b0962fb4f8e4717e", "%D1%",
            True, datetime(1, 1, 1), datetime(9999, 12, 31, 23, 59, 59), NULL,
            BslType("Число"), BslType("ДопустимаяДлина"), BslType("Массив"), BslArray([]),
            *GLOBAL_ENUMS["статуссообщения"].values(),
            *GLOBAL_ENUMS["способкодированиястроки"].values()]


def calls(name: str) -> itertools.chain[tuple[Any, ...]]:
    few = values()[:8] if name in SAFE else values()
    return itertools.chain([()], itertools.product(few, repeat=1),
                           itertools.product(few[:12], repeat=2),
                           itertools.product(few[:6], repeat=3))


@pytest.mark.parametrize("dialect", ["onescript", "platform"])
@pytest.mark.parametrize("name", NAMES)
def test_each_call_ends_in_a_value_or_a_1c_error(name: str, dialect: str) -> None:
    runtime = BslRuntime(io.StringIO(), io.StringIO(), dialect)
    function = getattr(runtime, f"prim_f_{name}")
    for args in calls(name):
        try:
            function(*args)
        except ProgramFault:
            pass
        except TypeError as error:  # a wrong count: the compiler refuses those calls
            assert "argument" in str(error), (name, args)

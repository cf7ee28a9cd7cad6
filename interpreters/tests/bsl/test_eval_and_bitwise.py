"""``Выполнить``/``Вычислить`` of a text computed at run time, and the ``Побитов…`` functions
with every kind of argument: a catchable 1C error (or a value), never a Python exception.
(What OneScript prints for texts known ahead is recorded in onescript/oracle_eval.)"""

from __future__ import annotations

import io
import itertools
from datetime import datetime
from decimal import Decimal

import pytest

from portinterp.bsl import compile_text, run_program
from portinterp.bsl.library.bitwise import BITWISE_BUILTINS
from portinterp.bsl.platform import BslRuntime
from portinterp.errors import ProgramFault


def run(source: str) -> str:
    out = io.StringIO()
    run_program(compile_text(source), stdin=io.StringIO(), stdout=out, dialect="onescript")
    return out.getvalue()


@pytest.mark.parametrize("statement", [
    'Код = "Сообщить(1)" + Строка(1); Выполнить(Код);',
    'Код = "1"; Код = Код + "+1"; Сообщить(Вычислить(Код));',
])
def test_a_text_computed_at_run_time_fails_catchably(statement: str) -> None:
    source = (f"Попытка\n{statement}\nИсключение\nСообщить(ОписаниеОшибки());\n"
              "КонецПопытки;\nСообщить(\"дальше\");\n")
    lines = run(source).splitlines()
    assert "OneScript" in lines[0] and lines[1] == "дальше"


def test_a_module_level_text_assigns_module_names() -> None:
    assert run('Выполнить "Х = 2; У = Х * 3"; Сообщить(У + Вычислить("Х"));') == "8\n"


ARGUMENTS = [None, 0, 1, -1, 2**32, 31, 32, Decimal("1.5"), "3", "x", True,
             datetime(2020, 1, 1)]


@pytest.mark.parametrize("canonical,count", [(row[2], row[4]) for row in BITWISE_BUILTINS])
def test_bitwise_functions_never_leak(canonical: str, count: int) -> None:
    function = getattr(BslRuntime, f"prim_f_{canonical}")
    for args in itertools.product(ARGUMENTS, repeat=count):
        try:
            result = function(None, *args)
        except ProgramFault:
            continue
        assert isinstance(result, (bool, int))

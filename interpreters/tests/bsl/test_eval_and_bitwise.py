"""``Выполнить``/``Вычислить`` of a text computed at run time, and the ``Побитов…`` functions
with every kind of argument: a catchable 1C error (or a value), never a Python exception.
(What OneScript prints is recorded in onescript/oracle_eval and onescript/eval_runtime.)"""

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


@pytest.mark.parametrize("statement,printed", [
    ('Код = "Сообщить(1)"; Код = Код + "; Сообщить(2)"; Выполнить(Код);', "1\n2"),
    ('Код = "1"; Код = Код + "+1"; Сообщить(Вычислить(Код));', "2"),
    ('Для Н = 1 По 3 Цикл Выполнить("С = " + Н); КонецЦикла; Сообщить(С);', "3"),
])
def test_a_text_computed_at_run_time_runs(statement: str, printed: str) -> None:
    assert run(f"С = 0;\n{statement}\n") == printed + "\n"


@pytest.mark.parametrize("text", ["Сообщить(1)1", "Х = ", "Процедура А() КонецПроцедуры",
                                  "Возврат 1", "НетТакой()", "1 / 0"])
def test_a_text_that_fails_fails_catchably(text: str) -> None:
    source = (f"Попытка\nВыполнить(\"{text}\");\nИсключение\nСообщить(\"!\" + "
              "ОписаниеОшибки());\nКонецПопытки;\nСообщить(\"дальше\");\n")
    lines = run(source).splitlines()
    assert lines[0].startswith("!") and lines[-1] == "дальше"


def test_a_name_the_text_assigns_is_the_texts_own() -> None:
    """OneScript: the text's new names end with it; the module does not know them."""
    from portinterp.errors import CompileError

    assert run('Выполнить "Х = 2"; Сообщить(Вычислить("2 + 2"));') == "4\n"
    with pytest.raises(CompileError, match="Переменная не определена"):
        compile_text('Выполнить "Х = 2"; Сообщить(Х);')


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


@pytest.mark.parametrize("source,place", [
    ('Сообщить("до");\nН = 0;\n~Начало:\nН = Н + 1;\nЕсли Н < 3 Тогда\n'
     '\tПерейти ~Начало;\nКонецЕсли;\nСообщить(Н);\n', (3, 1)),
    ('Сообщить("до");\nПерейти ~Конец;\nСообщить("пропущено");\n~Конец:\n'
     'Сообщить("после");\n', (2, 9)),
])
def test_labels_are_refused_in_the_onescript_dialect(source: str, place: tuple) -> None:
    """OneScript 1.9.2 has no labels: it stops before running anything at the first ``~``
    with «Неизвестный символ ~» (found on it: ``{Модуль … / Ошибка в строке: 3,1 / …}``
    and ``2,9`` for these two); the platform dialect runs them."""
    from portinterp.errors import RunError

    out = io.StringIO()
    with pytest.raises(RunError) as error:
        run_program(compile_text(source), stdin=io.StringIO(), stdout=out,
                    dialect="onescript")
    assert (error.value.line, error.value.col, error.value.message) == (
        *place, "Неизвестный символ ~")
    assert out.getvalue() == ""
    out = io.StringIO()
    run_program(compile_text(source), stdin=io.StringIO(), stdout=out)
    assert out.getvalue().startswith("до\n")

"""The preprocessor's errors (``frontend/preprocessor.py``): each source below was run on
OneScript 1.9.2, which refused it before running anything, printing
``{Модуль … / Ошибка в строке: N,C / message}`` with the line and message recorded here (the
branches it keeps are checked by ``onescript/preprocessor.bsl``)."""

from __future__ import annotations

import pytest

from portinterp.bsl import compile_text
from portinterp.errors import CompileError


@pytest.mark.parametrize("source,line,message", [
    ("Сообщить(1);\n#Использовать logos\n", 2, "Недопустимая директива:Использовать"),
    ("#Если Windows\n или Linux\n Тогда\n#КонецЕсли\nСообщить(1);\n", 2,
     "Неожиданное завершение директивы"),
    ("#Если Linux Тогда\nСообщить(1);\n#Иначе\nэто мусор\n#КонецЕсли\n#Область Х\n#Штука\n"
     "Сообщить(2);\n", 8, "Недопустимая директива:Штука"),
    ("#Если Linux Тогда\nСообщить(1);\n", 3,
     "Ожидается завершение директивы препроцессора #Если"),
    ("#Область Х\nСообщить(1);\n", 3, "Ожидается завершение директивы препроцессора #Область"),
])
def test_onescript_refuses_these_at_its_line(source: str, line: int, message: str) -> None:
    with pytest.raises(CompileError) as error:
        compile_text(source)
    assert (error.value.line, error.value.message) == (line, message)


def test_a_branch_left_out_may_hold_anything_and_keeps_the_line_numbers() -> None:
    with pytest.raises(CompileError) as error:
        compile_text("#Если Windows Тогда\n!!\n#Иначе\nА = ;\n#КонецЕсли\n")
    assert error.value.line == 4

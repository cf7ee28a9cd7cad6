"""Random programs over the object types (ТаблицаЗначений, СписокЗначений, ОписаниеТипов,
Структура.Свойство(Ключ, Значение)): each statement in a ``Попытка`` that prints what it
caught.  Whatever the statements, the program ends in output or a 1C error, never a Python
exception, and the specialised compilation and the general one (no ``specialise``) print
the same."""

from __future__ import annotations

import io
from collections.abc import Callable

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp import bsl
from portinterp.bsl.frontend.lower import ModuleLowering
from portinterp.bsl.frontend.parser import parse
from portinterp.bsl.frontend.source import normalise
from portinterp.bsl.platform import BslRuntime
from portinterp.core.program import Program, compile_module
from portinterp.errors import CompileError, RunError

VALUES = ["1", "-2", "1.5", '"а"', '"Б"', "Истина", "Неопределено", "'20200101'", "Null"]
STATEMENTS = [
    'Т.Добавить().К = {v};',
    'Т.Вставить({i}).Д = {v};',
    'Т.Сортировать("К {d}, Д");',
    'Т.Свернуть("К", "Д");',
    'Сообщить(Т.Итог("Д"));',
    'Т.Удалить({i});',
    'Т.Сдвинуть({i}, {j});',
    'Сообщить(Т.Количество());',
    'Сообщить(Т.Найти({v}, "К") = Неопределено);',
    'Т.ЗагрузитьКолонку(Т.ВыгрузитьКолонку("К"), "Д");',
    'Сообщить(Т[{i}].К);',
    'С.Добавить({v}, Строка({v}));',
    'С.СортироватьПоЗначению(НаправлениеСортировки.{d});',
    'Сообщить(С[{i}].Значение);',
    'С.Сдвинуть({i}, {j});',
    'Сообщить(С.НайтиПоЗначению({v}) = Неопределено);',
    'Сообщить(О.ПривестиЗначение({v}));',
    'Сообщить(Стр.Свойство("К", Значение)); Сообщить(Значение);',
    'Стр.Вставить("К", {v});',
    'Ф = Новый ФиксированнаяСтруктура(Стр); Сообщить(Ф.Количество());',
]
HEAD = ('Т = Новый ТаблицаЗначений;\nТ.Колонки.Добавить("К");\nТ.Колонки.Добавить("Д");\n'
        "С = Новый СписокЗначений;\nСтр = Новый Структура;\nЗначение = 0;\n"
        'О = Новый ОписаниеТипов("Число, Строка", Новый КвалификаторыЧисла(5, 1), '
        "Новый КвалификаторыСтроки(3));\n")

statement = st.builds(
    lambda template, v, i, j, d: template.format(v=v, i=i, j=j, d=d),
    st.sampled_from(STATEMENTS), st.sampled_from(VALUES), st.integers(-1, 4),
    st.integers(-3, 3), st.sampled_from(["Возр", "Убыв"]))
programs = st.lists(statement, min_size=1, max_size=25).map(
    lambda lines: HEAD + "".join(
        f"Попытка\n\t{line}\nИсключение\n\tСообщить(ИнформацияОбОшибке().Описание);\n"
        "КонецПопытки;\n" for line in lines))


def outcome(compile_: Callable[[], Program]) -> str:
    out = io.StringIO()
    try:
        bsl.run_program(compile_(), stdin=io.StringIO(), stdout=out, dialect="onescript")
    except (CompileError, RunError) as error:
        return out.getvalue() + f"!{error}"
    return out.getvalue()


def general(text: str) -> Program:
    module = ModuleLowering("p.bsl").module(parse(normalise(text), "p.bsl"))
    return compile_module(module, BslRuntime)


@settings(max_examples=60, deadline=None)
@given(programs)
def test_object_programs_never_leak_and_compile_alike(text: str) -> None:
    usual = outcome(lambda: bsl.compile_text(text, "p.bsl"))
    assert "!p.bsl" not in usual  # compiled and ran to its end (every statement is guarded)
    assert outcome(lambda: general(text)) == usual

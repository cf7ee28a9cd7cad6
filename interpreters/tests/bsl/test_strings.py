"""The 1C string functions and string order in both dialects (the OneScript dialect's values
are also checked against OneScript's recorded runs: ``onescript/strings_*``)."""

from __future__ import annotations

import io
from itertools import pairwise

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portinterp.bsl import compile_text, run_program
from portinterp.bsl.runtime.collation import collation_key, compare_strings, string_less
from portinterp.bsl.runtime.format_params import param_value, parse_params
from portinterp.errors import ProgramFault


def shown(expression: str, dialect: str = "platform") -> str:
    """What ``Сообщить(expression)`` prints, or the error's text."""
    text = ("Попытка\n"
            f"    Сообщить({expression});\n"
            "Исключение\n"
            "    Сообщить(\"ошибка: \" + ИнформацияОбОшибке().Описание);\n"
            "КонецПопытки;\n")
    out = io.StringIO()
    run_program(compile_text(text, "t.bsl"), stdin=io.StringIO(), stdout=out, dialect=dialect)
    return out.getvalue().rstrip("\n")


BOTH = pytest.mark.parametrize("dialect", ["platform", "onescript"])


@BOTH
@pytest.mark.parametrize(("expression", "expected"), [
    ('"ё" < "ж"', "Да"), ('"Z" < "a"', "Нет"), ('"a" < "Z"', "Да"), ('"а" < "Б"', "Да"),
    ('"а" < "А"', "Да"), ('"z" < "а"', "Да"), ('"10" < "9"', "Да"), ('"coop" < "co-op"', "Да"),
    ('Макс("Z", "a", "ё", "ж", "Я")', "Я"), ('Мин("Z", "a", "ё", "ж")', "a"),
    ('СтрСравнить("a", "A")', "0"), ('СтрСравнить("ё", "е")', "1"), ('СтрСравнить("Б", "а")', "1"),
])
def test_strings_order_by_the_russian_culture(expression: str, expected: str,
                                              dialect: str) -> None:
    assert shown(expression, dialect) == expected


@BOTH
@pytest.mark.parametrize(("expression", "expected"), [
    ('СтрНайти("Один,Два,Три", ",", НаправлениеПоиска.СКонца, , 2)', "5"),
    ('СтрНайти("Один,Два,Три,", ",", НаправлениеПоиска.СКонца, 12, 2)', "5"),
    ('СтрНайти("Один,Два,Три", ",", , , 2)', "9"),
    ('СтрНайти("1,2,3", ",", , 3)', "4"),
    ('СтрНайти("abc", "c", , 4)', "ошибка: Неверное значение аргумента"),
    ('СтрНачинаетсяС("Проверка", "")', "ошибка: Ошибка при вызове метода контекста "
     "(СтрНачинаетсяС): Недопустимое значение параметра (параметр номер '2')"),
    ('СтрЗаканчиваетсяНа("", "")', "Нет"),
    ('СтрРазделить("", ",", Ложь).Количество()', "0"),
    ('СтрСоединить(СтрРазделить("a b  c", ""), "|")', "a|b||c"),
    ("""НСтр("ru = 'Строка1'; en = 'Строка2'", "en")""", "Строка2"),
    ("""НСтр("de = 'a'; en = 'b'")""", "b"),
    ('СтрШаблон(,)', ""),
    ('Прав("Привет", 10)', "Привет"),
    ('ТРег("a1b c+d e.f")', "A1b C+d E.F"),
])
def test_string_functions_as_onescript_computes_them(expression: str, expected: str,
                                                     dialect: str) -> None:
    assert shown(expression, dialect) == expected


@pytest.mark.parametrize(("expression", "platform", "onescript"), [
    ('СтрЗаменить("abc", "", "x")', "abc", "ошибка: Внешнее исключение "
     "(System.ArgumentException): String cannot be of zero length.\nParameter name: oldValue"),
    ('"[" + СтрПолучитьСтроку("a", 2) + "]"', "[]", "ошибка: Внешнее исключение "
     "(System.IndexOutOfRangeException): Index was outside the bounds of the array."),
    ('СтрДлина(Символ(70000))', "1", "0"),
    ('"[" + Сред("Привет", 2, -1) + "]"', "[]", "[ривет]"),
    ('Сред(12345, 2, 2)', "2" + "\xa0", "23"),
    ('СтрНайти("abc", "c", 1)', "ошибка: Неверный тип аргумента",
     "ошибка: Внешнее исключение (System.InvalidCastException): Specified cast is not valid."),
])
def test_where_the_dialects_differ(expression: str, platform: str, onescript: str) -> None:
    assert shown(expression, "platform") == platform
    assert shown(expression, "onescript") == onescript


def test_nstr_parameters_are_read_as_onescript_reads_them() -> None:
    pairs = parse_params("ru = 'Это ''цитата'''; en = plain ;ru=\"Два\"")
    assert pairs == [("ru", "Это 'цитата'"), ("en", "plain"), ("ru", "Два")]
    assert param_value(pairs, "RU") == "Два"
    assert param_value(pairs, "de") is None
    with pytest.raises(ProgramFault, match="ArgumentOutOfRangeException"):
        parse_params("ru = 'a'; ")


TEXT = st.text(alphabet=st.sampled_from("aAbBzZ-' .1_ёЁеЕжЖ№«"), max_size=6)


@given(TEXT, TEXT)
def test_the_order_is_a_total_preorder_consistent_with_compare(a: str, b: str) -> None:
    assert compare_strings(a, b) == -compare_strings(b, a)
    assert string_less(a, b) == (compare_strings(a, b) < 0)
    assert (collation_key(a) == collation_key(b)) == (compare_strings(a, b) == 0)


@given(st.lists(TEXT, max_size=8))
def test_sorting_by_key_agrees_with_less(words: list[str]) -> None:
    ordered = sorted(words, key=collation_key)
    assert not any(string_less(b, a) for a, b in pairwise(ordered))

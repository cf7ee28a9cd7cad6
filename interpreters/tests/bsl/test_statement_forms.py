"""Two forms of the generated code, against the general operators (which bind every
argument first): an item store ``М[i] = x`` written in place (its base and index names or
literals, its value calling no procedure), and a counted loop whose literal bounds stand
as themselves instead of in names (a counter passed to a call is lowered otherwise: the
loops below print ``Ж * 1``), and ``x = s + v`` of a string s as Python's + in a
``try``, the general + when Python refuses v.  Each case prints or fails as the general program."""

from __future__ import annotations

import io

import pytest

from portinterp.bsl import compile_text
from portinterp.errors import RunError

from .test_specialised_differential import general, same_outcome

FUNCTION = "Функция Обнулить(Х)\n Х = 0;\n Возврат 7;\nКонецФункции\n"

STORES = {
    "in a loop": "Для Ж = 0 По 8 Цикл М[Ж] = Ж * 2 + М[9] ; КонецЦикла; Сообщить(М[8]);",
    "a failing value": "М[1] = 1;\nМ[2] = М[1] / 0;",
    "a failing value past the end": "М[20] = Сред(С, 0, 1) + 1 / 0;",
    "past the end": "Для Ж = 8 По 12 Цикл М[Ж] = Ж; КонецЦикла;",
    "negative": "К = 0 - 1;\nМ[К] = 1;",
    # the call changes К (by reference): the index is read before it, as in 1C
    "a call in the value": "К = 2;\nМ[К] = Обнулить(К);\nСообщить(М[2]);\nСообщить(М[0]);",
    "a string index": "М[\"1\"] = 1;",
}


def in_procedure(body: str) -> str:
    return (FUNCTION + "Процедура П()\n Перем М, С, К;\n М = Новый Массив(10);\n М[9] = 1;\n"
            f" С = \"абв\";\n{body}\nКонецПроцедуры\nП();\n")


@pytest.mark.parametrize("name", list(STORES))
def test_item_stores_run_alike(name: str) -> None:
    same_outcome(in_procedure(STORES[name]))


def test_a_store_is_written_in_place_only_without_a_call() -> None:
    source = compile_text(in_procedure(STORES["in a loop"] + "\n" + STORES["a call in the value"]),
                          "p.bsl").python_source
    assert "v_м.items[v_ж] = (t1_ + t2_ if " in source
    assert "t3_.items[t4_] = t6_" in source  # base, index and the call's value bound first


LOOPS = {
    "ascending": "Для Ж = 1 По 3 Цикл Сообщить(Ж * 1); КонецЦикла; Сообщить(Ж);",
    "never runs": "Для Ж = 3 По 1 Цикл Сообщить(Ж * 1); КонецЦикла; Сообщить(Ж);",
    "negative": "Для Ж = -2 По -1 Цикл Сообщить(Ж * 1); КонецЦикла; Сообщить(Ж);",
    "fraction": "Для Ж = 1.5 По 3 Цикл Сообщить(Ж * 1); КонецЦикла; Сообщить(Ж);",
    "fraction end": "Для Ж = 1 По 2.5 Цикл Сообщить(Ж * 1); КонецЦикла; Сообщить(Ж);",
    "a string end": "Для Ж = 0 По \"3\" Цикл Сообщить(Ж * 1); КонецЦикла;",
    "undefined end": "Для Ж = 0 По Неопределено Цикл Сообщить(Ж * 1); КонецЦикла;",
    "a variable end changed": "К = 2;\nДля Ж = 0 По К Цикл К = 0; Сообщить(Ж * 1); КонецЦикла; "
                              "Сообщить(Ж);",
    "break": "Для Ж = 0 По 5 Цикл Если Ж = 2 Тогда Прервать; КонецЕсли; КонецЦикла; "
             "Сообщить(Ж);",
}


@pytest.mark.parametrize("name", list(LOOPS))
def test_loops_with_literal_bounds_run_alike(name: str) -> None:
    same_outcome(in_procedure(LOOPS[name]))
    same_outcome(LOOPS[name])  # module variables too


def test_literal_bounds_stand_as_themselves() -> None:
    loop = "Для Ж = 1 По 3 Цикл Сообщить(Ж * 1); КонецЦикла;"
    same_outcome(in_procedure(loop))
    source = compile_text(in_procedure(loop), "p.bsl").python_source
    assert "for v_ж in range(1, 3 + 1):" in source


# ---- x = s + v of a string s: Python's + in a try, the general + on TypeError -----------

ITEMS = ["\"б\"", "Неопределено", "7", "2.5", "1000000", "Истина", "'20240101'", "Null",
         "Новый Массив(1)", "Новый Структура"]


def warned_outcome(program: object) -> str:
    """Output, error and warnings (the warning of a number joined to a string names the
    statement's line)."""
    from portinterp.bsl import run_program

    out = io.StringIO()
    try:
        warnings = run_program(program, stdin=io.StringIO(), stdout=out)  # type: ignore[arg-type]
    except RunError as error:
        return out.getvalue() + f"!{error}"
    return out.getvalue() + "|".join(warnings)


@pytest.mark.parametrize("item", ITEMS)
def test_a_string_joined_to_any_item_runs_alike(item: str) -> None:
    text = in_procedure(f"М[0] = {item};\nС = \"а\";\nДля Ж = 0 По 1 Цикл\n С = С + М[Ж];\n"
                        "КонецЦикла;\nСообщить(С);")
    source = compile_text(text, "p.bsl").python_source
    assert "except TypeError:" in source  # the try form is the one tested
    assert warned_outcome(compile_text(text, "p.bsl")) == warned_outcome(general(text))


@pytest.mark.parametrize("item", ITEMS)
def test_a_string_joined_inside_попытка_runs_alike(item: str) -> None:
    text = (f"М = Новый Массив(1);\nМ[0] = {item};\nС = \"а\";\nПопытка\n С = С + М[0];\n"
            " Сообщить(С);\nИсключение\n Сообщить(\"!\" + ОписаниеОшибки());\n"
            "КонецПопытки;\n")
    assert warned_outcome(compile_text(text, "p.bsl")) == warned_outcome(general(text))


def test_the_try_form_is_not_used_where_blocks_run_out() -> None:
    """Deeply nested loops: where a try would pass Python's limit of nested blocks, the
    expression form is used, and the program still compiles and runs alike."""
    depth = 14
    loops = "".join(f"Для Ж{n} = 0 По 1 Цикл\n" for n in range(depth))
    ends = "КонецЦикла;\n" * depth
    text = in_procedure(f"М[0] = 1;\nС = \"\";\n{loops}С = С + М[0];\n{ends}"
                        "Сообщить(СтрДлина(С));")
    assert warned_outcome(compile_text(text, "p.bsl")) == warned_outcome(general(text))

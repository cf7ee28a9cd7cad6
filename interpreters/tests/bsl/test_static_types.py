"""Static types (``static_types``, ``definite``) and the operator variants they select
(``specialise``): the inferred types of small programs, and programs whose 1C result
would change if a fast variant were chosen unsoundly (each expectation is reasoned from
1C's rules, not recorded from a run)."""

from __future__ import annotations

import io

import pytest

from portinterp.bsl import compile_text, run_program
from portinterp.bsl.frontend.lower import ModuleLowering
from portinterp.bsl.frontend.parser import parse
from portinterp.bsl.frontend.source import normalise
from portinterp.bsl.frontend.static_types import StaticTypes
from portinterp.errors import RunError

NOT_A_NUMBER = "Преобразование значения к типу Число не может быть выполнено"
OUT_OF_RANGE = "Индекс находится за границами массива"


def infer(text: str) -> StaticTypes:
    lowerer = ModuleLowering("t.bsl")
    module = lowerer.module(parse(normalise(text), "t.bsl"))
    return StaticTypes(module, lowerer.initial)


def kinds(types: StaticTypes, name: str, proc: str = "") -> set[str]:
    return set(types.variables[(proc, name)])


def run(text: str) -> str:
    out = io.StringIO()
    run_program(compile_text(text, "t.bsl"), stdin=io.StringIO(), stdout=out)
    return out.getvalue()


def run_error(text: str) -> str:
    with pytest.raises(RunError) as error:
        run(text)
    return str(error.value)


# ---- inferred types ----------------------------------------------------------------------


def test_division_of_whole_numbers_is_a_number_not_a_whole_number() -> None:
    types = infer("А = 7 / 2;\nБ = Цел(7 / 2);\nВ = 7 % 2;")
    assert kinds(types, "а") == {"nat", "neg", "dec"}
    assert kinds(types, "б") == {"nat"}
    assert kinds(types, "в") == {"nat"}


def test_a_variable_given_two_kinds_keeps_both() -> None:
    types = infer("А = 1;\nЕсли А > 0 Тогда\n А = \"один\";\nКонецЕсли;")
    assert kinds(types, "а") == {"nat", "str"}


def test_variable_assigned_only_new_arrays_is_an_array() -> None:
    types = infer("М = Новый Массив(2);\nМ = Новый Массив;\nН = М;")
    assert kinds(types, "м") == {"array"}
    assert kinds(types, "н") == {"array"}


def test_by_reference_parameter_assignment_reaches_the_argument_variable() -> None:
    types = infer("Процедура Сделать(Х)\n Х = \"т\";\nКонецПроцедуры\nА = 1;\nСделать(А);")
    assert kinds(types, "а") == {"nat", "str"}


def test_function_that_may_fall_off_its_end_returns_undefined_too() -> None:
    types = infer("Функция Ф(Х)\n Если Х > 0 Тогда\n  Возврат 1;\n КонецЕсли;\nКонецФункции\n"
                  "А = Ф(1);")
    assert types.returns["ф"] == {"nat", "undef"}


# ---- runs whose result depends on the types being sound ---------------------------------


def test_by_reference_string_then_plus_converts_by_the_left_operand() -> None:
    # А becomes "т" inside Сделать; "т" + 1 is the string "т1" (+ converts by its left).
    text = ("Процедура Сделать(Х)\n Х = \"т\";\nКонецПроцедуры\nА = 1;\nСделать(А);\n"
            "Сообщить(А + 1);")
    assert run(text) == "т1\n"


def test_module_variable_read_before_any_assignment_is_undefined() -> None:
    # П() runs first while Х is still Неопределено: Неопределено + 1 is a 1C error.
    text = ("Перем Х;\nПроцедура П()\n Сообщить(Х + 1);\nКонецПроцедуры\nП();\nХ = 1;\nП();")
    assert run_error(text) == f"t.bsl:3:2: {NOT_A_NUMBER}"


def test_module_variable_assigned_before_every_call_is_whole() -> None:
    text = ("Перем Х;\nПроцедура П()\n Сообщить(Формат(Х * 2, \"ЧГ=0\"));\nКонецПроцедуры\n"
            "Х = 21;\nП();\nХ = 5;\nП();")
    types = infer(text)
    assert kinds(types, "х") == {"nat"}
    assert run(text) == "42\n10\n"


def test_loop_body_reading_a_variable_assigned_later_in_the_body() -> None:
    # First pass: Х is still Неопределено when it is read.
    text = "Для Н = 1 По 2 Цикл\n Сообщить(Х + 1);\n Х = Н;\nКонецЦикла;"
    assert run_error(text) == f"t.bsl:2:2: {NOT_A_NUMBER}"


def test_variable_assigned_in_one_branch_only_may_be_undefined() -> None:
    text = "Если Ложь Тогда\n У = 1;\nКонецЕсли;\nСообщить(У * 2);"
    assert kinds(infer(text), "у") == {"nat"}  # every assignment: the read adds Неопределено
    assert run_error(text) == f"t.bsl:4:1: {NOT_A_NUMBER}"


def test_function_falling_off_its_end_gives_undefined_to_arithmetic() -> None:
    text = ("Функция Ф(Х)\n Если Х > 0 Тогда\n  Возврат 1;\n КонецЕсли;\nКонецФункции\n"
            "Сообщить(Ф(-1) = Неопределено);\nСообщить(Ф(-1) + 1);")
    out = io.StringIO()
    with pytest.raises(RunError) as error:
        run_program(compile_text(text, "t.bsl"), stdin=io.StringIO(), stdout=out)
    assert out.getvalue() == "Да\n"
    assert str(error.value) == f"t.bsl:7:1: {NOT_A_NUMBER}"


def test_whole_remainder_and_quotient_keep_the_dividends_sign() -> None:
    # -7 % 3 = -7 - 3 * Цел(-7 / 3) = -7 - 3 * (-2) = -1; Цел(-7 / 2) = Цел(-3.5) = -3.
    text = ("А = 0 - 7;\nСообщить(Строка(А % 3));\nСообщить(Строка(Цел(А / 2)));\n"
            "Сообщить(Строка(7 % (0 - 3)));")
    assert run(text) == "-1\n-3\n1\n"


def test_whole_number_plus_string_converts_the_string_to_a_number() -> None:
    assert run("А = 1;\nСообщить(Строка(А + \"2\"));") == "3\n"


def test_exact_decimals_survive_typed_whole_operands() -> None:
    # 1 / 4 = 0,25 exactly (not a whole number); 0,25 * 4 = 1.
    text = "А = 1;\nБ = А / 4;\nСообщить(Строка(Б * 4));\nСообщить(Строка(Б));"
    assert run(text) == "1\n0,25\n"


def test_loop_counter_after_the_loop() -> None:
    # 1C leaves stop + 1 after a loop that ran to its end; a loop that never ran leaves
    # the start value (the runtime's rule for the general case, kept by the fast one).
    text = ("Для Н = 1 По 3 Цикл КонецЦикла;\nСообщить(Строка(Н));\n"
            "Для к = 5 По 3 Цикл КонецЦикла;\nСообщить(Строка(к));")
    assert run(text) == "4\n5\n"


# ---- array bounds on the fast paths --------------------------------------------------------


@pytest.mark.parametrize("statement", ["М[3] = 1;", "М[0 - 1] = 1;", "Сообщить(М[3]);",
                                       "Сообщить(М[0 - 1]);", "Сообщить(М[Инд]);"])
def test_index_outside_a_typed_array_is_the_1c_error(statement: str) -> None:
    text = f"М = Новый Массив(3);\nИнд = 7;\n{statement}"
    assert run_error(text) == f"t.bsl:3:1: {OUT_OF_RANGE}"


def test_index_error_on_a_fast_path_is_caught_by_try() -> None:
    text = ("М = Новый Массив(2);\nПопытка\n М[2] = 1;\nИсключение\n"
            " Сообщить(ОписаниеОшибки());\nКонецПопытки;")
    assert run(text) == OUT_OF_RANGE + "\n"


def test_whole_decimal_index_takes_the_general_path() -> None:
    # 4 / 2 is the whole number 2; 1,5 is not a valid index.
    text = "М = Новый Массив(3);\nМ[4 / 2] = \"x\";\nСообщить(М[2]);\nМ[3 / 2] = 1;"
    out = io.StringIO()
    with pytest.raises(RunError) as error:
        run_program(compile_text(text, "t.bsl"), stdin=io.StringIO(), stdout=out)
    assert out.getvalue() == "x\n"
    assert str(error.value) == "t.bsl:4:1: Неверное значение индекса"


def test_item_assignment_evaluates_base_index_then_value() -> None:
    # The interpreter's order (interpreters/docs/bsl.md): left to right, so М is read before Ф()
    # reassigns it and the item goes into the array М held before the call.
    text = ("Перем М;\nФункция Ф()\n М = Новый Массив(1);\n Возврат \"новый\";\nКонецФункции\n"
            "М = Новый Массив(1);\nСтарый = М;\nМ[0] = Ф();\n"
            "Сообщить(Старый[0]);\nСообщить(М[0] = Неопределено);")
    assert run(text) == "новый\nДа\n"

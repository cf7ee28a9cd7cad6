"""Whole numbers that cannot be negative (``static_types``: kinds ``nat``/``neg``) and
constant strings of known length (``text_lengths``): the variants they allow (no sign test
of ``x % y``, ``Цел(x / y)``, ``М[x]``; ``Сред(s, p, 1)`` as ``s[p - 1]``) print and fail
as the general operators do, and are used where proved and only there.  Expectations of
the inferred kinds are reasoned from 1C's rules; the runs are compared with the program
compiled with general operators only."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.bsl.frontend.lower import lower
from portinterp.bsl.frontend.parser import parse
from portinterp.bsl.frontend.source import normalise
from portinterp.core import ir
from portinterp.core.walk import body_expressions

from .test_specialised_differential import same_outcome
from .test_static_types import infer, kinds

VARIANTS = {"mod_nn", "quotient_nn", "getitem_an", "f_mid_si1", "char_at"}


def used(text: str) -> set[str]:
    """The variants above that the specialised module uses."""
    module = lower(parse(normalise(text), "p.bsl"), "p.bsl")
    names: set[str] = set()
    for body in [module.body, *(proc.body for proc in module.procs)]:
        for node in body_expressions(body):
            if isinstance(node, ir.Prim):
                names.add(node.fn)
            elif isinstance(node, ir.Item):
                names.add(node.getitem_fn)
    return names & VARIANTS


# ---- inferred signs ----------------------------------------------------------------------


def test_sums_products_remainders_and_quotients_of_naturals_are_natural() -> None:
    types = infer("А = 5;\nБ = А * 3 + 1;\nВ = Б % 7;\nГ = Цел(Б / 2);\nД = СтрДлина(\"аб\");\n"
                  "Е = Найти(\"аб\", \"б\");\nЖ = Цел(А);\n")
    for name in "абвгдеж":
        assert kinds(types, name) == {"nat"}, name


def test_a_difference_or_a_negative_operand_may_be_negative() -> None:
    types = infer("А = 5 - 3;\nБ = -1;\nВ = Б % 7;\nГ = Цел(7 / Б);\nД = 7 % Б;\nЕ = -А;\n")
    assert kinds(types, "а") == {"nat", "neg"}
    assert kinds(types, "б") == {"neg"}
    assert kinds(types, "в") == {"nat", "neg"}  # 1C's remainder has the dividend's sign
    assert kinds(types, "г") == {"nat", "neg"}
    assert kinds(types, "д") == {"nat"}  # a natural dividend: 7 % -3 is 1
    assert kinds(types, "е") == {"nat", "neg"}


def test_a_remainder_by_a_fraction_is_no_whole_number() -> None:
    assert kinds(infer("А = 7 % 2.5;"), "а") == {"nat", "neg", "dec"}


def test_a_counter_is_natural_from_a_natural_start_only() -> None:
    types = infer("Для А = 0 По 3 Цикл КонецЦикла;\nДля Б = -1 По 3 Цикл КонецЦикла;\n")
    assert kinds(types, "а") == {"nat"}
    assert kinds(types, "б") == {"nat", "neg"}


def test_a_function_returning_a_remainder_of_a_natural_state_is_natural() -> None:
    """The FreeCell generator: the state is a game number, then remainders of sums and
    products of itself; the function's value is Цел(state / 65536)."""
    text = ("Перем С;\nФункция Г()\n С = (214013 * С + 2531011) % 2147483648;\n"
            " Возврат Цел(С / 65536);\nКонецФункции\nС = 11982;\nА = Г() % 52;\n")
    types = infer(text)
    assert kinds(types, "с") == {"nat"}
    assert types.returns["г"] == {"nat"}
    assert kinds(types, "а") == {"nat"}
    assert used(text) == {"mod_nn", "quotient_nn"}


def test_one_negative_assignment_anywhere_spoils_the_variable() -> None:
    text = ("Перем С;\nФункция Г()\n С = (214013 * С + 2531011) % 2147483648;\n"
            " Возврат Цел(С / 65536);\nКонецФункции\nС = 11982;\nСообщить(Г() % 52);\n"
            "С = -11982;\nСообщить(Г() % 52);\n")
    assert kinds(infer(text), "с") == {"nat", "neg"}
    assert used(text) == set()
    same_outcome(text)


# ---- runs: the variants against the general operators ------------------------------------


def in_procedure(body: str) -> str:
    return ("Процедура П(Н)\n Перем М, С, К, Д;\n М = Новый Массив(10);\n С = \"абвгд\";\n"
            f" К = 0;\n{body}\nКонецПроцедуры\nП(3);\nП(0);\n")


CASES = {
    # a natural dividend and a natural divisor (0 in the second call: the same error)
    "divisor": ("Д = СтрДлина(\"ab\") * 4;\nСообщить(Д % Н);\nСообщить(Цел(Д / Н));",
                ["mod_nn", "quotient_nn"]),
    # ... caught by Попытка: the same description
    "caught": ("Попытка\n Сообщить(СтрДлина(С) % Н);\nИсключение\n "
               "Сообщить(ОписаниеОшибки());\nКонецПопытки;", ["mod_nn"]),
    # an index from a natural variable, past the end: the same error
    "index": ("Д = СтрДлина(С) * 2 + 1;\nСообщить(М[Д - 11 + 10]);\nМ[Д] = 1;",
              ["getitem_an"]),
    # Сред of a constant string at every position it holds, as s[p - 1]
    "char": ("Для Ж = 0 По 4 Цикл Сообщить(Сред(С, Ж + 1, 1) + Сред(С, 5 - Ж, 1)); "
             "КонецЦикла;", ["char_at"]),
    # ... one past the end: not proved, the general one-character variant ("")
    "past the end": ("Для Ж = 0 По 5 Цикл Сообщить(\"[\" + Сред(С, Ж + 1, 1) + \"]\"); "
                     "КонецЦикла;", ["f_mid_si1"]),
    # a second, shorter string: its length bounds the positions
    "shorter": ("Если Н > 0 Тогда С = \"аб\"; КонецЕсли;\nДля Ж = 1 По 3 Цикл "
                "Сообщить(\"[\" + Сред(С, Ж, 1) + \"]\"); КонецЦикла;", ["f_mid_si1"]),
    # a string passed to a procedure (by reference) may come back changed
    "passed": ("Обрезать(С);\nДля Ж = 1 По 5 Цикл Сообщить(\"[\" + Сред(С, Ж, 1) + \"]\"); "
               "КонецЦикла;", ["f_mid_si1"]),
    # Выполнить may assign it (anything: not even known to be a string)
    "executed": ("Выполнить(\"С = \"\"я\"\"\");\nДля Ж = 1 По 5 Цикл "
                 "Сообщить(\"[\" + Сред(С, Ж, 1) + \"]\"); КонецЦикла;", []),
}
CUT = "Процедура Обрезать(Х)\n Х = Лев(Х, 1);\nКонецПроцедуры\n"


@pytest.mark.parametrize("name", list(CASES))
def test_variants_run_alike_and_are_used_where_proved(name: str) -> None:
    body, expected = CASES[name]
    text = CUT + in_procedure(body)
    same_outcome(text)
    assert used(text) == set(expected)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 3), st.integers(-1, 6), st.integers(0, 3),
       st.sampled_from(["Ж", "Ж + 1", "Ж - 1", "2 * Ж", "Цел(Ж / 2) + 1", "Ж % 3 + 1",
                        "5 - Ж", "К + Ж", "Д"]),
       st.sampled_from(["СтрДлина(С)", "Н", "Н * Н", "Д % 4", "К"]))
def test_random_programs_over_naturals_run_alike(start: int, stop: int, big: int,
                                                position: str, divisor: str) -> None:
    body = (f"Д = {big} * СтрДлина(С) + 1;\nДля Ж = {start} По {stop} Цикл\n"
            f" Сообщить(\"[\" + Сред(С, {position}, 1) + \"]\");\n"
            f" Сообщить(Д % ({divisor}));\n Сообщить(Цел(Д / ({divisor})));\n"
            f" Сообщить(М[{position}]);\n К = К + Ж;\nКонецЦикла;")
    same_outcome(in_procedure(body))

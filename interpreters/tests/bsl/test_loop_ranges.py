"""The variants a counted loop's variable allows (``loop_ranges``: no sign test of
``x % y``, ``Цел(x / y)``, ``М[i]``; ``Сред(s, p, 1)`` as one character) print and fail as
the general operators do, and are used where the loop proves them and only there."""

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

VARIANTS = {"mod_nn", "quotient_nn", "getitem_an", "f_mid_si1"}  # getitem_an: an item, read or set


def in_procedure(body: str) -> str:
    return ("Процедура П()\n Перем М, С, Н;\n М = Новый Массив(10);\n С = \"абв\";\n"
            f"{body}\nКонецПроцедуры\nП();\n")


CASES = {
    # the variable stays in 0..9: every test below can go
    "kept": ("Для Ж = 0 По 9 Цикл М[Ж] = Ж % 4 + Цел(Ж / 3); Сообщить(М[9 - Ж]); "
             "КонецЦикла;", ["mod_nn", "quotient_nn", "getitem_an"]),
    # from -2: the index and the dividend may be negative
    "negative start": ("Для Ж = -2 По 3 Цикл Сообщить(Ж % 4); М[Ж] = 1; КонецЦикла;", []),
    # assigned in the body: nothing is known
    "assigned": ("Для Ж = 0 По 5 Цикл Ж = Ж - 3; Сообщить(Цел(Ж / 2)); М[Ж] = 1; "
                 "КонецЦикла;", []),
    # passed to a procedure (by reference): nothing is known
    "passed": ("Для Ж = 0 По 3 Цикл Сообщить(М[Ж]); Сдвиг(Ж); КонецЦикла;", []),
    # past the array's end: the same error
    "past the end": ("Для Ж = 5 По 12 Цикл М[Ж] = Ж; КонецЦикла;", ["getitem_an"]),
    # Сред of one character, inside and outside the string, and at 0 (an error)
    "mid": ("Для Ж = 1 По 5 Цикл Сообщить(\"[\" + Сред(С, Ж, 1) + \"]\"); КонецЦикла;"
            "Сообщить(Сред(С, Ж - 6, 1));", ["f_mid_si1"]),
    # the bounds from an expression of another loop's variable
    "nested": ("Для Ж = 1 По 3 Цикл Для Ы = Ж - 1 По 2 * Ж Цикл Сообщить(М[Ы] = "
               "Неопределено); Сообщить(Ы % Ж); КонецЦикла; КонецЦикла;",
               ["getitem_an", "mod_nn"]),
}
SHIFT = "Процедура Сдвиг(Х)\n Х = Х - 2;\nКонецПроцедуры\n"


@pytest.mark.parametrize("name", list(CASES))
def test_loop_variants_run_alike_and_are_used_where_proved(name: str) -> None:
    body, expected = CASES[name]
    text = SHIFT + in_procedure(body)
    same_outcome(text)
    assert used_variants(text) == set(expected)


def used_variants(text: str) -> set[str]:
    """The loop-range variants the specialised module uses."""
    module = lower(parse(normalise(text), "p.bsl"), "p.bsl")
    names: set[str] = set()
    for body in [module.body, *(proc.body for proc in module.procs)]:
        for node in body_expressions(body):
            if isinstance(node, ir.Prim):
                names.add(node.fn)
            elif isinstance(node, ir.Item):
                names.add(node.getitem_fn)
    return names & VARIANTS


def test_module_variables_are_not_trusted() -> None:
    """A loop over a module variable: any call could change it (nothing is known)."""
    text = ("Перем Ж, М;\nПроцедура Сброс()\n Ж = -5;\nКонецПроцедуры\n"
            "М = Новый Массив(3);\nДля Ж = 0 По 2 Цикл Сброс(); Сообщить(Ж % 2); КонецЦикла;\n")
    same_outcome(text)
    assert used_variants(text) == set()


@settings(max_examples=150, deadline=None)
@given(st.integers(-3, 3), st.integers(-3, 12), st.integers(-2, 4),
       st.sampled_from(["Ж", "Ж + 1", "Ж - 1", "2 * Ж", "Ж * Ж", "Цел(Ж / 2)", "Ж % 3",
                        "9 - Ж", "Ж - Ш"]))
def test_random_loops_run_alike(start: int, stop: int, divisor: int, index: str) -> None:
    body = (f"Для Ж = {start} По {stop} Цикл Ш = {divisor}; "
            f"Сообщить(М[{index}]); М[{index}] = Ж; Сообщить(Ж % {divisor}); "
            f"Сообщить(Цел(Ж / {divisor})); Сообщить(Сред(С, {index}, 1)); КонецЦикла;")
    same_outcome(in_procedure(body.replace("Ш", "Н")))


@pytest.mark.parametrize("size", ["3", "0", "(0 - 1)", "Н", "2.5", "\"2\""])
def test_new_array_of_a_whole_size_runs_alike(size: str) -> None:
    """``Новый Массив(n)``: inline for a whole n, the same array or error as the general
    constructor (a negative n fails; a fraction or a string goes the general way)."""
    text = (f"Н = 2;\nМ = Новый Массив({size});\nСообщить(М.Количество());\n"
            "Для Каждого Х Из М Цикл Сообщить(Х = Неопределено); КонецЦикла;\n")
    same_outcome(text)

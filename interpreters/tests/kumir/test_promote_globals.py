"""Module variables kept in locals of an algorithm that calls no other
(``promote_globals.py``): differential tests against the same program without it —
values back at every return (``выход`` in a loop too), loop variables, tables, values
not set, errors — and the algorithms where they must stay globals."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from .printing import printed as _run
from .printing import printed_without
from .printing import python_source as _source


def _as_globals(text: str) -> str:
    return printed_without("promote_module", text)


_PROGRAM = ("цел г, к\nцелтаб т[1:3]\nалг\nнач\n  г := {start}\n  к := 0\n  т[1] := 0\n"
            "  Ф\n  Ф\n"
            "  вывод г, \" \", к, \" \", т[1]\nкон\n"
            "алг Ф\nнач\n  цел i\n  нц для i от 1 до 3\n    {body}\n  кц\nкон\n")
_BODIES = ["г := г * 2 + i", "г := т[i]", "к := i", "т[i] := г; г := г + 1",
           "если i = 2 то выход все; г := г + 10", "г := г * 100000",
           "нц для к от 1 до 2\n г := г + к\n кц", "вывод г, \" \""]


def test_a_loop_of_a_call_free_algorithm_uses_a_local() -> None:
    text = _PROGRAM.format(start=1, body="г := г * 2 + i")
    assert "v_г_local" in _source(text)
    assert _run(text) == _as_globals(text) == "163 0 0"


def test_an_algorithm_that_calls_another_keeps_its_globals() -> None:
    text = _PROGRAM.format(start=1, body="г := г + i; Г") + "алг Г\nнач\n  г := г * 2\nкон\n"
    assert "v_г_local" not in _source(text)
    assert _run(text) == _as_globals(text)


def test_every_return_copies_back() -> None:
    text = _PROGRAM.format(start=1, body="г := г + 1\n    если i = 2 то выход все")
    assert _run(text) == _as_globals(text)
    assert _run(text).startswith("5 ")


def test_a_value_not_set_is_still_no_value() -> None:
    text = _PROGRAM.format(start="г", body="г := г + 1")
    assert _run(text) == _as_globals(text) == "!t.kum:5:3: Нет значения у величины"
    text = _PROGRAM.format(start=1, body="г := т[i + 1]")
    assert _run(text) == _as_globals(text) == \
        "!t.kum:16:5: Значение элемента таблицы не определено"


@settings(max_examples=40, deadline=None)
@given(start=st.sampled_from(["0", "1", "-7", "2147483647", "г"]),
       bodies=st.lists(st.sampled_from(_BODIES), min_size=1, max_size=3))
def test_promoted_programs_print_and_fail_as_with_globals(start: str, bodies: list[str]) -> None:
    text = _PROGRAM.format(start=start, body="\n    ".join(bodies))
    assert _run(text) == _as_globals(text)

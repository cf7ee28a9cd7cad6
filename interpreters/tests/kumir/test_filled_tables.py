"""Tables filled by a loop (``filled_tables.py``) are read without the «has it a value?»
test only where every item surely has one: differential tests against the same programs
compiled without the pass, and the loops and tables it must leave alone."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from .printing import printed as _run
from .printing import printed_without
from .printing import python_source as _source


def _tested(text: str) -> str:
    return printed_without("fill_module", text)


_PROGRAM = ("алг\nнач\n  целтаб т[{low}:{high}]\n  цел i, к\n  к := 0\n{before}"
            "  нц для i от {first} до {last}\n    {fill}\n  кц\n"
            "  нц для i от {low} до {high}\n    {use}\n  кц\n  вывод \"|\", к\nкон\n{extra}")


def _program(fill: str = "т[i] := i * 3", use: str = "вывод т[i], \" \"", low: int = 1,
             high: int = 6, first: int | None = None, last: int | None = None,
             before: str = "", extra: str = "") -> str:
    return _PROGRAM.format(fill=fill, use=use, low=low, high=high, before=before,
                           first=low if first is None else first,
                           last=high if last is None else last, extra=extra)


def _tests_items(text: str) -> bool:
    return "P_undefined_item" in _source(text)


def test_a_filled_table_is_read_without_the_test() -> None:
    for low in (0, 1, -2):
        text = _program(low=low, use=f"вывод т[i], \" \", т[{low + 6} - i] * 2, \" \"")
        assert not _tests_items(text), low
        assert _run(text) == _tested(text)
    text = _program(use="к := к + т[i * 2]")  # an index still checked: only the bound
    assert not _tests_items(text) and "P_out_of_bounds" in _source(text)
    assert _run(text) == _tested(text)
    assert _run(text).endswith("t.kum:10:5: Выход за границу таблицы")


def test_loops_that_may_leave_items_without_a_value() -> None:
    for kwargs in [dict(first=2), dict(last=5), dict(fill="если i > 1 то т[i] := i все"),
                   dict(fill="т[i] := i; если i = 4 то выход все"),
                   dict(fill="т[7 - i] := i"), dict(fill="т[i] := i; i := 2"),
                   dict(use="вывод т[i]; Ф(т)"),
                   dict(fill="к := i")]:
        extra = "алг Ф(аргрез целтаб т[1:6])\nнач\n  т[2] := 1\nкон\n"
        text = _program(**kwargs, extra=extra)  # type: ignore[arg-type]
        assert _tests_items(text), kwargs
        assert _run(text) == _tested(text), kwargs


def test_reads_before_the_filling_loop_keep_the_test() -> None:
    text = _program(before="  вывод т[3]\n")
    assert _tests_items(text)
    assert _run(text) == _tested(text) == "!t.kum:6:9: Значение элемента таблицы не определено"


@settings(max_examples=60, deadline=None)
@given(fill=st.sampled_from(["т[i] := i", "т[i] := div(60, i - 3)", "т[i] := i; т[7 - i] := 0",
                             "т[i] := i; i := 1", "если i <> 2 то т[i] := i все",
                             "т[i] := 2147483647 + i - 3"]),
       use=st.sampled_from(["вывод т[i], \" \"", "к := к + т[i]", "т[i] := т[7 - i] + 1",
                            "вывод т[mod(i * 5, 6) + 1]", "вывод т[i + 1]"]),
       first=st.integers(0, 2), last=st.integers(5, 7))
def test_random_tables_print_and_fail_as_with_the_test(fill: str, use: str, first: int,
                                                       last: int) -> None:
    text = _program(fill=fill, use=use, first=first, last=last)
    assert _run(text) == _tested(text)

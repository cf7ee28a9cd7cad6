"""A table store at an index the range analysis proved within the bounds is a statement
(``т.data[i] = x``, ``KumirRuntime.inline_statements``), not a call of ``setitem``:
differential tests against the same programs with the call — values, a value that fails,
an index computed, a value that calls an algorithm which changes the index's variable."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.kumir.runtime.core import KumirRuntime

from .printing import printed as _run
from .printing import python_source as _source


def _with_calls(text: str) -> str:
    with mock.patch.object(KumirRuntime, "inline_statements", {}):
        return _run(text)


_PROGRAM = ("цел г\nалг\nнач\n  целтаб т[{low}:9]\n  цел i, к\n  г := 1\n"
            "  нц для i от {low} до 9\n    т[i] := i * 10\n  кц\n"
            "  нц для i от {low} до 9\n    {body}\n  кц\n"
            "  нц для i от {low} до 9\n    вывод т[i], \" \"\n  кц\nкон\n"
            "алг цел Ф\nнач\n  г := г + 1\n  знач := г\nкон\n")


def _program(body: str, low: int = 0) -> str:
    return _PROGRAM.format(body=body, low=low)


def test_a_proven_store_is_a_list_store() -> None:
    text = _program("т[i] := т[9 - i + 0] + 1")
    assert "v_т.data[v_i] = " in _source(text) and "P_setitem" not in _source(text)
    assert _run(text) == _with_calls(text) == "91 81 71 61 51 52 62 72 82 92 "
    text = _program("т[i] := т[i] * 2", low=1)
    assert ".data[v_i - 1] = " in _source(text)
    assert _run(text) == _with_calls(text)


def test_a_value_that_fails_stops_at_its_line_with_the_table_unchanged() -> None:
    text = _program("т[i] := div(т[i], i - 3)")
    assert _run(text) == _with_calls(text)
    assert _run(text).endswith("!t.kum:11:5: Деление на ненатуральное число")


@settings(max_examples=60, deadline=None)
@given(index=st.sampled_from(["i", "9 - i", "div(i, 2)", "mod(i * 7, 10)", "9"]),
       value=st.sampled_from(["i", "т[i] + т[9 - i]", "Ф", "т[9 - i] * 2147483", "-т[i]",
                              "div(100, i - 4)", "Ф + т[i]"]),
       low=st.sampled_from([0, 1]))
def test_stores_print_and_fail_as_with_the_call(index: str, value: str, low: int) -> None:
    text = _program(f"т[{index}] := {value}; к := i", low=low)
    assert _run(text) == _with_calls(text)

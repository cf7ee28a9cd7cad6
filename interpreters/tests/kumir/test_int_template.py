"""``int(x)``'s inline template compares ``x`` with the 32-bit bounds as floats before
``floor()``; differential-tested against the template it replaced (floor, then the
integer bounds), which KuMir 2's suite had checked: same output, same error, same place."""

from __future__ import annotations

from unittest import mock

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.kumir.runtime.core import KumirRuntime
from portinterp.kumir.runtime.numbers import INT_MAX, INT_MIN

from .printing import printed as _run

_FLOOR_FIRST = f"(k_ if {INT_MIN} <= (k_ := P_floor({{0}})) <= {INT_MAX} else P_int_overflow())"


def _floor_first(text: str) -> str:
    with mock.patch.dict(KumirRuntime.inline, {"int": _FLOOR_FIRST}):
        return _run(text)


def _program(expression: str) -> str:
    return f"алг\nнач\n  вещ x, y\n  y := 1.0e308\n  вывод int(0.5), \" \", {expression}\nкон\n"


_EDGES = ["2147483647.0", "2147483647.99", "2147483648.0", "-2147483648.0",
          "-2147483648.5", "-2147483649.0", "-0.5", "0.0", "-1.0e-300", "y * 10",
          "y * 10 - y * 10", "x", "int(int(y / 1.0e299) / 3.0)", "2147483647.0 + 0.5"]


def test_edges_of_the_32_bit_range_fail_as_before() -> None:
    for edge in _EDGES:
        text = _program(f"int({edge})")
        assert _run(text) == _floor_first(text), edge
    assert _run(_program("int(y * 10)")) == "!t.kum:5:3: Вещественное переполнение"
    assert _run(_program("int(2147483648.0)")) == "!t.kum:5:3: Целочисленное переполнение"
    assert _run(_program("int(-2147483648.5)")).endswith("Целочисленное переполнение")
    assert _run(_program("int(x)")).endswith("Нет значения у величины")


@settings(max_examples=80, deadline=None)
@given(st.floats(allow_nan=False, allow_infinity=False, min_value=-1e12, max_value=1e12)
       | st.sampled_from([2.0**31, 2.0**31 - 0.5, -2.0**31, -2.0**31 - 1e-6, 1e300]))
def test_int_of_any_value_prints_and_fails_as_before(value: float) -> None:
    text = _program(f"int({value!r}) + 0, \" \", int(-({value!r}))".replace("e+", "e"))
    assert _run(text) == _floor_first(text)

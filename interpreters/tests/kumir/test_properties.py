"""Property tests of KuMir's floor-based ``div``/``mod`` and ``int`` on negatives, run
through a compiled program (so the inline operator templates are what is tested)."""

from __future__ import annotations

import io
import math
from fractions import Fraction

from hypothesis import given
from hypothesis import strategies as st

from portinterp.kumir import compile_text, run_program
from portinterp.kumir.runtime.convert import parse_real

INT32 = st.integers(-(2**31), 2**31 - 1)
POSITIVE = st.integers(1, 2**31 - 1)

DIV_MOD = compile_text("""
алг
нач
  цел a, b
  ввод a, b
  вывод div(a, b), " ", mod(a, b)
кон
""")

INT_OF = compile_text("""
алг
нач
  вещ x
  ввод x
  вывод int(x)
кон
""")


def _run(program: object, stdin: str) -> str:
    out = io.StringIO()
    run_program(program, stdin=io.StringIO(stdin), stdout=out)  # type: ignore[arg-type]
    return out.getvalue()


@given(INT32, POSITIVE)
def test_div_and_mod_are_floor_based(a: int, b: int) -> None:
    quotient, remainder = map(int, _run(DIV_MOD, f"{a} {b}").split())
    assert a == b * quotient + remainder
    assert 0 <= remainder < b
    assert quotient == math.floor(Fraction(a, b))


@given(st.integers(-(2**31), -1), POSITIVE)
def test_negative_dividend_rounds_down_not_toward_zero(a: int, b: int) -> None:
    quotient, _ = map(int, _run(DIV_MOD, f"{a} {b}").split())
    assert quotient <= Fraction(a, b)
    if a % b:  # not exact: floor differs from truncation
        assert quotient == -(-a // b) - 1


@given(st.floats(-2.0**31, 2.0**31 - 1, allow_nan=False))
def test_int_rounds_down(x: float) -> None:
    # ввод reads digit by digit as KuMir does (-5e-324 is 0.0 there): compare with that.
    read = parse_real(repr(x))[0]
    value = int(_run(INT_OF, repr(x)))
    assert value <= read < value + 1

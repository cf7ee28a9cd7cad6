"""Property tests: 1C's ``%``, ``Цел``, ``/`` and ``Окр`` against a direct Decimal model.

The model follows the language definition (1C:Enterprise's 38 digits, the platform
dialect; the OneScript dialect's .NET decimals are in test_netdecimal_properties.py), not
the implementation: ``a % b`` is
``a - b * Цел(a / b)`` (sign of the dividend), ``Цел`` truncates toward zero, ``/`` is
exact division rounded to 38 significant digits, ``Окр`` rounds half away from zero.
Each property runs the expression through a compiled 1C program, so both the inline fast
paths and the runtime's general methods are exercised.
"""

from __future__ import annotations

import io
from decimal import ROUND_DOWN, ROUND_HALF_EVEN, ROUND_HALF_UP, Context, Decimal

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.bsl import compile_text, run_program

EXACT = Context(prec=200)
DIVISION = Context(prec=38, rounding=ROUND_HALF_EVEN)

whole = st.integers(min_value=-10**12, max_value=10**12)
fractional = st.decimals(min_value=-10**6, max_value=10**6, places=4, allow_nan=False,
                         allow_infinity=False)
operand = st.one_of(whole, fractional).map(Decimal)
nonzero = operand.filter(lambda d: d != 0)


def literal(value: Decimal) -> str:
    text = format(value, "f")
    return f"({text})"


def evaluate(expression: str) -> Decimal:
    """The value of a 1C expression in the platform dialect (38 digits), read back from its
    presentation (groups of digits and the decimal comma undone)."""
    out = io.StringIO()
    program = compile_text(f"Сообщить(Строка({expression}));\n", "prop.bsl")
    run_program(program, stdin=io.StringIO(), stdout=out, dialect="platform")
    return Decimal(out.getvalue().strip().replace("\xa0", "").replace(",", "."))


def truncated(value: Decimal) -> Decimal:
    return value.to_integral_value(rounding=ROUND_DOWN)


@settings(max_examples=150, deadline=None)
@given(operand, nonzero)
def test_remainder_keeps_the_sign_of_the_dividend(a: Decimal, b: Decimal) -> None:
    quotient = truncated(EXACT.divide(a, b))
    expected = EXACT.subtract(a, EXACT.multiply(b, quotient))
    assert evaluate(f"{literal(a)} % {literal(b)}") == expected


@settings(max_examples=150, deadline=None)
@given(operand)
def test_int_truncates_toward_zero(a: Decimal) -> None:
    assert evaluate(f"Цел({literal(a)})") == truncated(a)


@settings(max_examples=150, deadline=None)
@given(operand, nonzero)
def test_int_of_a_quotient_truncates_the_exact_quotient(a: Decimal, b: Decimal) -> None:
    assert evaluate(f"Цел({literal(a)} / {literal(b)})") == truncated(EXACT.divide(a, b))


@settings(max_examples=150, deadline=None)
@given(operand, nonzero)
def test_division_is_exact_to_38_digits(a: Decimal, b: Decimal) -> None:
    assert evaluate(f"{literal(a)} / {literal(b)}") == DIVISION.divide(a, b)


@settings(max_examples=150, deadline=None)
@given(operand, st.integers(min_value=-4, max_value=4))
def test_round_is_half_away_from_zero(a: Decimal, digits: int) -> None:
    expected = a.quantize(Decimal(1).scaleb(-digits), rounding=ROUND_HALF_UP, context=EXACT)
    assert evaluate(f"Окр({literal(a)}, {digits})") == expected


def test_model_examples_from_the_issue() -> None:
    assert evaluate("-7 % 3") == -1
    assert evaluate("7.5 % 2") == Decimal("1.5")
    assert evaluate("Окр(-2.5)") == -3
    assert evaluate("Окр(1234.5678, -2)") == 1200
    assert evaluate("214013 * 2147483647") == 459589417745411

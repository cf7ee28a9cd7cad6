"""The OneScript dialect's .NET decimal model (``netdecimal``) against laws checked by hand
(exactness where the result fits, half-a-unit error where it is rounded, the 96-bit and
28-digit limits), and ``Формат`` with any format string never leaking a Python exception.
Exact values OneScript printed are in ``onescript/format_*.onescript.out``."""

from __future__ import annotations

import io
import math
from datetime import datetime
from decimal import Context, Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.bsl import compile_text, run_program
from portinterp.bsl.library.dotnet import netdecimal, onescript_format
from portinterp.bsl.library.dotnet.netdecimal import LIMIT, MAX_SCALE, make, mantissa_of, scale_of
from portinterp.bsl.runtime.formatting import format_value
from portinterp.errors import ProgramFault, RunError

EXACT = Context(prec=300)

scales = st.integers(min_value=0, max_value=MAX_SCALE)
mantissas = st.one_of(st.integers(-10**6, 10**6), st.integers(-(LIMIT - 1), LIMIT - 1))
decimals = st.builds(make, mantissas, scales)
nonzero = decimals.filter(lambda d: d != 0)


def fits(value: object) -> bool:
    return scale_of(value) <= MAX_SCALE and abs(mantissa_of(value)) < LIMIT  # type: ignore[arg-type]


@settings(max_examples=300, deadline=None)
@given(decimals, decimals)
def test_a_sum_that_fits_is_exact_at_the_larger_scale(a: Decimal, b: Decimal) -> None:
    exact = EXACT.add(Decimal(a), Decimal(b))
    scale = max(scale_of(a), scale_of(b))
    if abs(exact.scaleb(scale, EXACT)) < LIMIT:
        result = netdecimal.add(a, b)
        assert result == exact and scale_of(result) == scale


@settings(max_examples=300, deadline=None)
@given(decimals, decimals)
def test_a_product_that_fits_is_exact_at_the_sum_of_the_scales(a: Decimal, b: Decimal) -> None:
    scale = scale_of(a) + scale_of(b)
    product = mantissa_of(a) * mantissa_of(b)
    if product and scale <= MAX_SCALE and abs(product) < LIMIT:
        result = netdecimal.multiply(a, b)
        assert mantissa_of(result) == product and scale_of(result) == scale


@settings(max_examples=300, deadline=None)
@given(decimals, nonzero)
def test_a_quotient_is_within_half_a_unit_of_its_last_digit(a: Decimal, b: Decimal) -> None:
    try:
        quotient = netdecimal.divide(a, b)
    except ProgramFault:  # beyond 2**96: System.OverflowException
        assert abs(EXACT.divide(Decimal(a), Decimal(b))) >= LIMIT - 1
        return
    error = abs(EXACT.subtract(Decimal(quotient), EXACT.divide(Decimal(a), Decimal(b))))
    assert fits(quotient)
    assert error <= Decimal(5).scaleb(-scale_of(quotient) - 1)


@settings(max_examples=300, deadline=None)
@given(decimals, nonzero)
def test_a_remainder_keeps_the_dividends_sign_and_is_smaller_than_the_divisor(
        a: Decimal, b: Decimal) -> None:
    rest = netdecimal.remainder(a, b)
    whole = EXACT.divide(Decimal(a), Decimal(b)).to_integral_value(rounding="ROUND_DOWN")
    assert rest == EXACT.subtract(Decimal(a), EXACT.multiply(Decimal(b), whole))
    assert abs(rest) < abs(b) and (rest == 0 or (rest < 0) == (a < 0))


@settings(max_examples=300, deadline=None)
@given(decimals, st.integers(min_value=0, max_value=MAX_SCALE))
def test_rounding_never_adds_digits_and_moves_ties_away_from_zero(a: Decimal,
                                                                   digits: int) -> None:
    rounded = netdecimal.round_away(a, digits)
    assert scale_of(rounded) == min(scale_of(a), digits)
    error = EXACT.subtract(Decimal(rounded), Decimal(a))
    assert abs(error) <= Decimal(5).scaleb(-digits - 1)
    if abs(error) == Decimal(5).scaleb(-digits - 1):
        assert EXACT.abs(Decimal(rounded)) > EXACT.abs(Decimal(a))  # 29 digits: exactly


@settings(max_examples=300, deadline=None)
@given(st.floats(min_value=1e-9, max_value=1e20) | st.floats(min_value=-1e20, max_value=-1e-9))
def test_a_double_becomes_a_decimal_of_15_significant_digits(x: float) -> None:
    value = Decimal(netdecimal.from_double(x))
    digits = value.normalize().as_tuple().digits
    assert len(digits) <= 15
    assert abs(value - Decimal(x)) <= abs(Decimal(x)) * Decimal("1e-14")


def test_infinities_and_nans_do_not_become_decimals() -> None:
    for x in (math.inf, -math.inf, math.nan, 1e30):
        with pytest.raises(ProgramFault, match="OverflowException"):
            netdecimal.from_double(x)


# ---- never a Python exception --------------------------------------------------------

def outcome(text: str, dialect: str) -> str:
    out = io.StringIO()
    try:
        run_program(compile_text(text, "p.bsl"), stdin=io.StringIO(), stdout=out,
                    dialect=dialect)
    except RunError as error:
        return out.getvalue() + f"!{error}"
    return out.getvalue()


ISSUE_CASES = ["Pow(0, -1)", "Окр(1.5, 40)", 'Формат(1, "ЧДЦ=40")',
               'Формат(54321234567890.0123456789, "ЧЦ=22;ЧВН=1;ЧГ=10,10;ЧДЦ=40; L=en_US")',
               'Формат(0, "ЧН=; ЧДЦ=2")', "Sqrt(-1)", "Log(0)", "Exp(100000)",
               "Pow(2, 100000000000)", "Окр(1, 100000000000)",
               'Формат(1, "ЧДЦ=999999999")', 'Формат(1, "ЧЦ=999999999")']


@pytest.mark.parametrize("dialect", ["platform", "onescript"])
@pytest.mark.parametrize("expression", ISSUE_CASES)
def test_the_issues_tracebacks_are_the_languages_errors(expression: str, dialect: str) -> None:
    text = (f"Попытка\n Сообщить(Строка({expression}));\nИсключение\n"
            " Сообщить(\"ошибка\");\nКонецПопытки;\n")
    printed = outcome(text, dialect)
    assert printed.endswith("\n") and "!" not in printed


format_pieces = st.sampled_from(
    ["ЧЦ=", "ЧДЦ=", "ЧГ=", "ЧРД=", "ЧРГ=", "ЧН=", "ЧВН=", "ЧО=", "Л=", "L=en_US", "ДФ=",
     "ДЛФ=", "ДП=", "БИ=", "NFD=", "'", '"', ";", " ", ",", ".", "-", "0", "3", "9", "12",
     "40", "д", "М", "ММММ", "г", "ч", "Ч", "м", "с", "р", "вв", "%", "\\", "/", "Д", "ДВ",
     "ru_RU", "en", "x"])
format_strings = st.lists(format_pieces, max_size=12).map("".join)
values = st.one_of(decimals, st.integers(-10**30, 10**30), st.booleans(),
                   st.datetimes(min_value=datetime(1, 1, 1), max_value=datetime(9999, 12, 31)))


@settings(max_examples=400, deadline=None)
@given(values, format_strings)
def test_any_format_string_gives_text_or_a_language_error(value: object, fmt: str) -> None:
    for run in (lambda: format_value(value, fmt),
                lambda: _onescript_format(value, fmt)):
        try:
            assert isinstance(run(), str)
        except ProgramFault:
            pass


def _onescript_format(value: object, fmt: str) -> str:
    params = onescript_format.parse_parameters(fmt)
    if isinstance(value, bool):
        return onescript_format.format_boolean(value, params)
    if isinstance(value, datetime):
        return onescript_format.format_date(value, params)
    return onescript_format.format_number(value, params)  # type: ignore[arg-type]

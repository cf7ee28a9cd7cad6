"""Filling inline templates: each argument runs once and in order; constant tests fold."""

from __future__ import annotations

import itertools

import pytest

from portinterp.core.inline import binds_first, fill, fold_constants


def temps() -> itertools.count[int]:
    return itertools.count(1)


def filled(template: str, args: list[str]) -> str:
    counter = temps()
    return fill(template, args, lambda: f"t{next(counter)}_")


@pytest.mark.parametrize(("code", "folded"), [
    ("(x % 8 if x >= 0 and 8 > 0 else P(x, 8))", "(x % 8 if x >= 0 else P(x, 8))"),
    ("(a if type(t) is int is int else b)", "(a if type(t) is int else b)"),
    ("(a if 1 > 2 else b)", "(b)"),
    ("(a if 3 >= 3 else b)", "(a)"),
    ("(a if -1 < 0 else b)", "(a)"),
    # a link between two constants splits the chain; non-constant operands stay once
    ("(a if f(x) < 0 < 1 < g(y) else b)", "(a if f(x) < 0 and 1 < g(y) else b)"),
    # a false link after a link that may have effects keeps the chain as written
    ("(a if f(x) < 0 < -1 else b)", "(a if f(x) < 0 < -1 else b)"),
])
def test_constant_tests_fold(code: str, folded: str) -> None:
    assert fold_constants(code) == folded


def test_code_without_constant_comparisons_is_left_alone() -> None:
    code = "(x  +  1 if x > y else  P_add(x, 1))"
    assert fold_constants(code) == code


def test_positive_literal_divisor_needs_no_test() -> None:
    template = "({0} % {1} if {0} >= 0 and {1} > 0 else P_mod({0}, {1}))"
    assert filled(template, ["(a + b)", "8"]) == \
        "(t1_ % 8 if (t1_ := (a + b)) >= 0 else P_mod(t1_, 8))"


def test_trivial_argument_needs_no_temporary_and_others_bind_at_first_use() -> None:
    template = "({0} % {1} if {0} >= 0 and {1} > 0 else P_mod({0}, {1}))"
    # {1} is first used on the right of `and` (not always run): bound first, in a tuple.
    assert filled(template, ["a", "(b - c)"]) == \
        "((t1_ := (b - c)), (a % t1_ if a >= 0 and t1_ > 0 else P_mod(a, t1_)))[-1]"
    assert binds_first(template, {1})
    assert not binds_first(template, {0})


def test_variable_before_a_procedure_call_is_bound_at_its_turn() -> None:
    template = "({0} + {1} if {1} > 0 else {1})"
    assert filled(template, ["v_n", "f_bump()"]) == \
        "((t1_ := v_n), (t2_ := f_bump()), (t1_ + t2_ if t2_ > 0 else t2_))[-1]"
    assert filled(template, ["v_n", "P_read()"]) == \
        "(v_n + t1_ if (t1_ := P_read()) > 0 else t1_)"

"""``вещ`` intervals (``real_ranges.py``) drop only checks that cannot fail: where one can
fail the program still stops with KuMir's error at its line, and random programs print and
fail as the same programs compiled without the pass."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from .printing import printed as _run
from .printing import printed_without
from .printing import python_source as _source


def _checked(text: str) -> str:
    return printed_without("narrow_reals", text)


_GENERATOR = ("алг\nнач\n  вещ с\n  цел i, к\n  с := {seed}\n  нц для i от 1 до {count}\n"
              "    с := {step}\n    с := с - int(с / {c}) * {c}\n    к := int(с / {d})\n"
              "    вывод к, \" \"\n  кц\nкон\n")


def test_the_freecell_generator_loses_its_checks() -> None:
    text = _GENERATOR.format(seed=11982, count=5, step="214013 * с + 2531011",
                             c="2147483648.0", d=65536)
    source = _source(text)
    assert "P_real_overflow" not in source and "P_int_out_of_range" not in source
    assert _run(text) == _checked(text) == "6398 16884 29164 3430 29957 "  # Microsoft rand()


def test_a_power_that_grows_keeps_its_checks() -> None:
    text = ("алг\nнач\n  вещ с\n  цел i\n  с := 3\n  нц для i от 1 до 40\n"
            "    с := с * с * 1.0e10\n    вывод int(с / 1.0e300), \" \"\n  кц\nкон\n")
    assert "P_real_overflow" in _source(text) and "P_int_out_of_range" in _source(text)
    assert _run(text) == _checked(text)
    assert "переполнение" in _run(text)


def test_not_a_power_of_two_keeps_the_checks() -> None:
    text = _GENERATOR.format(seed=5, count=3, step="с * 1000.5", c="3.0", d=1)
    assert "P_int_out_of_range" in _source(text)
    assert _run(text) == _checked(text)


def test_a_loop_with_an_exit_keeps_its_checks() -> None:
    text = _GENERATOR.format(seed=1, count=4, step="с * 3.0", c="2.0", d="0.5").replace(
        "    вывод к", "    если i = 3 то выход все\n    вывод к")
    assert _run(text) == _checked(text)


@settings(max_examples=80, deadline=None)
@given(seed=st.sampled_from(["0", "1", "-7", "2147483647", "-2147483648", "1.0e300",
                             "-1.0e-310", "0.5"]),
       count=st.integers(0, 6),
       step=st.sampled_from(["214013 * с + 2531011", "с * с", "с / 3.0", "с - 1.0e308",
                             "с * 2.0 + с", "0.0 - с", "с + i", "с / (i - 2)",
                             "int(с / 4) + 0.25", "с * 1.0e200"]),
       c=st.sampled_from(["2147483648.0", "1.0", "0.5", "65536", "3.0", "1.0e300",
                          "4.9e-324"]),
       d=st.sampled_from(["65536", "1", "0.001", "1.0e-300", "2147483648.0"]))
def test_programs_print_and_fail_as_with_every_check(
        seed: str, count: int, step: str, c: str, d: str) -> None:
    text = _GENERATOR.format(seed=seed, count=count, step=step, c=c, d=d)
    assert _run(text) == _checked(text)

"""Small algorithms inlined at their calls (``inline_calls.py``) print and fail as the
same program with calls: differential tests against it, with the errors inside the
algorithm, the globals it changes and the places a call must stay a call."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.core import ir
from portinterp.core.walk import walk_expr, walk_statements
from portinterp.kumir import lower_text

from .printing import printed as _run
from .printing import printed_without


def _with_calls(text: str) -> str:
    return printed_without("inline_module", text)


def _calls(text: str, caller: str = "") -> list[str]:
    """The names of the algorithms ``caller`` (default: the first) still calls."""
    module = lower_text(text)
    proc = next(p for p in module.procs if p.name == caller) if caller else module.procs[0]
    return [node.name for stmt in walk_statements(proc.body)
            for expr in (getattr(stmt, "value", None), getattr(stmt, "expr", None))
            for node in walk_expr(expr) if isinstance(node, ir.Call)]


_RNG = ("вещ с, д\nалг\nнач\n  цел i, n\n  с := {seed}\n  нц для i от 1 до 4\n"
        "    n := mod(След, 7 - i)\n    вывод n, \" \"\n  кц\n  вывод с\nкон\n"
        "алг цел След\nнач\n  с := {step}\n  знач := int(с / {div})\nкон\n")


def test_a_small_function_is_inlined_and_deals_as_before() -> None:
    text = _RNG.format(seed=1, step="с * 3 + 1", div=2)
    assert _calls(text) == []
    assert _run(text) == _with_calls(text) == "2 1 0 0 121.0"


def test_an_error_inside_is_reported_at_its_own_line() -> None:
    overflow = _RNG.format(seed=2147483000, step="с * 3 + 1", div="0.5")
    unset = _RNG.format(seed=1, step="с * 3 + д", div=2)
    for text in (overflow, unset):
        assert _calls(text) == []
        assert _run(text) == _with_calls(text)
    assert _run(overflow) == "!t.kum:15:3: Целочисленное переполнение"
    assert _run(unset) == "!t.kum:14:3: Нет значения у величины"


def test_calls_that_must_stay_calls() -> None:
    later = _RNG.format(seed=1, step="с + 1", div=2).replace("mod(След, 7 - i)",
                                                             "i + След")
    reads_answer = ("алг\nнач\n  вывод Г\nкон\nалг цел Г\nнач\n  знач := 1\n"
                    "  знач := знач + 1\nкон\n")
    branches = "алг\nнач\n  вывод Г\nкон\nалг цел Г\nнач\n  если да то знач := 1 все\nкон\n"
    params = "алг\nнач\n  вывод Г(1)\nкон\nалг цел Г(цел а)\nнач\n  знач := а\nкон\n"
    assert _calls(later) == ["След"]
    assert _calls(reads_answer) == ["Г"]
    assert _calls(branches) == ["Г"]
    assert _calls(params) == ["Г"]
    for text in (later, reads_answer, branches, params):
        assert _run(text) == _with_calls(text)


def test_a_global_shadowed_in_the_caller_keeps_the_call() -> None:
    text = ("цел с\nалг\nнач\n  с := 1\n  Ф\nкон\nалг Ф\nнач\n  цел с, x\n  с := 7\n"
            "  x := Г + 1\n  вывод x, \" \", с\nкон\nалг цел Г\nнач\n  с := с * 10\n"
            "  знач := с\nкон\n")
    assert _calls(text, "Ф") == ["Г"]
    assert _run(text) == _with_calls(text) == "11 7"


@settings(max_examples=60, deadline=None)
@given(seed=st.sampled_from(["0", "1", "-5", "2147483647", "с"]),
       step=st.sampled_from(["с * 3 + 1", "с - 1.5", "с * с", "с * 1.0e300", "0 - с",
                             "с + д"]),
       div=st.sampled_from(["2", "0.5", "65536", "с", "0"]))
def test_inlined_programs_print_and_fail_as_with_calls(seed: str, step: str, div: str) -> None:
    text = _RNG.format(seed=seed, step=step, div=div)
    assert _run(text) == _with_calls(text)

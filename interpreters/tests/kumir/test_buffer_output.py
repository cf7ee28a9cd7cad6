"""A short loop's ``вывод`` held in a local string (``buffer_output.py``): differential tests
against the same programs compiled without it — the same output, byte for byte, and where
the program stops, the same error at the same line after the same output — and the loops
it must leave alone; the stream never receives more than one pass's text past 4 KiB."""

from __future__ import annotations

import io

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.kumir import compile_text, run_program
from portinterp.kumir.frontend import buffer_output

from .printing import printed as _run
from .printing import printed_without
from .printing import python_source as _source


def _unbuffered(text: str) -> str:
    return printed_without("buffer_module", text)


def _held(text: str) -> bool:
    return "v_вывод_буфер" in _source(text)


_LOOP = ("алг\nнач\n  целтаб т[1:4]\n  лит s\n  вещ x\n  цел i, к\n  т[1] := 7\n"
         "  т[2] := 0\n  т[3] := 2147483647\n  s := \"ab\"\n  к := {start}\n  x := 0.5\n"
         "  нц для i от {first} до {last}\n    {body}\n  кц\n  вывод \"|\", к\nкон\n")


def _loop(body: str, first: int = 1, last: int = 4, start: str = "1") -> str:
    return _LOOP.format(body=body, first=first, last=last, start=start)


def test_the_freecell_loop_writes_once() -> None:
    text = _loop('вывод т[mod(i, 2) + 1], " "\n    если i = 4 то вывод нс иначе вывод "-" все')
    assert _held(text)
    assert _run(text) == _unbuffered(text) == "0 -7 -0 -7 \n|1"


def test_an_error_in_the_loop_leaves_the_output_before_it_at_its_line() -> None:
    text = _loop("вывод i, \" \"\n    вывод т[i], нс")
    assert _held(text)
    assert _run(text) == _unbuffered(text) == \
        "1 7\n2 0\n3 2147483647\n4 !t.kum:15:11: Значение элемента таблицы не определено"
    for body, error in [("к := к + т[i]\n    вывод к, \" \"", "t.kum:14:5: Целочисленное"),
                        ("вывод div(7, т[i] - 7), \" \"", "t.kum:14:11: Деление на"),
                        ("вывод т[i + 1], \" \"", "t.kum:14:11: Значение элемента"),
                        ("вывод s[i], \" \"", "t.kum:14:11: Индекс символа больше"),
                        ("вывод 1 / (т[i] - 7), \" \"", "t.kum:14:11: Деление на ноль"),
                        ("вывод т[i * 2 - 1], \" \"", "t.kum:14:11: Выход за границу")]:
        assert _held(_loop(body)), body
        assert _run(_loop(body)) == _unbuffered(_loop(body))
        assert error in _run(_loop(body)), (body, _run(_loop(body)))


def test_an_error_inside_a_branch_is_placed_at_its_own_line() -> None:
    text = _loop("вывод \"<\", i\n    если i = 3\n      то вывод т[5]\n    все\n    вывод \">\"")
    assert _held(text)
    assert _run(text) == _unbuffered(text)
    assert _run(text).endswith("<3!t.kum:16:16: Выход за границу таблицы")


def test_formats_and_items_that_may_fail_write_the_same() -> None:
    for body in ["вывод x:6:2, \" \", i:4, \" \", x, нс", "вывод s:5, i > 2, нс",
                 "вывод \"a\", т[i] + 1, нс", "вывод нс, \"x\", т[i] * 2, \" \", x * i",
                 "вывод i, \" \", т[i]:3, нс"]:
        text = _loop(body)
        assert _held(text), body
        assert _run(text) == _unbuffered(text), body


def test_exit_from_the_loop_writes_what_it_held() -> None:
    text = _loop("вывод i\n    если i = 2 то выход все\n    вывод \",\"")
    assert _held(text)
    assert _run(text) == _unbuffered(text) == "1,2|1"


def test_loops_it_must_leave_alone() -> None:
    called = "алг Г\nнач\n  вывод \"г\"\nкон\n"
    for body, extra in [("вывод i; Г", called), ("вывод i; ввод к", ""),
                        ("вывод i; если i = 2 то стоп все", ""), ("вывод i; ждать(0)", ""),
                        ("вывод i; к := 0\n    нц пока к < 2\n      к := к + 1\n    кц", "")]:
        text = _loop(body) + extra
        assert not _held(text), body
    assert not _held(_loop("вывод i", last=10001))  # more passes than MAX_PASSES
    assert _held(_loop("вывод i", last=10000))
    text = _LOOP.format(body="вывод i", start="1", first=1, last="к")  # bound not a literal
    assert not _held(text)
    assert not _held(_loop("к := к + i"))  # nothing written


def test_an_inner_loop_is_held_and_the_outer_is_not() -> None:
    text = _loop("вывод i\n    нц для к от 1 до 2\n      вывод к\n    кц")
    assert _source(text).count("v_вывод_буфер = ''") == 2  # before the inner loop, and flushes
    assert _source(text).count("try:") == 1
    assert _run(text) == _unbuffered(text) == "112212312412|2"


def test_стоп_and_input_in_unbuffered_loops_still_work() -> None:
    text = _loop("вывод i; если i = 2 то стоп все")
    assert _run(text) == _unbuffered(text) == "12\nСТОП."


class _Recorder(io.StringIO):
    def __init__(self) -> None:
        super().__init__()
        self.sizes: list[int] = []

    def write(self, text: str) -> int:
        self.sizes.append(len(text))
        return super().write(text)


def test_the_stream_gets_the_text_every_4_kib() -> None:
    """So the output limit stops a loop that prints too much as before (the harness counts
    what reaches the pipe): no write holds more than 4 KiB and one pass."""
    text = _loop("вывод \"0123456789\", i:5, нс", first=1, last=10000)
    assert _held(text)
    out = _Recorder()
    run_program(compile_text(text, "t.kum"), stdin=io.StringIO(), stdout=out)
    assert out.getvalue() == _unbuffered(text)
    assert max(out.sizes) <= buffer_output.FLUSH_AT + 16
    assert len(out.sizes) >= 16 * 10000 // (buffer_output.FLUSH_AT + 16)


_BODIES = ["вывод i, \" \"", "вывод т[i], нс", "к := к + т[i]", "вывод к:3",
           "если т[i] > 5 то вывод \"+\" иначе вывод x:5:1 все", "x := x * 1.0e200",
           "вывод s[i]", "вывод div(к, i - 2)", "если i = 3 то выход все", "т[i] := к",
           "вывод x, \";\"", "вывод нс, к, \" \", т[5 - i]", "s := s + \"c\""]


@settings(max_examples=60, deadline=None)
@given(bodies=st.lists(st.sampled_from(_BODIES), min_size=1, max_size=4),
       start=st.sampled_from(["1", "0", "-3", "2147483640"]),
       first=st.integers(-1, 2), last=st.integers(0, 5))
def test_random_loops_print_and_fail_as_unbuffered(bodies: list[str], start: str,
                                                     first: int, last: int) -> None:
    text = _loop("\n    ".join(bodies), first=first, last=last, start=start)
    assert _run(text) == _unbuffered(text)


def test_a_loop_nested_past_pythons_blocks_is_held_in_a_closure() -> None:
    """20 nested loops: the core puts the inner blocks in a closure of the algorithm (the
    ``try`` adds two blocks); the held string is the closure's, the error keeps its line."""
    names = [f"i{n}" for n in range(21)]
    lines = ["алг", "нач", "  целтаб т[1:2]", "  цел " + ", ".join(names)]
    lines += ["  " * (n + 1) + f"нц для {v} от 1 до 2" for n, v in enumerate(names[:-1])]
    lines += ["  " * 21 + "нц для i20 от 1 до 2", "  " * 22 + "вывод i20, \" \"",
              "  " * 22 + "вывод т[i20], нс"]
    lines += ["  " * (n + 1) + "кц" for n in reversed(range(21))] + ["кон", ""]
    text = "\n".join(lines)
    assert _held(text)
    assert _run(text) == _unbuffered(text) == \
        "1 !t.kum:27:51: Значение элемента таблицы не определено"

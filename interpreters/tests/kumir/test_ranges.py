"""The range analysis (``ranges.py``) drops only checks that cannot fail: where a check
can fail the program still stops with KuMir's error, and dropping is differential-tested
against the same program compiled without the analysis."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st

from portinterp.core import ir
from portinterp.kumir import lower_text
from portinterp.program_cache import CACHE_ENV

from .printing import printed as _run
from .printing import printed_without


def _prims(text: str) -> set[str]:
    names: set[str] = set()

    def visit(node: object) -> None:
        if isinstance(node, ir.Prim):
            names.add(node.fn)
        if isinstance(node, ir.Item):
            names.add(node.getitem_fn)
        if isinstance(node, list | tuple):
            for child in node:
                visit(child)
        elif hasattr(node, "__slots__") and not isinstance(node, ir.Pos):
            for slot in node.__slots__:
                visit(getattr(node, slot))

    module = lower_text(text)
    visit([proc.body for proc in module.procs])
    return names


def _alg(body: str, decls: str = "цел i") -> str:
    return f"алг\nнач\n  {decls}\n{body}\nкон\n"


def test_loop_variable_plus_one_is_not_checked() -> None:
    prims = _prims(_alg("нц для i от 0 до 51\n вывод mod(i + 1, 8), 51 - i\nкц"))
    assert {"add_int_unchecked", "sub_int_unchecked"} <= prims
    assert not {"add_int", "sub_int"} & prims


def test_overflow_near_the_limit_is_still_reported() -> None:
    # i reaches 2147483647, so i + 1 leaves the 32-bit range on the second pass.
    text = _alg("нц для i от 2147483646 до 2147483647\n вывод i + 1, нс\nкц")
    assert "add_int" in _prims(text)
    assert _run(text) == "2147483647\n!t.kum:5:8: Целочисленное переполнение"


def test_a_loop_variable_assigned_in_the_body_keeps_its_checks() -> None:
    text = _alg("нц для i от 1 до 3\n i := 2147483647\n вывод i + 1\nкц")
    assert _run(text) == "!t.kum:6:8: Целочисленное переполнение"


def test_a_loop_variable_passed_to_rez_keeps_its_checks() -> None:
    text = ("алг\nнач\n  цел i\n  нц для i от 1 до 3\n    Макс(i)\n    вывод i + 1\n  кц\nкон\n"
            "алг Макс(рез цел x)\nнач\n  x := МАКСЦЕЛ\nкон\n")
    assert "add_int" in _prims(text)
    assert _run(text) == "!t.kum:6:11: Целочисленное переполнение"


def test_a_global_loop_variable_keeps_its_checks() -> None:
    # Another algorithm may change a global between two uses.
    text = ("цел i\nалг\nнач\n  нц для i от 1 до 3\n    Макс\n    вывод i + 1\n  кц\nкон\n"
            "алг Макс\nнач\n  i := МАКСЦЕЛ\nкон\n")
    assert _run(text) == "!t.kum:6:11: Целочисленное переполнение"


def test_a_divisor_that_reaches_zero_is_still_reported() -> None:
    # 3 - i is 3, 2, 1, then 0 at i = 3: mod(7, 0) is KuMir's «ненатуральное» divisor.
    text = _alg("нц для i от 0 до 3\n вывод mod(7, 3 - i), \" \"\nкц")
    assert _run(text) == "1 1 0 !t.kum:5:8: Деление на ненатуральное число"
    assert "mod_by_const" not in _prims(text)
    assert "mod_by_const" in _prims(text.replace("до 3", "до 2"))


def test_table_index_within_constant_bounds_is_not_checked() -> None:
    text = _alg("нц для i от 1 до 3\n t[i] := i * i\nкц\nвывод t[1], t[3]",
                "цел i\n  целтаб t[1:3]")
    assert "table_get1_from" in _prims(text)
    assert _run(text) == "19"


def test_table_index_past_constant_bounds_is_still_reported() -> None:
    text = _alg("нц для i от 0 до 3\n t[4 - i] := i\nкц", "цел i\n  целтаб t[1:3]")
    assert _run(text) == "!t.kum:6:2: Выход за границу таблицы"
    assert "table_get1_in" in _prims(text)


def test_a_local_keeps_the_interval_of_its_last_assignment() -> None:
    # n := mod(x, 4) lies in 0…3: t[n] needs no index check until n may change.
    text = _alg("x := 7\nn := mod(x, 4)\nt[n] := 1\nвывод t[n]",
                "цел x, n\n  целтаб t[0:3]")
    assert "table_get1_from0" in _prims(text)
    assert _run(text) == "1"


def test_a_local_changed_in_a_branch_loop_or_call_loses_its_interval() -> None:
    decls = "цел x, n\n  целтаб t[0:3]"
    branch = _alg("n := 1\nесли x = 0 то n := 9 все\nвывод t[n]", decls)
    loop = _alg("n := 1\nнц 2 раз\n вывод t[n]\n n := n + 5\nкц", decls)
    call = (_alg("n := 1\nф(n)\nвывод t[n]", decls)
            + "алг ф(рез цел к)\nнач\n  к := 9\nкон\n")
    for text in (branch, loop, call):
        assert "table_get1_from0" not in _prims(text)
    assert _run(branch.replace("x = 0", "да")).endswith("Выход за границу таблицы")
    assert _run(call).endswith("Выход за границу таблицы")


def _unnarrowed(text: str) -> str:
    return printed_without("narrow_module", text)


_LIMITS = st.sampled_from([-2147483648, -2147483647, -100, -1, 0, 1, 3, 51, 2147483646,
                           2147483647])


@settings(max_examples=60, deadline=None)
@given(start=_LIMITS, length=st.integers(0, 3), shift=_LIMITS, step=st.sampled_from([1, -1]),
       low=st.integers(-3, 3))
def test_narrowed_programs_print_and_fail_as_unnarrowed(
        start: int, length: int, shift: int, step: int, low: int) -> None:
    stop = start + step * length
    if not -2147483648 <= stop <= 2147483647:
        stop = start
    body = (f"нц для i от {start} до {stop} шаг {step}\n"
            f" вывод i + ({shift}), \" \", i - ({shift}), \" \", 2 * i, \" \", -i, \" \"\n"
            f" вывод div(i, 3 - i), \" \", mod({shift}, i + 2), нс\n"
            f" t[i - ({start}) + ({low})] := i\nкц")  # KuMir: a sign only starts an expression
    text = _alg(body, f"цел i\n  целтаб t[{low}:{low + 2}]")
    assert _run(text) == _unnarrowed(text)


@settings(max_examples=40, deadline=None)
@given(x=_LIMITS, divisor=st.integers(1, 6), shift=st.integers(-3, 3),
       changed=st.sampled_from(["", "n := n + 3", "если x > 0 то n := n - 4 все",
                                "ф(n)", "нц 2 раз\n  n := n + 1\n кц"]))
def test_straight_line_intervals_print_and_fail_as_unnarrowed(
        x: int, divisor: int, shift: int, changed: str) -> None:
    body = (f"x := {x}\nn := mod(x, {divisor}) + ({shift})\n{changed}\n"
            "t[n] := n\nвывод t[n], \" \", n + 1, нс")
    text = _alg(body, "цел x, n\n  целтаб t[0:3]") + "алг ф(аргрез цел к)\nнач\n  к := к * 2\nкон\n"
    assert _run(text) == _unnarrowed(text)


def _main(source: Path, cache_root: Path) -> tuple[int, str, str]:
    """``python -m portinterp.kumir source`` with its compile cache in ``cache_root``."""
    env = {**os.environ, CACHE_ENV: str(cache_root)}
    done = subprocess.run([sys.executable, "-m", "portinterp.kumir", str(source)],
                          env=env, capture_output=True, text=True, encoding="utf-8")
    return done.returncode, done.stdout, done.stderr


def test_cached_program_runs_like_a_fresh_one(tmp_path: Path) -> None:
    source = tmp_path / "p.kum"
    source.write_text(_alg("нц для i от 1 до 2\n вывод i, нс\nкц\nвывод div(1, 0)"),
                      encoding="utf-8")
    first, second = (_main(source, tmp_path / "cache") for _ in range(2))
    assert list((tmp_path / "cache" / "kumir").glob("*.json"))
    assert first == second == (1, "1\n2\n",
                               f"{source}:7:7: Деление на ненатуральное число\n")


def test_a_changed_file_is_not_taken_from_the_cache(tmp_path: Path) -> None:
    source = tmp_path / "p.kum"
    outputs = []
    for text in ("1", "2"):
        source.write_text(_alg(f"вывод {text}", ""), encoding="utf-8")
        outputs.append(_main(source, tmp_path / "cache"))
    assert outputs == [(0, "1", ""), (0, "2", "")]


def test_an_unreadable_cache_entry_is_compiled_anew(tmp_path: Path) -> None:
    source = tmp_path / "p.kum"
    source.write_text(_alg("вывод 5", ""), encoding="utf-8")
    assert _main(source, tmp_path / "cache") == (0, "5", "")
    for entry in (tmp_path / "cache" / "kumir").glob("*.json"):
        entry.write_bytes(b"not a program")
    assert _main(source, tmp_path / "cache") == (0, "5", "")


def test_a_constant_string_indexed_within_its_length_is_not_checked() -> None:
    text = _alg("s := \"abcd\"\nнц для i от 0 до 3\n вывод s[i + 1], s[4 - i]\nкц",
                "цел i\n  лит s")
    assert {"char_at_known0", "char_at_known"} <= _prims(text)
    assert _run(text) == "adbccbda"


def test_a_string_index_that_may_leave_the_literal_is_still_checked() -> None:
    text = _alg("s := \"abc\"\nнц для i от 0 до 3\n вывод s[i + 1]\nкц", "цел i\n  лит s")
    assert "char_at" in _prims(text)
    assert _run(text) == "abc!t.kum:7:8: Индекс символа больше длины строки"


def test_a_string_changed_otherwise_keeps_its_checks() -> None:
    changes = ["s := s + \"x\"", "s[1] := \"z\"", "s := \"abcdefg\"", "ф(s)", "ввод s"]
    for change in changes:
        text = (_alg(f"s := \"abcd\"\n{change}\nнц для i от 1 до 4\n вывод s[i]\nкц",
                     "цел i\n  лит s") + "алг ф(рез лит т)\nнач\n  т := \"\"\nкон\n")
        assert "char_at_known" not in _prims(text), change


def test_an_unset_constant_string_is_still_no_value() -> None:
    text = _alg("нц для i от 1 до 2\n вывод s[i]\n s := \"ab\"\nкц", "цел i\n  лит s")
    assert "char_at_known" in _prims(text)
    assert _run(text) == _unnarrowed(text) == "!t.kum:6:8: Нет значения у величины"


@settings(max_examples=40, deadline=None)
@given(literal=st.sampled_from(["", "a", "abc", "♣♦♥♠"]), start=st.integers(-1, 2),
       stop=st.integers(0, 5), assigned_first=st.booleans())
def test_constant_strings_print_and_fail_as_unnarrowed(
        literal: str, start: int, stop: int, assigned_first: bool) -> None:
    assign = f"s := \"{literal}\""
    body = (f"{assign if assigned_first else ''}\n"
            f"нц для i от {start} до {stop}\n вывод s[i], s[i + 1], \" \"\n {assign}\nкц")
    text = _alg(body, "цел i\n  лит s")
    assert _run(text) == _unnarrowed(text)

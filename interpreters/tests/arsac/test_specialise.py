"""The whole-number specialisation of the puzzle book's language: what it proves, and that
every program prints and fails the same with and without it."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from portinterp.arsac import lower_text
from portinterp.arsac.frontend.lower import ModuleLowering
from portinterp.arsac.frontend.parser import parse
from portinterp.arsac.frontend.specialise import whole_names
from portinterp.arsac.runtime.core import ArsacRuntime
from portinterp.core.program import compile_module
from portinterp.core.walk import body_expressions
from portinterp.errors import SourceError

HERE = Path(__file__).parent
PROGRAMS = sorted([*(HERE / "corpus").glob("*.arsac"), *(HERE / "errors").glob("*.arsac")])


def outcome(text: str, filename: str, specialised: bool) -> str:
    """What the program prints, and the error it stops with."""
    out = io.StringIO()
    try:
        module = lower_text(text, filename) if specialised else \
            ModuleLowering(filename).module(parse(text, filename))
        compile_module(module, ArsacRuntime).run(ArsacRuntime(out, io.StringIO()))
    except SourceError as error:
        return out.getvalue() + f"\n{error}"
    return out.getvalue()


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_programs_print_and_fail_the_same_with_and_without_it(program: Path) -> None:
    text = program.read_text(encoding="utf-8")
    assert outcome(text, str(program), True) == outcome(text, str(program), False)


def names(text: str) -> set[str]:
    return whole_names(ModuleLowering("t").module(parse(text, "t")).body)


def test_counters_sums_and_tables_of_whole_numbers_are_whole() -> None:
    text = ("ТАБЛИЦА t[3]\nДЛЯ i := 1 ДО 3 ВЫПОЛНЯТЬ\n t[i] := i * i\nВЕРНУТЬСЯ\n"
            "s := 0\nДЛЯ i := 1 ДО 3 ВЫПОЛНЯТЬ\n s := s + t[i] ДЕЛ 2\nВЕРНУТЬСЯ\n")
    assert names(text) == {"t", "i", "s"}


def test_one_other_value_makes_a_name_and_what_depends_on_it_not_whole() -> None:
    text = ('x := 1\nЕСЛИ x = 1 ТО x := "a" КОНЕЦ_ЕСЛИ\ny := 2\nz := y + x\n'
            "ТАБЛИЦА t[1]\nt[1] := 7 / 2\nw := t[1]\n")
    assert names(text) == {"y"}


def test_only_proved_operators_are_swapped() -> None:
    module = lower_text('x := 1\ny := x + 2\nz := "a"\nВЫВЕСТИ z + "b", y < x')
    prims = {e.fn for e in body_expressions(module.body) if hasattr(e, "fn")}
    assert {"add_ii", "lt_ii", "add"} <= prims

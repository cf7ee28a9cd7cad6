"""Differential tests: every program must print (and fail) the same whether its operators
are specialised by their static types or all left general.  The general operators check
every operand at run time, so any unsound type would show as a different output, a
different error or a Python exception."""

from __future__ import annotations

import io
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from portinterp.bsl import compile_text
from portinterp.bsl.frontend.lower import ModuleLowering
from portinterp.bsl.frontend.parser import parse
from portinterp.bsl.frontend.source import normalise
from portinterp.bsl.platform import BslRuntime
from portinterp.core.program import Program, compile_module
from portinterp.errors import CompileError, RunError

HERE = Path(__file__).parent
PROGRAMS = sorted([*(HERE / "corpus").glob("*.bsl"), *(HERE / "errors").glob("*.bsl")])


def general(text: str) -> Program:
    """The program with the lowering's general operators only (no ``specialise``)."""
    module = ModuleLowering("p.bsl").module(parse(normalise(text), "p.bsl"))
    return compile_module(module, BslRuntime)


def outcome(program: Program) -> str:
    from portinterp.bsl import run_program

    out = io.StringIO()
    try:
        run_program(program, stdin=io.StringIO(), stdout=out)
    except RunError as error:
        return out.getvalue() + f"!{error}"
    return out.getvalue()


def same_outcome(text: str) -> None:
    assert outcome(compile_text(text, "p.bsl")) == outcome(general(text))


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_the_corpus_runs_alike_specialised_or_not(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    try:
        general(text)
    except CompileError as error:  # both ways must refuse it, with the same message
        with pytest.raises(CompileError) as specialised:
            compile_text(text, "p.bsl")
        assert str(specialised.value) == str(error)
        return
    same_outcome(text)


# ---- random straight-line programs over whole numbers, decimals, strings, Неопределено ----

NAMES = ["А", "Б", "В"]
literals = st.sampled_from(["0", "1", "7", "(0 - 3)", "2.5", "\"2\"", "\"x\"",
                            "Неопределено", "Истина"])
expressions = st.recursive(
    st.one_of(literals, st.sampled_from(NAMES)),
    lambda inner: st.one_of(
        st.tuples(inner, st.sampled_from(["+", "-", "*", "/", "%"]), inner)
        .map(lambda t: f"({t[0]} {t[1]} {t[2]})"),
        inner.map(lambda e: f"Цел({e})"),
        st.tuples(inner, st.sampled_from(["<", "=", "<>"]), inner, inner, inner)
        .map(lambda t: f"?({t[0]} {t[1]} {t[2]}, {t[3]}, {t[4]})"),
    ),
    max_leaves=5,
)
statements = st.one_of(
    st.tuples(st.sampled_from(NAMES), expressions).map(lambda t: f"{t[0]} = {t[1]};"),
    expressions.map(lambda e: f"Сообщить({e});"),
    st.tuples(st.sampled_from(NAMES), expressions)
    .map(lambda t: f"Для Н = 1 По 2 Цикл {t[0]} = {t[1]}; Сообщить({t[0]}); КонецЦикла;"),
    st.tuples(st.booleans(), st.sampled_from(NAMES), expressions)
    .map(lambda t: f"Если {'Истина' if t[0] else 'Ложь'} Тогда {t[1]} = {t[2]}; КонецЕсли;"),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(statements, min_size=1, max_size=6))
@example(["А = (7 / 2);", "Сообщить(Цел(А));"])  # a quotient of whole numbers is not whole
@example(["Сообщить(А + 1);", "А = 1;"])  # read before the assignment: Неопределено
def test_random_programs_run_alike_specialised_or_not(lines: list[str]) -> None:
    same_outcome("Перем А, Б, В;\n" + "\n".join(lines) + "\n")


@settings(max_examples=100, deadline=None)
@given(st.lists(statements, min_size=1, max_size=4), st.sampled_from(NAMES))
def test_random_procedures_over_module_variables_run_alike(lines: list[str], name: str) -> None:
    text = ("Перем А, Б, В;\nПроцедура П(Х)\n " + "\n ".join(lines)
            + f"\n Х = {name};\nКонецПроцедуры\n"
            "А = 1;\nП(Б);\nСообщить(Б);\nП(А);\nСообщить(А);\n")
    same_outcome(text)

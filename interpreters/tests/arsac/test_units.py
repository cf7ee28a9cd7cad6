"""The puzzle book's language: ДЕЛ and ОСТ against Pascal's definition, the command line
(``python -m portinterp.arsac``, ``python -m portinterp arsac``), the compile cache."""

from __future__ import annotations

import io
import math
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portinterp.arsac import compile_text, run_program
from portinterp.arsac.runtime.numbers import quotient, remainder
from portinterp.errors import CompileError, ProgramFault

whole = st.integers(-10**30, 10**30)


@given(whole, whole.filter(lambda b: b != 0))
def test_quotient_and_remainder_are_pascals_div_and_mod(a: int, b: int) -> None:
    """Pascal: ``a div b`` is the quotient with its fraction dropped, ``a mod b`` is
    ``a - (a div b) * b`` (so it has the dividend's sign)."""
    q = quotient(a, b)
    assert q == (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1)
    assert abs(q) == math.floor(abs(a) / abs(b)) or abs(a) > 2**52
    assert remainder(a, b) == a - q * b
    assert abs(remainder(a, b)) < abs(b)


def test_quotient_of_zero_or_of_text_is_an_error() -> None:
    with pytest.raises(ProgramFault, match="Деление на ноль"):
        quotient(1, 0)
    with pytest.raises(ProgramFault, match="только целые"):
        remainder("a", 2)


def run_text(text: str) -> str:
    out = io.StringIO()
    run_program(compile_text(text, "t.arsac"), stdin=io.StringIO(), stdout=out)
    return out.getvalue()


def test_inline_fast_paths_and_the_general_operators_agree() -> None:
    """Whole numbers take the inline path, a real number the runtime's; both print the
    same sums."""
    assert run_text("x := 2\ny := 3\nВЫВЕСТИ x + y, \" \", x * y, \" \", y − x") == "5 6 1\n"
    assert run_text("x := 2.5\nВЫВЕСТИ x + 1, \" \", x * 2, \" \", 1 − x") == "3.5 5.0 -1.5\n"


def test_the_typographic_minus_and_the_ascii_one_are_the_same_operator() -> None:
    assert run_text("ВЫВЕСТИ 9 − 4, \" \", 9 - 4, \" \", −4") == "5 5 -4\n"


def test_a_syntax_error_is_one_compile_error() -> None:
    with pytest.raises(CompileError, match=r"^t\.arsac:1:10: Синтаксическая ошибка"):
        compile_text("ЕСЛИ x = = 1 ТО КОНЕЦ_ЕСЛИ", "t.arsac")


def test_python_m_runs_a_file_and_reports_errors(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.arsac", tmp_path / "bad.arsac"
    good.write_text("ТАБЛИЦА c[3]\nc[1] := 1; c[2] := 5; c[3] := 8\nВЫВЕСТИ c\n",
                    encoding="utf-8")
    bad.write_text("ВЫВЕСТИ x\n", encoding="utf-8")
    for command in ([sys.executable, "-m", "portinterp.arsac"],
                    [sys.executable, "-m", "portinterp", "arsac"]):
        ran = subprocess.run([*command, str(good)], capture_output=True, text=True,
                             encoding="utf-8", check=False)
        assert (ran.returncode, ran.stdout) == (0, "1 5 8\n")
        failed = subprocess.run([*command, str(bad)], capture_output=True, text=True,
                                encoding="utf-8", check=False)
        assert failed.returncode == 1
        assert failed.stderr.strip() == f"{bad}:1:9: Переменная x нигде не получает значения"

"""The public API (``portinterp``): compile once and run many times, a result carrying the
output, exit status, error and warnings; options checked by name; languages by name or
suffix; the compile cache on request.  And ``python -m portinterp LANGUAGE FILE``."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import portinterp
from portinterp import CompileError, RunError
from portinterp.program_cache import CACHE_ENV

SQUARES = "алг\nнач\n  цел n\n  ввод n\n  вывод n * n, нс\n  вывод div(100, n)\nкон\n"
NBSP = "\xa0"


def test_a_compiled_program_runs_afresh_on_each_input() -> None:
    program = portinterp.compile_text("kumir", SQUARES, "sq.kum")
    runs = [program.run(given) for given in ("3", "12", "0")]
    assert [(r.exit_status, r.output) for r in runs] == [(0, "9\n33"), (0, "144\n8"),
                                                        (1, "0\n")]
    assert runs[0].ok and runs[0].error is None and runs[0].warnings == ()
    assert isinstance(runs[2].error, RunError) and not runs[2].ok
    assert str(runs[2].error) == "sq.kum:6:9: Деление на ненатуральное число"


def test_warnings_come_with_the_output_and_options_choose_the_dialect() -> None:
    text = 'Сообщить("n=" + 1500);\n'
    platform = portinterp.run_text("bsl", text, filename="w.bsl")
    onescript = portinterp.run_text("bsl", text, filename="w.bsl", dialect="onescript")
    assert (platform.output, onescript.output) == (f"n=1{NBSP}500\n", "n=1500\n")
    assert len(platform.warnings) == 1 and platform.warnings[0].startswith("w.bsl:1:1: warning")


def test_a_compile_error_raises_from_compile_and_is_in_the_result_of_run() -> None:
    text = "Сообщить(Неизвестная);\n"
    with pytest.raises(CompileError) as caught:
        portinterp.compile_text("bsl", text, "x.bsl")
    result = portinterp.run_text("bsl", text, filename="x.bsl")
    assert (result.exit_status, result.output) == (1, "")
    assert str(result.error) == str(caught.value) == \
        "x.bsl:1:10: Переменная не определена (Неизвестная)"
    assert (result.error.line, result.error.col) == (1, 10)


def test_mistakes_of_the_caller_raise() -> None:
    with pytest.raises(LookupError, match="unknown language 'fortran'"):
        portinterp.run_text("fortran", "")
    with pytest.raises(TypeError, match="kumir takes no run option dialect"):
        portinterp.run_text("kumir", SQUARES, "3", dialect="onescript")
    with pytest.raises(ValueError, match="dialect"):
        portinterp.run_text("bsl", "", dialect="kumir")


def test_run_options_list_what_each_language_takes() -> None:
    assert [o.name for o in portinterp.run_options("bsl")] == ["dialect"]
    assert [o.name for o in portinterp.run_options("kumir")] == ["seed"]
    assert portinterp.run_options("arsac") == []
    seeds = {portinterp.run_text("kumir", "алг\nнач\n вывод irnd(1000)\nкон\n", seed=s).output
             for s in (1, 2, 1)}
    assert len(seeds) == 2  # the same seed draws the same number


def test_a_file_by_its_suffix_in_its_encoding(tmp_path: Path) -> None:
    source = tmp_path / "p.kum"
    source.write_bytes(SQUARES.replace("вывод n * n", 'вывод "квадрат ", n * n').encode("cp1251"))
    assert portinterp.language_of_file(source).name == "kumir"
    result = portinterp.run_file(source, "4", encoding="cp1251")
    assert (result.exit_status, result.output) == (0, "квадрат 16\n25")
    unread = portinterp.run_file(source, "4")  # not UTF-8
    assert unread.exit_status == 1 and str(unread.error).startswith(f"{source}:")


def test_the_cache_keeps_a_compiled_program_between_compiles(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "p.arsac"
    source.write_text('ВЫВЕСТИ "да"\n', encoding="utf-8")
    first = portinterp.compile_file(source, cache=tmp_path / "cache")
    assert len(list((tmp_path / "cache" / "arsac").glob("*.json"))) == 1

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again instead of using the cache")

    from portinterp import arsac
    monkeypatch.setattr(arsac, "compile_file", refuse)
    again = portinterp.compile_file(source, cache=tmp_path / "cache")
    assert first.run().output == again.run().output == "да\n"


def python_m(*args: str, cwd: Path, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", *args], input=stdin, capture_output=True,
                          text=True, encoding="utf-8", cwd=cwd, check=False,
                          env={**os.environ, CACHE_ENV: str(cwd / "cache")})


def test_python_m_portinterp_runs_a_file_of_the_language_named(tmp_path: Path) -> None:
    (tmp_path / "p.kum").write_text(SQUARES, encoding="utf-8")
    done = python_m("portinterp", "kumir", "p.kum", cwd=tmp_path, stdin="7")
    assert (done.returncode, done.stdout, done.stderr) == (0, "49\n14", "")
    failed = python_m("portinterp", "kumir", "p.kum", cwd=tmp_path, stdin="0")
    assert (failed.returncode, failed.stderr) == (
        1, "p.kum:6:9: Деление на ненатуральное число\n")


def test_python_m_portinterp_says_its_usage(tmp_path: Path) -> None:
    asked = python_m("portinterp", "--help", cwd=tmp_path)
    assert asked.returncode == 0 and "LANGUAGE" in asked.stdout
    assert all(f"  {name} " in asked.stdout for name in portinterp.LANGUAGES)
    for args in ((), ("fortran", "p.f")):
        wrong = python_m("portinterp", *args, cwd=tmp_path)
        assert wrong.returncode == 2 and wrong.stdout == "" and "usage:" in wrong.stderr
    missing = python_m("portinterp", "bsl", "missing.bsl", cwd=tmp_path)
    assert (missing.returncode, missing.stderr) == (2, "missing.bsl: no such file\n")

"""The runners' embedded engine and ``portcheck exec`` on the three languages of the
embedded interpreters: a program builds (a full check, its error one line), runs, reports
its warnings and errors, and keeps its output when the time limit stops it; exec takes a
file and its encoding as ``python -m portinterp.<language>`` does."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from portcheck.errors import UsageError
from portcheck.runners import get_runner
from portcheck.runners.base import BuildError
from portcheck.runners.bsl import BslRunner
from portcheck.runners.kumir import KumirRunner
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.languages import EMBEDDED

NBSP = "\xa0"
PROGRAM = 'алг\nнач\n  вывод "Жук", 1/4, нс\nкон\n'


def test_runner_embedded_runs_a_program_and_reports_warnings(tmp_path: Path) -> None:
    source = tmp_path / "w.bsl"
    source.write_text('Сообщить("n=" + 1500);\n', encoding="utf-8")
    runner = BslRunner(engine="embedded")
    assert runner.toolchain().ok
    result = runner.run(runner.build(source))
    assert result.returncode == 0
    assert result.stdout == f"n=1{NBSP}500\n"
    assert result.stderr.startswith(f"{source}:1:1: warning: ")


def test_runner_build_rejects_a_program_that_does_not_compile(tmp_path: Path) -> None:
    source = tmp_path / "bad.bsl"
    source.write_text("Если Тогда\n", encoding="utf-8")
    with pytest.raises(BuildError, match=r"bad\.bsl:1:6: "):
        BslRunner(engine="embedded").build(source)


def test_runner_stops_an_endless_program_and_keeps_its_output(tmp_path: Path) -> None:
    source = tmp_path / "loop.bsl"
    source.write_text('Сообщить("старт");\nПока Истина Цикл\nКонецЦикла;\n', encoding="utf-8")
    runner = BslRunner(engine="embedded")
    result = runner.run(runner.build(source), timeout=2)
    assert result.timed_out
    assert result.stdout == "старт\n"


def test_unknown_engine_and_dialect_are_rejected() -> None:
    with pytest.raises(UsageError, match="engine '1cv8' does not run bsl"):
        BslRunner(engine="1cv8")
    with pytest.raises(ValueError, match="dialect"):
        BslRunner(dialect="kumir")


def test_runner_embedded_runs_and_reports_errors(tmp_path: Path) -> None:
    good = tmp_path / "good.kum"
    good.write_text(PROGRAM, encoding="utf-8")
    runner = KumirRunner(EMBEDDED)
    assert runner.toolchain().ok
    result = runner.run(runner.build(good))
    assert (result.returncode, result.stdout) == (0, "Жук0.25\n")
    bad = tmp_path / "bad.kum"
    bad.write_text("алг\nнач\n  вывод 1 div 0\nкон\n", encoding="utf-8")
    with pytest.raises(Exception, match=r"bad.kum:3:\d+: Имя не может начинаться с цифры"):
        runner.build(bad)


def test_runner_time_limit_keeps_output(tmp_path: Path) -> None:
    loop = tmp_path / "loop.kum"
    loop.write_text("алг\nнач\n  вывод \"начало\", нс\n  нц\n  кц\nкон\n", encoding="utf-8")
    runner = KumirRunner(EMBEDDED)
    result = runner.run(runner.build(loop), timeout=3.0)
    assert result.timed_out and result.returncode is None
    assert result.stdout == "начало\n"


def test_runner_run_error_exits_1_with_one_line(tmp_path: Path) -> None:
    program = tmp_path / "e.kum"
    program.write_text("алг\nнач\n  вывод 1, нс\n  вывод 1 / 0\nкон\n", encoding="utf-8")
    runner = KumirRunner(EMBEDDED)
    result = runner.run(runner.build(program))
    assert result.returncode == 1
    assert result.stdout == "1\n"
    assert result.stderr == f"{program}:4:9: Деление на ноль\n"  # the failing item


def test_suffix_and_runner_come_from_the_language_registry(tmp_path: Path) -> None:
    assert builtin_languages().of_file(Path("queens.arsac")).name == "arsac"
    runner = get_runner("arsac")
    assert runner.toolchain().ok and "embedded" in runner.name
    program = tmp_path / "p.arsac"
    program.write_text("ВЫВЕСТИ \"привет\"\n", encoding="utf-8")
    result = runner.run(runner.build(program))
    assert (result.returncode, result.stdout) == (0, "привет\n")


def test_portcheck_exec_runs_a_puzzle_book_file_and_reports_errors(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.arsac", tmp_path / "bad.arsac"
    good.write_text("ТАБЛИЦА c[3]\nc[1] := 1; c[2] := 5; c[3] := 8\nВЫВЕСТИ c\n",
                    encoding="utf-8")
    bad.write_text("ВЫВЕСТИ x\n", encoding="utf-8")
    for command in ([sys.executable, "-m", "portcheck", "exec"],):
        ran = subprocess.run([*command, str(good)], capture_output=True, text=True,
                             encoding="utf-8", check=False)
        assert (ran.returncode, ran.stdout) == (0, "1 5 8\n")
        failed = subprocess.run([*command, str(bad)], capture_output=True, text=True,
                                encoding="utf-8", check=False)
        assert failed.returncode == 1
        assert failed.stderr.strip() == f"{bad}:1:9: Переменная x нигде не получает значения"


def command(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, "PORTCHECK_CACHE": str(tmp_path / "cache")}
    return subprocess.run([sys.executable, *args], capture_output=True, cwd=tmp_path, env=env,
                          timeout=120, check=False)


@pytest.mark.parametrize("encoding", ["rot13", "hex", "undefined", "no-such-codec"])
def test_exec_takes_an_encoding_that_is_no_text_codec_as_one_usage_line(
        tmp_path: Path, encoding: str) -> None:
    (tmp_path / "p.bsl").write_text("Сообщить(1);\n", encoding="utf-8")
    for args in (["-m", "portcheck", "exec"],):
        done = command(tmp_path, *args, "p.bsl", "--encoding", encoding)
        lines = done.stderr.decode().splitlines()
        assert done.returncode == 2
        assert lines[-1].endswith(f"'{encoding}' is not a text encoding (e.g. utf-8, cp1251)")
        assert "Traceback" not in done.stderr.decode()

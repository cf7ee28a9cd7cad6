"""What the recorded programs (``onescript/processes.bsl``, ``folders.bsl``,
``console_streams.bsl``) cannot show: the embedded interpreter's own ``oscript.exe``
(``КаталогПрограммы()``), what it refuses, and the folder a run may change."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from portinterp import file_policy
from portinterp.bsl import compile_text, run_program
from portinterp.bsl.library.files.folders import program_directory
from portinterp.bsl.library.system_info import VERSION
from portinterp.command import execute

OSCRIPT = Path(program_directory()) / "oscript.exe"


def _run(source: str) -> str:
    out = io.StringIO()
    run_program(compile_text(source), stdin=io.StringIO(), stdout=out, dialect="onescript")
    return out.getvalue()


def _oscript(*args: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PORTINTERP_PYTHON": sys.executable}
    return subprocess.run([str(OSCRIPT), *args], env=env, capture_output=True, text=True,
                          timeout=60, check=False)


def test_oscript_exe_says_its_usage_and_version() -> None:
    usage = _oscript()
    assert usage.returncode == 0
    assert usage.stdout.splitlines()[0] == f"1Script Execution Engine. Version {VERSION}"
    assert _oscript("-v").stdout == _oscript("-version").stdout == f"{VERSION}\n"


def test_oscript_exe_checks_a_file_and_refuses_the_modes_it_has_not(tmp_path: Path) -> None:
    good, bad = tmp_path / "good.os", tmp_path / "bad.os"
    good.write_text('Сообщить("x");\n', encoding="utf-8")
    bad.write_text('Сообщить("x"\n', encoding="utf-8")
    assert _oscript("-check", str(good)).stdout == "No errors.\n"
    checked = _oscript("-check", str(bad))
    assert checked.returncode == 1 and checked.stderr.startswith(f"{bad}:")
    for mode in ("-measure", "-compile", "-make", "-cgi", "-encoding=cp1251"):
        refused = _oscript(mode, str(good))
        assert refused.returncode == 2 and "not offered" in refused.stderr


def test_oscript_exe_runs_a_script_with_its_arguments(tmp_path: Path) -> None:
    script = tmp_path / "args.os"
    script.write_text("Для Каждого А Из АргументыКоманднойСтроки Цикл Сообщить(А); "
                      "КонецЦикла;\n", encoding="utf-8")
    done = _oscript(str(script), "один", "два три")
    assert done.stdout == "один\nдва три\n", done.stderr


def test_the_exit_code_of_run_app_is_refused_not_left_unwritten() -> None:
    """``ЗапуститьПриложение``'s fourth argument is written back on OneScript; the
    interpreter cannot write a built-in's argument back, so it says so."""
    printed = _run('Код = 0;\nПопытка ЗапуститьПриложение("true", , Истина, Код); '
                   'Исключение Сообщить(ОписаниеОшибки()); КонецПопытки;\n')
    assert "не поддерживает КодВозврата ЗапуститьПриложение" in printed


def test_a_confined_run_may_not_change_to_a_folder_outside(tmp_path: Path) -> None:
    file_policy.install(file_policy.confined([str(tmp_path)]))
    try:
        printed = _run('Попытка УстановитьТекущийКаталог("/"); Исключение '
                       'Сообщить(ИнформацияОбОшибке().Описание); КонецПопытки;\n'
                       'Попытка Д = Новый ИнформацияОДиске("/"); Исключение '
                       'Сообщить(ИнформацияОбОшибке().Описание); КонецПопытки;\n')
    finally:
        file_policy.install(file_policy.UNRESTRICTED_POLICY)
    assert printed == "Ошибка доступа к файлу: '/'\n" * 2


def test_a_run_in_this_process_gives_the_working_folder_back(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capfd: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    program = tmp_path / "cd.os"
    program.write_text('УстановитьТекущийКаталог("/");\nСообщить(ТекущийКаталог());\n',
                       encoding="utf-8")
    assert execute("bsl", program, dialect="onescript") == 0
    assert capfd.readouterr().out == "/\n"
    assert Path.cwd() == tmp_path

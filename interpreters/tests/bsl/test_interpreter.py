"""Unit tests of the 1C front-end: source handling, warnings, dialects, compile errors and
the command line."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from portinterp.bsl import compile_text, run_file, run_program
from portinterp.errors import CompileError

NBSP = "\xa0"


def run_text(text: str, dialect: str = "platform") -> tuple[str, list[str]]:
    out = io.StringIO()
    warnings = run_program(compile_text(text, "t.bsl"), stdin=io.StringIO(), stdout=out,
                           dialect=dialect)
    return out.getvalue(), warnings


def test_bom_and_crlf_are_accepted(tmp_path: Path) -> None:
    source = tmp_path / "crlf.bsl"
    source.write_bytes("\ufeffА = 1;\r\nСообщить(\"строка \" + Строка(А));\r\n".encode())
    out = io.StringIO()
    run_file(source, stdin=io.StringIO(), stdout=out)
    assert out.getvalue() == "строка 1\n"


def test_line_numbers_survive_crlf_and_directives(tmp_path: Path) -> None:
    source = tmp_path / "bad.bsl"
    source.write_bytes("#Область Главная\r\n&НаКлиенте\r\nСообщить(1 / 0);\r\n#КонецОбласти\r\n"
                       .encode())  # a #Область left open does not compile (test_preprocessor)
    with pytest.raises(Exception, match=r"bad\.bsl:3:1: Деление на ноль$"):
        run_file(source, stdin=io.StringIO(), stdout=io.StringIO())


def test_implicit_number_to_string_warns_once_per_place() -> None:
    text = "Для i = 1 По 3 Цикл\n\tСообщить(\"Игра \" + 1000000);\nКонецЦикла;\n"
    printed, warnings = run_text(text)
    assert printed == f"Игра 1{NBSP}000{NBSP}000\n" * 3
    assert len(warnings) == 1
    assert warnings[0].startswith("t.bsl:2:2: warning: ")
    assert "1000000" in warnings[0]


def test_a_number_that_reads_the_same_in_both_dialects_does_not_warn() -> None:
    printed, warnings = run_text("Сообщить(-3);\nСообщить(\"Ход \" + 42);\nСообщить(1.5);\n")
    assert printed == "-3\nХод 42\n1,5\n"
    assert len(warnings) == 1  # only 1,5 (OneScript: 1.5)
    assert warnings[0].startswith("t.bsl:3:1: warning: ")


def test_explicit_conversion_does_not_warn() -> None:
    printed, warnings = run_text('Сообщить("Игра " + Формат(1000000, "ЧГ=0"));\n')
    assert printed == "Игра 1000000\n"
    assert warnings == []


def test_onescript_dialect_keeps_scale_and_skips_grouping() -> None:
    printed, _ = run_text("Сообщить(Строка(1234567.5));\nСообщить(1.50 * 1);\n", "onescript")
    assert printed == "1234567.5\n1.50\n"


def test_compile_error_is_one_line() -> None:
    with pytest.raises(CompileError) as caught:
        compile_text("Сообщить(Неизвестная);\n", "x.bsl")
    assert str(caught.value) == "x.bsl:1:10: Переменная не определена (Неизвестная)"


def test_procedure_cannot_see_module_body_variables() -> None:
    text = "Процедура П()\n\tСообщить(ИзТела);\nКонецПроцедуры\nИзТела = 1;\nП();\n"
    with pytest.raises(CompileError, match=r"2:11: Переменная не определена \(ИзТела\)"):
        compile_text(text, "t.bsl")


def test_module_variable_declared_after_procedure_is_a_syntax_error() -> None:
    with pytest.raises(CompileError, match="Синтаксическая ошибка"):
        compile_text("Процедура П()\nКонецПроцедуры\nПерем А;\n", "t.bsl")


def test_cli_prints_output_and_exits_1_on_run_time_error(tmp_path: Path) -> None:
    source = tmp_path / "p.bsl"
    source.write_text('Сообщить("до");\nСообщить(1 / 0);\n', encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "portinterp.bsl", str(source)],
                            capture_output=True, text=True, cwd=tmp_path, check=False)
    assert result.returncode == 1
    assert result.stdout == "до\n"
    assert result.stderr == f"{source}:2:1: Деление на ноль\n"


def test_cli_usage_error_exits_2(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "portinterp.bsl",
                             str(tmp_path / "missing.bsl")],
                            capture_output=True, text=True, cwd=tmp_path, check=False)
    assert result.returncode == 2




def test_a_read_stream_of_binary_data_in_a_fresh_process(tmp_path: Path) -> None:
    """``ОткрытьПотокДляЧтения`` before any object type was constructed: the library's
    streams load then (types load lazily; ``binary_data`` may not import ``streams``)."""
    source = tmp_path / "stream.os"
    source.write_text('Д = ПолучитьДвоичныеДанныеИзСтроки("abc");\n'
                      'Сообщить(Д.ОткрытьПотокДляЧтения().Размер());\n', encoding="utf-8")
    result = subprocess.run([sys.executable, "-m", "portinterp.bsl", "--dialect", "onescript",
                             str(source)], capture_output=True, text=True, cwd=tmp_path,
                            check=False)
    assert (result.returncode, result.stdout, result.stderr) == (0, "3\n", "")

"""Unit tests of the 1C front-end: source handling, warnings, dialects, the CLI, the
runner, and the FreeCell programs against the article and the reference."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest
from article import article_deals
from project_reference import freecell

from portcheck.errors import UsageError
from portcheck.runners.bsl import BslRunner
from portinterp.bsl import compile_text, run_file, run_program
from portinterp.errors import CompileError

output = freecell.output

ROOT = Path(__file__).resolve().parents[2]
NBSP = "\xa0"

# The article's printed result of Игра(1); Игра(617); (seeds/000_01165c5c1e87014b.txt).
ARTICLE_OUTPUT = article_deals()[1] + article_deals()[617]


def run_text(text: str, dialect: str = "platform") -> tuple[str, list[str]]:
    out = io.StringIO()
    warnings = run_program(compile_text(text, "t.bsl"), stdin=io.StringIO(), stdout=out,
                           dialect=dialect)
    return out.getvalue(), warnings


def render_freecell(games: list[int]) -> str:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(ROOT / "templates"), undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    cases = [SimpleNamespace(id=f"game-{g}", params={"game": g}) for g in games]
    return environment.get_template("bsl/freecell.bsl.j2").render(cases=cases,
                                                                   algorithm="freecell")


def test_bom_and_crlf_are_accepted(tmp_path: Path) -> None:
    source = tmp_path / "crlf.bsl"
    source.write_bytes("\ufeffА = 1;\r\nСообщить(\"строка \" + Строка(А));\r\n".encode())
    out = io.StringIO()
    run_file(source, stdin=io.StringIO(), stdout=out)
    assert out.getvalue() == "строка 1\n"


def test_line_numbers_survive_crlf_and_directives(tmp_path: Path) -> None:
    source = tmp_path / "bad.bsl"
    source.write_bytes("#Область Главная\r\n&НаКлиенте\r\nСообщить(1 / 0);\r\n".encode())
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


def test_article_program_as_printed_joins_adjacent_literals_with_a_line_feed() -> None:
    """In the article ``Рез + ""`` / ``""`` on two lines: adjacent string literals are one
    string with a line feed between them, so the printed code runs as it stands.  Each line
    starts with a space (``Рез + " " + карта``) that the typeset output does not show."""
    fixed = (ROOT / "ports/freecell/bsl-article/freecell.bsl").read_text(encoding="utf-8")
    as_printed = fixed.replace("Рез = Рез + Символы.ПС;", 'Рез = Рез + ""\n"";')
    expected = "".join(" " + line + "\n" for line in ARTICLE_OUTPUT.splitlines())
    assert run_text(as_printed)[0] == expected
    assert run_text(fixed)[0] == expected


def test_freecell_template_prints_the_reference_output() -> None:
    games = [1, 617, 2, 1000000, 2**31 - 1]
    printed, warnings = run_text(render_freecell(games))
    assert printed == "".join(output(game) for game in games)
    assert printed.startswith(ARTICLE_OUTPUT)
    assert warnings == []


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
                            capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 1
    assert result.stdout == "до\n"
    assert result.stderr == f"{source}:2:1: Деление на ноль\n"


def test_cli_usage_error_exits_2(tmp_path: Path) -> None:
    result = subprocess.run([sys.executable, "-m", "portinterp.bsl",
                             str(tmp_path / "missing.bsl")],
                            capture_output=True, text=True, cwd=ROOT, check=False)
    assert result.returncode == 2


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
    from portcheck.runners.base import BuildError

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

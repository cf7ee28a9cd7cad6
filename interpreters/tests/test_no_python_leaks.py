"""No program given to the embedded interpreters ends in a Python exception (issue 8): each
class of program that used to leak one — deep nesting, deep recursion, numbers past
Python's digit limit, digit counts past the decimal context, huge arrays, lone surrogates
in the output, an encoding that is no text codec — compiles and runs, or ends in the
language's own error with ``file:line:col``."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from portinterp import bsl, kumir
from portinterp.bsl.platform import BslRuntime
from portinterp.core.parsing import MAX_NESTING
from portinterp.errors import CompileError, RunError
from portinterp.kumir.runtime.core import KumirRuntime
from portinterp.program_cache import CACHE_ENV


def run_bsl(text: str) -> str:
    """What the program prints, then ``!file:line:col: message`` if it stops with an error."""
    return _outcome(bsl, text, "p.bsl")


def run_kumir(text: str, stdin: str = "") -> str:
    return _outcome(kumir, text, "p.kum", stdin)


def _outcome(front: object, text: str, name: str, stdin: str = "") -> str:
    out = io.StringIO()
    try:
        program = front.compile_text(text, name)  # type: ignore[attr-defined]
        front.run_program(program, stdin=io.StringIO(stdin), stdout=out)  # type: ignore[attr-defined]
    except (CompileError, RunError) as error:
        return out.getvalue() + f"!{error}"
    return out.getvalue()


def kumir_main(body: str, decls: str = "") -> str:
    return f"алг\nнач\n{decls}{body}кон\n"


# ---- nesting: the generated Python stays within CPython's parser and compiler limits ----

def chained(n: int, op: str = "+") -> str:
    return f" {op} ".join(["1"] * n)


@pytest.mark.parametrize(("expression", "printed"), [
    (chained(202), "202"),  # was SyntaxError: too many nested parentheses
    (chained(2000), "2\xa0000"),
    ("-" * 500 + "А", "1"),  # was RecursionError (an even count: 1)
    ("-" * 2001 + "А", "-1"),
    ("(" * 3000 + "А" + " + 1)" * 3000, "3\xa0001"),
], ids=["202-plus", "2000-plus", "500-minus", "2001-minus", "3000-brackets"])
def test_deep_1c_expressions_compile_and_run(expression: str, printed: str) -> None:
    assert run_bsl(f"А = 1;\nБ = {expression};\nСообщить(Формат(Б, \"ЧН=0\"));\n") \
        == printed + "\n"


def test_1000_nested_1c_ifs_and_5000_nested_calls_run() -> None:
    ifs = "Если Истина Тогда\n" * 1000 + "Сообщить(1);\n" + "КонецЕсли;\n" * 1000
    calls = ("Функция Ф(х)\n Возврат х + 1;\nКонецФункции\n"
             "Сообщить(Формат(" + "Ф(" * 5000 + "0" + ")" * 5000 + ", \"ЧГ=0\"));\n")
    assert run_bsl(ifs) == "1\n"
    assert run_bsl(calls) == "5000\n"


@pytest.mark.parametrize("depth", [99, 1000])
def test_deeply_nested_kumir_ifs_run(depth: int) -> None:  # 99 was IndentationError
    body = "если да то\n" * depth + "вывод 1\n" + "все\n" * depth
    assert run_kumir(kumir_main(body)) == "1"


def test_deep_kumir_expressions_and_calls_run() -> None:
    # KuMir takes a sign only at the start of an expression: 2001 minus signs nested.
    minuses = "-(" * 2001 + "а" + ")" * 2001
    sums = kumir_main(f"а := {chained(2000)}\nвывод а, нс\nб := {minuses}\nвывод б\n",
                      "цел а, б\n")
    calls = ("алг\nнач\nвывод " + "ф(" * 5000 + "0" + ")" * 5000 + "\nкон\n"
             "алг цел ф(цел х)\nнач\nзнач := х + 1\nкон\n")
    assert run_kumir(sums) == "2000\n-2000"
    assert run_kumir(calls) == "5000"


def test_loops_nested_past_pythons_static_block_limit_keep_break_continue_return() -> None:
    # Python allows 20 nested loops in one function: the deep ones become closures, and a
    # Прервать/Продолжить/Возврат inside them must still reach the right loop or caller.
    loops = "".join(f"Для к{n} = 1 По 2 Цикл\n" for n in range(30))
    text = ("Функция Ф(н)\nс = 0;\n" + loops + "с = с + 1;\n"
            "Если к29 = 1 Тогда Продолжить; КонецЕсли;\n"
            "Если с > 5 Тогда Возврат н * 2 + с; КонецЕсли;\n"
            "Если к28 = 2 Тогда Прервать; КонецЕсли;\n" + "КонецЦикла;\n" * 30
            + "Возврат -1;\nКонецФункции\nСообщить(Ф(21));\n")
    assert run_bsl(text) == "48\n"  # the 11th innermost pass: с = 6, as Python computes it


def test_by_reference_arguments_inside_deep_code_reach_their_variables() -> None:
    # Calls in an expression cut into helpers, inside blocks cut into functions: the
    # by-reference write-backs still assign the procedure's own variable.
    text = ("Процедура П(х)\n х = х + 1;\nКонецПроцедуры\n"
            "Функция Ф(х)\n П(х);\n Возврат х;\nКонецФункции\n"
            "Процедура Г()\nа = 1;\n" + "Если Истина Тогда\n" * 60
            + "П(а); Б = Ф(а) + " + " + ".join(["Ф(а)"] * 40) + ";\n"
            "Сообщить(а); Сообщить(Б);\n" + "КонецЕсли;\n" * 60 + "КонецПроцедуры\nГ();\n")
    assert run_bsl(text) == "43\n943\n"


def test_an_elif_chain_of_5000_branches_runs() -> None:
    branches = "".join(f"ИначеЕсли х = {n} Тогда\nСообщить({n});\n" for n in range(1, 5000))
    text = f"х = 4999;\nЕсли х = 0 Тогда\nСообщить(0);\n{branches}КонецЕсли;\n"
    assert run_bsl(text) == "4\xa0999\n"


def test_nesting_past_the_limit_is_a_compile_error_at_its_place() -> None:
    depth = MAX_NESTING + 10
    text = "А = 1;\nБ = " + "-" * depth + "А;\n"
    outcome = run_bsl(text)
    assert outcome.startswith("!p.bsl:2:")
    assert "Слишком глубокая вложенность" in outcome


# ---- deep recursion at run time: the language's stack overflow, at a documented depth ----

def test_1c_recursion_100000_deep_runs_and_endless_recursion_is_catchable() -> None:
    text = ("Функция Ф(н)\n Если н = 0 Тогда Возврат 0; КонецЕсли;\n"
            " Возврат Ф(н - 1) + 1;\nКонецФункции\n"
            "Сообщить(Формат(Ф(100000), \"ЧГ=0\"));\n"
            "Попытка\n Ф(-1);\nИсключение\n Сообщить(ОписаниеОшибки());\nКонецПопытки;\n"
            "Ф(-1);\n")
    assert run_bsl(text) == ("100000\nПереполнение стека встроенного языка\n"
                             "!p.bsl:3:2: Переполнение стека встроенного языка")


def test_kumir_recursion_100000_deep_runs_and_endless_recursion_is_its_error() -> None:
    text = ("алг\nнач\nвывод ф(100000), нс\nвывод ф(-1)\nкон\n"
            "алг цел ф(цел н)\nнач\n"
            "если н = 0 то знач := 0 иначе знач := ф(н - 1) + 1 все\nкон\n")
    assert run_kumir(text) == "100000\n!p.kum:8:31: Слишком много вложенных вызовов алгоритмов"


# ---- numbers past Python's digit limit and the decimal context ---------------------------

DIGIT_LIMIT = "Число длиннее 4300 цифр не может быть преобразовано в строку"


@pytest.mark.parametrize("expression", [
    "Pow(10, 5000)", "Exp(10000)", 'Число("' + "1" * 100_000 + '")'])
def test_numbers_too_long_to_print_are_a_catchable_1c_error(expression: str) -> None:
    text = (f"А = {expression};\nПопытка\n Сообщить(А);\nИсключение\n"
            " Сообщить(\"поймано\");\nКонецПопытки;\nСообщить(А);\n")
    outcome = run_bsl(text)
    assert outcome.startswith("поймано\n!p.bsl:7:1: " + DIGIT_LIMIT)


def test_a_100000_digit_1c_literal_is_a_compile_error_at_the_literal() -> None:
    assert run_bsl("А = 0;\nА = " + "1" * 100_000 + ";\n").startswith(
        "!p.bsl:2:5: Слишком длинное число: больше 4300 цифр")


def test_kumir_whole_numbers_of_5000_digits_overflow() -> None:
    digits = "1" * 5000
    assert run_kumir(kumir_main(f"а := {digits}\n", "цел а\n")) \
        == "!p.kum:4:6: Слишком большое вещественное значение"  # KuMir 2: a вещ literal
    assert run_kumir(kumir_main("ввод а\nвывод а\n", "цел а\n"), stdin=digits + "\n") \
        == "!p.kum:4:6: Ошибка ввода: слишком большое целое число"  # KuMir 2's words


def test_rounding_to_a_billion_digits_is_exact_and_format_names_its_limit() -> None:
    text = ("Сообщить(Строка(Окр(1.5, 1000000000)));\nСообщить(Строка(Окр(1.5, -1000000000)));\n"
            "Сообщить(Строка(Окр(Pow(10, 50) + 7, -1) - Pow(10, 50)));\n"
            'Сообщить(Формат(123.456, "ЧДЦ=999999999"));\n')
    assert run_bsl(text) == ("1,5\n0\n10\n!p.bsl:4:1: Формат: больше 1000 цифр не "
                             "поддерживается (предел встроенного интерпретатора)")


# ---- memory: huge arrays and tables, MemoryError ----------------------------------------

def test_a_two_billion_item_array_is_a_catchable_out_of_memory_error() -> None:
    text = ("Попытка\n А = Новый Массив(2000000000);\nИсключение\n"
            " Сообщить(ОписаниеОшибки());\nКонецПопытки;\nБ = Новый Массив(100000, 100000);\n")
    assert run_bsl(text) == "Недостаточно памяти\n!p.bsl:6:1: Недостаточно памяти"


def test_a_two_billion_item_kumir_table_is_out_of_memory() -> None:
    assert run_kumir(kumir_main("целтаб т[1:2000000000]\n")) \
        == "!p.kum:3:8: Недостаточно памяти"


def test_memory_error_is_each_languages_out_of_memory_error() -> None:
    streams = (io.StringIO(), io.StringIO())
    assert BslRuntime(*streams).fault_from(MemoryError()) == "Недостаточно памяти"
    assert KumirRuntime(*streams).fault_from(MemoryError()) == "Недостаточно памяти"


# ---- the command line: output that UTF-8 cannot hold, encodings that are no text codec ----

def command(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[bytes]:
    env = {**os.environ, CACHE_ENV: str(tmp_path / "cache")}
    return subprocess.run([sys.executable, *args], capture_output=True, cwd=tmp_path, env=env,
                          timeout=120, check=False)


@pytest.mark.parametrize(("name", "text"), [
    ("p.bsl", 'Сообщить("а" + Символ(56448) + "б");\n'),
    ("p.kum", 'алг\nнач\nвывод "а", юнисимвол(56448), "б", нс\nкон\n'),
])
def test_a_lone_surrogate_prints_as_the_replacement_character(
        tmp_path: Path, name: str, text: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    language = "bsl" if name.endswith(".bsl") else "kumir"
    done = command(tmp_path, "-m", f"portinterp.{language}", name)
    assert (done.returncode, done.stdout, done.stderr) == (0, "а\ufffdб\n".encode(), b"")


@pytest.mark.parametrize("encoding", ["rot13", "hex", "undefined", "no-such-codec"])
def test_an_encoding_that_is_no_text_codec_is_one_usage_line(
        tmp_path: Path, encoding: str) -> None:
    (tmp_path / "p.bsl").write_text("Сообщить(1);\n", encoding="utf-8")
    for args in (["-m", "portinterp.bsl"], ["-m", "portinterp", "bsl"]):
        done = command(tmp_path, *args, "p.bsl", "--encoding", encoding)
        lines = done.stderr.decode().splitlines()
        assert done.returncode == 2
        assert lines[-1].endswith(f"'{encoding}' is not a text encoding (e.g. utf-8, cp1251)")
        assert "Traceback" not in done.stderr.decode()


def test_utf16_without_its_bom_is_one_line(tmp_path: Path) -> None:
    # 22 bytes of UTF-8: an even count, so the UTF-16 decoder asks for its BOM (UnicodeError)
    (tmp_path / "p.bsl").write_text("Сообщить(12);\n", encoding="utf-8")
    done = command(tmp_path, "-m", "portinterp.bsl", "p.bsl", "--encoding", "utf-16")
    assert done.returncode == 1
    assert done.stderr.decode().splitlines() == [
        "p.bsl:1:1: the file is not utf-16 text (UTF-16 stream does not start with BOM); "
        "try --encoding cp1251"]

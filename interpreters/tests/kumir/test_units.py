"""Unit tests: number formats, ``ввод`` reading, source encodings, the runner."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from portinterp.errors import CompileError, ProgramFault, SourceError
from portinterp.kumir import compile_file, run_file
from portinterp.kumir.runtime.formatting import format_real
from portinterp.kumir.runtime.inputs import InputReader

PROGRAM = 'алг\nнач\n  вывод "Жук", 1/4, нс\nкон\n'


@pytest.mark.parametrize(("value", "text"), [
    (3.5, "3.5"), (100.0, "100.0"), (1 / 3, "0.33333333333333"), (1e10, "1e+10"),
    (1234567.0, "1.234567e+06"), (0.0001, "0.0001"), (0.00012, "0.00012"),
    (0.00001, "1e-05"), (-0.5, "-0.5"), (0.0, "0.0"), (2.0 / 3, "0.66666666666667"),
    (999999.5, "999999.5"), (123456.789, "123456.789"),
])
def test_real_format(value: float, text: str) -> None:
    assert format_real(value) == text


def test_input_numbers_across_lines_and_rest_of_line() -> None:
    reader = InputReader(io.StringIO("  12\n-3 x y\n\n7\n"))
    assert reader.read_int() == 12
    assert reader.read_int() == -3
    assert reader.read_str() == " x y"  # the rest of the line, leading space included
    assert reader.read_str() == ""  # an empty line: a key press
    assert reader.read_int() == 7


def test_input_string_after_a_number_is_the_rest_of_its_line() -> None:
    # As KuMir 2 (kumir2-run): "ввод n" then "ввод s" with "5\\nслово" gives s = "".
    reader = InputReader(io.StringIO("5\nслово\n"))
    assert reader.read_int() == 5
    assert reader.read_str() == ""
    assert reader.read_str() == "слово"


def test_input_char_takes_spaces_and_line_breaks() -> None:
    reader = InputReader(io.StringIO("5 ab\nc"))
    assert [reader.read_int(), reader.read_char(), reader.read_str(), reader.read_char()] \
        == [5, " ", "ab", "c"]


def test_input_end_of_data_is_a_fault() -> None:
    with pytest.raises(ProgramFault, match="Ошибка ввода целого числа: текст закончился"):
        InputReader(io.StringIO("")).read_int()
    # A deviation: kumir2-run gives "" for a лит once the input is over.
    reader = InputReader(io.StringIO("a\n"))
    assert reader.read_str() == "a"
    with pytest.raises(ProgramFault, match="Ошибка ввода строки: текст закончился"):
        reader.read_str()


def test_input_out_of_range_integer_is_kumirs_input_error() -> None:
    with pytest.raises(ProgramFault, match="Ошибка ввода: слишком большое целое число"):
        InputReader(io.StringIO("2147483648")).read_int()
    assert InputReader(io.StringIO("-2147483648 $1F")).read_int() == -2147483648


@pytest.mark.parametrize(("data", "encoding"), [
    (PROGRAM.encode("utf-8"), "utf-8-sig"),
    (b"\xef\xbb\xbf" + PROGRAM.encode("utf-8"), "utf-8-sig"),
    (PROGRAM.replace("\n", "\r\n").encode("utf-8"), "utf-8-sig"),
    (PROGRAM.encode("cp1251"), "cp1251"),
])
def test_source_encodings(tmp_path: Path, data: bytes, encoding: str) -> None:
    source = tmp_path / "p.kum"
    source.write_bytes(data)
    out = io.StringIO()
    run_file(source, stdin=io.StringIO(), stdout=out, encoding=encoding)
    assert out.getvalue() == "Жук0.25\n"


def test_cp1251_file_read_as_utf8_is_a_one_line_error(tmp_path: Path) -> None:
    source = tmp_path / "p.kum"
    source.write_bytes(PROGRAM.encode("cp1251"))
    with pytest.raises(CompileError, match="cp1251"):
        compile_file(source)


def test_first_algorithm_with_parameters_reads_them_from_stdin(tmp_path: Path) -> None:
    # As KuMir 2: prompts for each argument, prints each result at the end (recorded:
    # kumir2-run gives "Введите x: 5y = 10\n" for this program and input "5").
    source = tmp_path / "p.kum"
    source.write_text("алг f(цел x, рез цел y)\nнач\n y := x*2\n вывод x\nкон\n",
                      encoding="utf-8")
    out = io.StringIO()
    run_file(source, stdin=io.StringIO("5\n"), stdout=out)
    assert out.getvalue() == "Введите x: 5y = 10\n"
    with pytest.raises(SourceError, match="Не все аргументы первого алгоритма"):
        run_file(source, stdin=io.StringIO("abc\n"), stdout=io.StringIO())


@pytest.mark.parametrize("expression", ["2 * -3", "2 ** -1", "5 - -x"])
def test_a_sign_after_an_operator_is_an_extra_operator(tmp_path: Path, expression: str) -> None:
    # kumir2-run: «Лишний оператор» for each (a sign only starts an expression).
    source = tmp_path / "p.kum"
    source.write_text(f"алг\nнач\n  цел x\n  x := 1\n  вывод {expression}\nкон\n",
                      encoding="utf-8")
    with pytest.raises(CompileError, match=r"p\.kum:5:\d+: Лишний оператор$"):
        compile_file(source)


@pytest.mark.parametrize(("header", "column"), [("алг НОД и НОК", 9), ("алг цел f(цел до)", 15)])
def test_a_keyword_in_an_algorithm_name_is_reported_as_kumir_does(
        tmp_path: Path, header: str, column: int) -> None:
    # kumir2-run: «Ключевое слово в имени» at the keyword for both.
    source = tmp_path / "p.kum"
    source.write_text(f"{header}\nнач\nкон\n", encoding="utf-8")
    with pytest.raises(CompileError, match=rf"p\.kum:1:{column}: Ключевое слово в имени$"):
        compile_file(source)

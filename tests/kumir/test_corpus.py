"""Each corpus program prints exactly its ``.out``; each error program stops with exactly
the one-line message of its ``.err`` (``line:col: message``)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from portinterp.errors import CompileError, RunError, SourceError
from portinterp.kumir import run_file

HERE = Path(__file__).parent
PROGRAMS = sorted((HERE / "corpus").glob("*.kum"))
ERRORS = sorted((HERE / "errors").glob("*.kum"))


def _stdin(program: Path) -> io.StringIO:
    given = program.with_suffix(".in")
    return io.StringIO(given.read_text(encoding="utf-8") if given.exists() else "")


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_prints_expected_output(program: Path) -> None:
    out = io.StringIO()
    run_file(program, stdin=_stdin(program), stdout=out)
    assert out.getvalue() == program.with_suffix(".out").read_text(encoding="utf-8")


@pytest.mark.parametrize("program", ERRORS, ids=[p.stem for p in ERRORS])
def test_error_program_fails_with_expected_message(program: Path) -> None:
    expected = program.with_suffix(".err").read_text(encoding="utf-8").strip()
    with pytest.raises(SourceError) as caught:
        run_file(program, stdin=_stdin(program), stdout=io.StringIO())
    error = caught.value
    assert str(error) == f"{program}:{expected}"
    assert "\n" not in str(error)


def test_compile_errors_are_found_before_running() -> None:
    with pytest.raises(CompileError):
        run_file(HERE / "errors" / "rnd_to_int.kum", stdin=io.StringIO(), stdout=io.StringIO())


def test_run_errors_keep_output_printed_before_them() -> None:
    out = io.StringIO()
    with pytest.raises(RunError):
        run_file(HERE / "errors" / "freecell_int_overflow.kum", stdin=io.StringIO(), stdout=out)
    # 214013 * 1 + 2531011 = 2745024 fits; 214013 * 2745024 does not.
    assert out.getvalue() == "2745024\n"

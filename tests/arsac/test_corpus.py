"""The puzzle book's language: each ``corpus/<name>.arsac`` must print ``<name>.out``; each
``errors/<name>.arsac`` must stop with the one-line message in ``<name>.err``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from portinterp.arsac import run_file
from portinterp.errors import SourceError

HERE = Path(__file__).parent
PROGRAMS = sorted((HERE / "corpus").glob("*.arsac"))
FAILING = sorted((HERE / "errors").glob("*.arsac"))


def run(path: Path) -> str:
    out = io.StringIO()
    run_file(path, stdin=io.StringIO(), stdout=out)
    return out.getvalue()


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_prints_expected_output(program: Path) -> None:
    assert run(program) == program.with_suffix(".out").read_text(encoding="utf-8")


@pytest.mark.parametrize("program", FAILING, ids=[p.stem for p in FAILING])
def test_failing_program_reports_one_line_error(program: Path) -> None:
    expected = program.with_suffix(".err").read_text(encoding="utf-8").strip()
    with pytest.raises(SourceError) as caught:
        run(program)
    assert str(caught.value) == f"{program}:{expected}"

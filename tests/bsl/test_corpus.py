"""The 1C corpus: each ``corpus/<name>.bsl`` must print ``<name>.out`` (platform
presentation) and, where present, ``<name>.onescript.out`` with ``--dialect onescript``;
each ``errors/<name>.bsl`` must stop with the one-line message in ``<name>.err``."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from portinterp.bsl import run_file
from portinterp.errors import SourceError

HERE = Path(__file__).parent
PROGRAMS = sorted((HERE / "corpus").glob("*.bsl"))
FAILING = sorted((HERE / "errors").glob("*.bsl"))


def run(path: Path, dialect: str = "platform") -> str:
    out = io.StringIO()
    run_file(path, stdin=io.StringIO(), stdout=out, dialect=dialect)
    return out.getvalue()


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_program_prints_expected_output(program: Path) -> None:
    expected = program.with_suffix(".out").read_text(encoding="utf-8")
    assert run(program) == expected


@pytest.mark.parametrize(
    "program",
    [p for p in PROGRAMS if p.with_suffix(".onescript.out").exists()],
    ids=lambda p: p.stem,
)
def test_program_prints_onescript_presentation(program: Path) -> None:
    expected = program.with_suffix(".onescript.out").read_text(encoding="utf-8")
    assert run(program, "onescript") == expected


@pytest.mark.parametrize("program", FAILING, ids=[p.stem for p in FAILING])
def test_failing_program_reports_one_line_error(program: Path) -> None:
    expected = program.with_suffix(".err").read_text(encoding="utf-8").strip()
    with pytest.raises(SourceError) as caught:
        run(program)
    assert str(caught.value) == f"{program}:{expected}"


def test_corpus_covers_every_error_kind() -> None:
    assert len(FAILING) >= 15

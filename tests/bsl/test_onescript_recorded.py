"""Programs whose output was recorded from OneScript 1.9.2 (``onescript/README.md``): the
embedded interpreter, in the OneScript dialect, must print the same."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from portcheck.interp.bsl import run_file

HERE = Path(__file__).parent / "onescript"
PROGRAMS = sorted(HERE.glob("*.bsl"))


@pytest.mark.parametrize("program", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_prints_what_onescript_printed(program: Path) -> None:
    expected = program.with_suffix(".onescript.out").read_text(encoding="utf-8")
    out = io.StringIO()
    run_file(program, stdin=io.StringIO(), stdout=out, dialect="onescript")
    assert out.getvalue() == expected

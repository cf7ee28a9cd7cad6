"""Programs whose output was recorded from OneScript 1.9.2 (``onescript/README.md``,
``onescript/everyday/README.md``): the embedded interpreter, in the OneScript dialect, must
print the same.  The everyday programs it still disagrees on are listed, with the reason, in
``onescript/everyday/disagreements.json`` (expected failures, strict)."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from portinterp.bsl import run_file

HERE = Path(__file__).parent / "onescript"
EVERYDAY = HERE / "everyday"
DISAGREEMENTS: dict[str, str] = json.loads(
    (EVERYDAY / "disagreements.json").read_text(encoding="utf-8"))


def case(program: Path) -> object:
    reason = DISAGREEMENTS.get(program.stem) if program.parent == EVERYDAY else None
    marks = [pytest.mark.xfail(reason=reason, strict=True)] if reason else []
    return pytest.param(program, id=program.stem, marks=marks)


PROGRAMS = [case(p) for p in sorted(HERE.glob("*.bsl")) + sorted(EVERYDAY.glob("*.bsl"))]


def test_every_listed_disagreement_is_a_program() -> None:
    assert set(DISAGREEMENTS) <= {p.stem for p in EVERYDAY.glob("*.bsl")}


@pytest.mark.parametrize("program", PROGRAMS)
def test_prints_what_onescript_printed(program: Path) -> None:
    expected = program.with_suffix(".onescript.out").read_text(encoding="utf-8")
    out = io.StringIO()
    run_file(program, stdin=io.StringIO(), stdout=out, dialect="onescript")
    assert out.getvalue() == expected

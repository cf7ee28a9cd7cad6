"""``portcheck render check|write``: a rendered program edited by hand fails ``check``, which
never writes; ``write`` restores it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import portcheck, write


def test_render_check_passes_on_the_project(project_copy: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "render", "check", "freecell")
    assert code == 0
    assert "ok   ports/freecell/python: up to date" in out


def test_render_check_fails_after_editing_a_rendered_program(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
    write(program, program.read_text(encoding="utf-8").replace("deal(617)", "deal(618)"))
    before = program.read_bytes()
    code, out, _ = portcheck(capsys, "render", "check", "freecell")
    assert code == 1
    assert "FAIL ports/freecell/python: freecell.py differs from its template" in out
    assert "ok   ports/freecell/java: up to date" in out
    assert out.strip().splitlines()[-1] == (
        "fix with: portcheck render write freecell --lang python (a change belongs in the "
        "template: write renders it again)")
    assert program.read_bytes() == before  # check never writes


def test_render_write_restores_the_program(project_copy: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
    original = program.read_bytes()
    write(program, "print('edited')\n")
    code, out, _ = portcheck(capsys, "render", "write", "freecell", "--lang", "python")
    assert code == 0
    assert "wrote ports/freecell/python/freecell.py" in out
    assert program.read_bytes() == original

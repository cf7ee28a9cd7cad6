"""The algorithms' reference pages (docs/algorithms/) are generated, and the committed ones
are what the suite says now."""

from __future__ import annotations

from pathlib import Path

from tests.helpers.cli import portcheck
from tests.helpers.reference import REPO


def test_committed_pages_are_up_to_date(capsys, monkeypatch) -> None:
    monkeypatch.chdir(REPO)
    monkeypatch.setenv("PORTCHECK_ROOT", str(REPO))
    code, out, _ = portcheck(capsys, "pages", "check")
    assert code == 0, f"{out}\nthe pages are generated: run portcheck pages write"


def test_a_changed_port_makes_its_page_stale(project_copy: Path, capsys) -> None:
    code, out, _ = portcheck(capsys, "pages", "write")
    assert code == 0 and "wrote docs/algorithms/freecell.md" in out
    page = (project_copy / "docs/algorithms/freecell.md").read_text(encoding="utf-8")
    assert "| `game-617` | game=617 | seeds/000_01165c5c1e87014b.txt (1C article): " \
           "printed output of Игра(617) |" in page
    assert "| `game` | 1..2147483647 | — | game number |" in page  # no default
    assert "| `ports/freecell/java` | Java | template | 9 |" in page
    (project_copy / "ports/freecell/java/port.yaml").write_text("cases: [game-2]\n", "utf-8")
    code, out, _ = portcheck(capsys, "pages", "check")
    assert code == 1
    assert "FAIL docs/algorithms/freecell.md: out of date" in out
    assert "fix with: portcheck pages write" in out

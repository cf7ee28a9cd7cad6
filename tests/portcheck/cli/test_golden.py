"""``portcheck golden check|update`` in a copy of the project.

What is expected comes from the issue's rules for goldens: a missing golden fails and names
the command that fixes it; ``update`` never rewrites a changed case without
``--allow-changed``; ``--new-only`` only adds; ``--prune`` removes what the reference no
longer has; a case no port prints is a note; a partial run (``-k``) neither reports nor
deletes what it did not look at; the file written is the reference's cases, read back
exactly."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from portcheck.cli.main import main
from portcheck.golden.store import GoldenCase, read_golden, write_golden
from portcheck.suite.project import find_project
from tests.helpers.ports import explicit_port_yaml
from tests.helpers.reference import freecell

GAME_617_LINE_1 = "7♦ A♦ 5♣ 3♠ 5♠ 8♣ 2♦ A♥"  # the article's first line of Игра(617)
EDITED_LINE_1 = "7♦ A♦ 5♣ 3♠ 5♠ 8♣ 2♦ A♣"


def golden_file(root: Path) -> Path:
    return root / "golden" / "freecell.yaml"


def replace_once(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) == 1, f"{old!r} is not in {path} exactly once"
    path.write_text(text.replace(old, new), encoding="utf-8")


def edit_game_617(root: Path) -> None:
    replace_once(golden_file(root), GAME_617_LINE_1, EDITED_LINE_1)


def drop_case(root: Path, case_id: str) -> None:
    """Remove one case from the golden file, the way a stale checkout would lack it."""
    path = golden_file(root)
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    cases = {cid: GoldenCase(c["params"], c["output"], c.get("attested"))
             for cid, c in data["cases"].items() if cid != case_id}
    write_golden(path, "freecell", cases)


def golden(*words: str) -> int:
    return main(["golden", *words])


def last_line(text: str) -> str:
    return text.strip().splitlines()[-1]


def copied_cases() -> list[str]:
    """The case ids the copied project's reference declares."""
    return list(find_project().algorithm("freecell").cases)


def edit_reference(root: Path, line: str) -> None:
    """A line added at the end of the copied reference (before portcheck loads it)."""
    reference = root / "reference" / "freecell.py"
    reference.write_text(reference.read_text(encoding="utf-8") + line + "\n",
                         encoding="utf-8")


@pytest.fixture
def new_case(project_copy: Path) -> str:
    """A case the reference declares and no golden or port has yet: game 3."""
    edit_reference(project_copy, 'CASES = {**CASES, "game-3": {"game": 3}}')
    return "game-3"


def drop_reference_case(root: Path, case_id: str) -> None:
    """The copied reference no longer declares ``case_id``."""
    edit_reference(root, f"CASES = {{c: p for c, p in CASES.items() if c != {case_id!r}}}")


def test_check_passes_on_the_project(project_copy: Path,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert golden("check", "freecell") == 0
    out = capsys.readouterr().out
    assert "freecell match the reference" in out
    assert "FAIL" not in out


def test_missing_file_fails_with_the_fix(project_copy: Path,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    golden_file(project_copy).unlink()
    assert golden("check", "freecell") == 1
    out = capsys.readouterr().out
    assert "golden/freecell.yaml: missing golden file" in out
    assert last_line(out).endswith("fix with: portcheck golden update freecell")
    assert not golden_file(project_copy).exists()  # check never writes


def test_missing_case_fails(project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    drop_case(project_copy, "game-32000")
    assert golden("check", "freecell") == 1
    out = capsys.readouterr().out
    assert "missing golden case game-32000" in out
    assert last_line(out).endswith("portcheck golden update freecell --new-only")


def test_edited_case_fails_with_a_diff(project_copy: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    edit_game_617(project_copy)
    before = golden_file(project_copy).read_bytes()
    assert golden("check", "freecell") == 1
    out = capsys.readouterr().out
    assert "case game-617 differs from the reference" in out
    assert "[game-617] (stored)" in out and "[game-617] (reference)" in out
    assert f"-| {EDITED_LINE_1}" in out.splitlines()
    assert f"+| {GAME_617_LINE_1}" in out.splitlines()
    assert last_line(out).endswith("portcheck golden update freecell --allow-changed")
    assert golden_file(project_copy).read_bytes() == before


def test_case_the_reference_dropped_fails_check(project_copy: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    # no port prints game-11982 after this edit, so the ports still load
    drop_reference_case(project_copy, "game-11982")
    for port_yaml in (project_copy / "ports" / "freecell").glob("*/port.yaml"):
        text = port_yaml.read_text(encoding="utf-8")
        port_yaml.write_text(text.replace(" game-11982,", ""), encoding="utf-8")
    assert golden("check", "freecell") == 1
    out = capsys.readouterr().out
    assert "case game-11982 is no longer a case of reference/freecell.py" in out
    assert last_line(out).endswith("portcheck golden update freecell --prune")


def test_stale_case_is_a_note(project_copy: Path, new_case: str,
                              capsys: pytest.CaptureFixture[str]) -> None:
    for language in ("bsl", "java", "kumir", "pascal", "python"):  # the cases they had
        explicit_port_yaml(project_copy, language)
    assert golden("update", "freecell", "--new-only") == 0
    capsys.readouterr()
    assert golden("check", "freecell") == 0
    out = capsys.readouterr().out
    assert "note 1 golden case of 1 file no port prints (stale unless a test reads them; " \
           "-v lists them)" in out.splitlines()
    assert golden("check", "freecell", "-v") == 0
    out = capsys.readouterr().out
    assert f"note golden/freecell.yaml: case {new_case}: no port prints it" in out
    assert "no port prints it" not in out.replace(f"case {new_case}: no port prints", "")


def test_the_cases_no_port_prints_are_one_line_without_v(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A small suite's verify once printed a note a case before its matrix."""
    for folder in (project_copy / "ports" / "freecell").iterdir():
        if folder.name != "java":
            shutil.rmtree(folder)
    for template in (project_copy / "templates").glob("*/freecell.*.j2"):
        if template.parent.name != "java":
            template.unlink()
    (project_copy / "ports" / "freecell" / "java" / "port.yaml").write_text(
        "cases: [game-617]\n", encoding="utf-8")
    assert golden("check", "freecell") == 0
    notes = [line for line in capsys.readouterr().out.splitlines() if line.startswith("note")]
    assert notes == ["note 8 golden cases of 1 file no port prints (stale unless a test reads "
                     "them; -v lists them)"]


def test_partial_check_reports_only_what_it_looked_at(
        project_copy: Path, new_case: str, capsys: pytest.CaptureFixture[str]) -> None:
    golden("update", "freecell", "--new-only")
    edit_game_617(project_copy)
    capsys.readouterr()
    assert golden("check", "freecell", "-k", "game-2") == 0  # game-2, game-2147483646/7
    out = capsys.readouterr().out
    assert "game-617" not in out
    assert new_case not in out
    assert golden("check", "freecell", "-k", "game-617") == 1
    assert "game-617" in capsys.readouterr().out


def test_glob_pattern_selects_cases(project_copy: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    edit_game_617(project_copy)
    assert golden("check", "freecell", "-k", "game-6?7") == 1
    assert "case game-617 differs" in capsys.readouterr().out
    # a pattern that selects no case would check nothing: a usage error, never "match"
    assert golden("check", "freecell", "-k", "game-6?8") == 2


def test_update_with_nothing_to_do_writes_nothing(project_copy: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    path = golden_file(project_copy)
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    assert golden("update", "freecell") == 0
    assert "goldens already up to date" in capsys.readouterr().out
    assert path.read_bytes() == before
    assert path.stat().st_mtime_ns == mtime


def test_update_refuses_a_changed_case(project_copy: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    edit_game_617(project_copy)
    path = golden_file(project_copy)
    before = path.read_bytes()
    assert golden("update", "freecell") == 1
    out = capsys.readouterr().out
    assert "case game-617 would change" in out and "--allow-changed" in out
    assert f"+| {GAME_617_LINE_1}" in out.splitlines()  # the diff is shown
    assert path.read_bytes() == before


def test_refused_change_blocks_new_cases_too(project_copy: Path, new_case: str) -> None:
    """All or nothing: a refused change leaves the file exactly as it was."""
    edit_game_617(project_copy)
    before = golden_file(project_copy).read_bytes()
    assert golden("update", "freecell") == 1
    assert golden_file(project_copy).read_bytes() == before


def test_allow_changed_restores_the_tool_written_file(project_copy: Path) -> None:
    path = golden_file(project_copy)
    original = path.read_bytes()
    edit_game_617(project_copy)
    assert golden("update", "freecell", "--allow-changed") == 0
    assert path.read_bytes() == original


def test_new_only_adds_only_new_cases(project_copy: Path, new_case: str,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    edit_game_617(project_copy)
    assert golden("update", "freecell", "--new-only") == 0
    out = capsys.readouterr().out
    assert "wrote golden/freecell.yaml" in out
    stored = read_golden(golden_file(project_copy), "freecell")
    assert stored is not None
    assert stored[new_case] == GoldenCase({"game": 3}, freecell.output(3))
    assert stored["game-617"].output.startswith(EDITED_LINE_1 + "\n")  # left alone


def test_update_adds_a_missing_file(project_copy: Path) -> None:
    path = golden_file(project_copy)
    original = path.read_bytes()
    path.unlink()
    assert golden("update", "freecell") == 0
    assert path.read_bytes() == original


def test_prune_removes_cases_the_reference_no_longer_has(
        project_copy: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    drop_reference_case(project_copy, "game-11982")
    assert golden("update", "freecell") == 0  # without --prune: kept
    stored = read_golden(golden_file(project_copy), "freecell")
    assert stored is not None and "game-11982" in stored
    assert golden("update", "freecell", "--prune") == 0
    assert "removed case game-11982" in capsys.readouterr().out
    stored = read_golden(golden_file(project_copy), "freecell")
    assert stored is not None
    assert list(stored) == copied_cases()


def test_partial_prune_deletes_nothing_it_did_not_look_at(
        project_copy: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    drop_reference_case(project_copy, "game-11982")
    before = golden_file(project_copy).read_bytes()
    assert golden("update", "freecell", "--prune", "-k", "game-617") == 0
    assert golden_file(project_copy).read_bytes() == before


def test_partial_update_leaves_other_changed_cases(project_copy: Path) -> None:
    edit_game_617(project_copy)
    before = golden_file(project_copy).read_bytes()
    assert golden("update", "freecell", "--allow-changed", "-k", "game-32000") == 0
    assert golden_file(project_copy).read_bytes() == before


def test_written_file_is_yaml_that_reads_back_exactly(project_copy: Path) -> None:
    golden_file(project_copy).unlink()
    golden("update", "freecell")
    data = yaml.safe_load(golden_file(project_copy).read_text(encoding="utf-8"))
    assert data["algorithm"] == "freecell"
    assert list(data["cases"]) == list(freecell.CASES)
    for cid, params in freecell.CASES.items():
        assert data["cases"][cid]["params"] == params
        assert data["cases"][cid]["output"] == freecell.output(**params)
    assert data["cases"]["game-617"]["attested"].startswith("seeds/000_01165c5c1e87014b.txt")
    assert "attested" not in data["cases"]["game-32000"]


def test_update_leaves_no_temporary_files(project_copy: Path, new_case: str) -> None:
    golden("update", "freecell", "--new-only")
    assert sorted(p.name for p in (project_copy / "golden").iterdir()) == ["freecell.yaml"]


def test_malformed_golden_names_file_and_line(project_copy: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    replace_once(golden_file(project_copy), "  game-617:\n", "  game-617: [\n")
    assert golden("check", "freecell") == 2
    err = capsys.readouterr().err.strip()
    assert len(err.splitlines()) == 1
    assert "golden/freecell.yaml:" in err and "malformed YAML" in err

"""What a port.yaml of a port someone else wrote may declare (``portcheck.suite.ports``): a
reviewed presentation mapping (``normalize:``), per-case command-line arguments (``args:``)
and ``limits:`` reported as not applicable; and its mistakes, one line naming file and line."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from portcheck.cli.main import main
from tests.helpers.cli import portcheck
from tests.helpers.ports import CONTRIBUTED, append

PYTHON_PROGRAM = CONTRIBUTED / "deal_letters.py"
MAPPING = CONTRIBUTED / "letters.yaml"


def contributed_port(root: Path, extra: str = "") -> Path:
    folder = root / "ports" / "freecell" / "python-letters"
    folder.mkdir()
    shutil.copy2(PYTHON_PROGRAM, folder)
    (folder / "port.yaml").write_text(
        "algorithm: freecell\nlanguage: python\norigin: contributed\n"
        "program: deal_letters.py\ncases: [game-1, game-617]\ncompare: tokens\n"
        'args: ["{game}"]\n' + MAPPING.read_text(encoding="utf-8") + extra, encoding="utf-8")
    return folder


def test_a_contributed_port_with_args_and_normalize_verifies(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = contributed_port(project_copy)
    assert main(["render", "write", "freecell", "--lang", "python-letters"]) == 0
    transcript = (folder / "transcript.txt").read_text(encoding="utf-8")
    assert transcript.startswith("Hand 1\nJD 2D 9H")  # recorded as printed, not normalized
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python-letters", "-v")
    assert code == 0, out
    assert "normalized: chars C→♣" in out


@pytest.mark.parametrize(("extra", "message"), [
    ("runs: once\n", "a run for all cases cannot take one case's input"),
    ("options: {colour: red}\n", "python runs take no option 'colour'"),
    ("limits: {game: {high: 5}}\n", "limits: game needs low and/or high, and why"),
    ("limits: {game: {high: 0, why: x}}\n", "limits: game must be within 1..2147483647"),
])
def test_contributed_port_yaml_mistakes_name_file_and_line(
        project_copy: Path, capsys: pytest.CaptureFixture[str], extra: str,
        message: str) -> None:
    folder = contributed_port(project_copy, extra)
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    assert err.startswith(f"portcheck: error: {folder / 'port.yaml'}:")
    assert message in err


def test_normalize_is_refused_for_a_template_port(project_copy: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    append(project_copy / "ports" / "freecell" / "python" / "port.yaml",
           "normalize: {chars: {C: x}}\n")
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    assert "a template port prints the goldens' notation itself" in err


def test_limits_report_cases_as_not_applicable(project_copy: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    append(project_copy / "ports" / "freecell" / "python" / "port.yaml",
           "limits: {game: {high: 1000000, why: 'a demonstration'}}\n")
    assert main(["render", "write", "freecell", "--lang", "python"]) == 0
    program = (project_copy / "ports" / "freecell" / "python" / "freecell.py").read_text()
    assert "deal(2147483647)" not in program and "deal(617)" in program
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 0, out
    assert ("n/a  ports/freecell/python::limits: 3 cases not applicable to python: "
            "game-1073741824 (game=1073741824: a demonstration)") in out
    assert "with cases not applicable" in out

"""Ports someone else wrote: a reviewed presentation mapping (``normalize:``), per-case
command-line arguments (``args:``), token diffs a person can read, and ``portcheck check``
of one file.  The programs in tests/contributed/ print the deal the way many published ports
do: the game from argv, a ``Hand N`` header, suits as letters."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from portcheck.cli.main import main

HERE = Path(__file__).parent / "contributed"
PYTHON_PROGRAM = HERE / "deal_letters.py"
JAVA_PROGRAM = HERE / "DealLetters.java"
MAPPING = HERE / "letters.yaml"


def run(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    code = main(list(words))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_check_with_the_reviewed_mapping_passes(project_copy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "freecell", str(PYTHON_PROGRAM), "--args", "{game}",
                       "--normalize", str(MAPPING))
    assert code == 0
    assert "9 cases match the goldens" in out  # every case of the algorithm, one run each
    assert "normalized: chars C→♣ D→♦ H→♥ S→♠; dropped lines matching ^Hand \\d+$" in out


def test_check_without_the_mapping_fails_on_notation_with_a_readable_diff(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "freecell", str(PYTHON_PROGRAM), "--args", "{game}",
                       "--cases", "game-1", "--compare", "tokens")
    assert code == 1
    assert "case game-1, token 1: expected 'J♦', got 'Hand'" in out
    # the diff is the deal's lines with the differing tokens marked, not a token a line
    assert "-⟦J♦⟧ ⟦2♦⟧ ⟦9♥⟧ ⟦J♣⟧ ⟦5♦⟧ ⟦7♥⟧ ⟦7♣⟧ ⟦5♥⟧" in out
    assert "+⟦JD⟧ ⟦2D⟧ ⟦9H⟧ ⟦JC⟧ ⟦5D⟧ ⟦7H⟧ ⟦7C⟧ ⟦5H⟧" in out
    assert "+⟦Hand⟧ ⟦1⟧" in out


@pytest.mark.requires_runtime("java")
def test_check_a_java_file(project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "check", "freecell", str(JAVA_PROGRAM), "--args", "{game}",
                       "--cases", "game-617,game-2147483647", "--normalize", str(MAPPING))
    assert code == 0, out
    assert "2 cases match the goldens" in out


@pytest.mark.parametrize(("words", "message"), [
    (["check", "freecell", str(PYTHON_PROGRAM)], "say which cases the program prints"),
    (["check", "freecell", str(PYTHON_PROGRAM), "--cases", "game-99"], "no case 'game-99'"),
    (["check", "freecell", str(PYTHON_PROGRAM), "--args", "{seed}"],
     "{seed} is not an input of freecell"),
    (["check", "freecell", "deal.cob", "--cases", "game-1"], "no such file"),
    (["check", "freecell", str(MAPPING), "--cases", "game-1"],
     "cannot tell the language from the suffix"),
    (["check", "chess", str(PYTHON_PROGRAM)], "unknown algorithm 'chess'"),
])
def test_check_usage_errors_are_one_line(project_copy: Path, capsys: pytest.CaptureFixture[str],
                                         words: list[str], message: str) -> None:
    code, _, err = run(capsys, *words)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err


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
    code, out, _ = run(capsys, "verify", "freecell", "--lang", "python-letters", "-v")
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
    code, _, err = run(capsys, "verify", "freecell")
    assert code == 2
    assert err.startswith(f"portcheck: error: {folder / 'port.yaml'}:")
    assert message in err


def test_normalize_is_refused_for_a_template_port(project_copy: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    port_yaml = project_copy / "ports" / "freecell" / "python" / "port.yaml"
    port_yaml.write_text(port_yaml.read_text(encoding="utf-8") + "normalize: {chars: {C: x}}\n",
                         encoding="utf-8")
    code, _, err = run(capsys, "verify", "freecell")
    assert code == 2
    assert "a template port prints the goldens' notation itself" in err


def test_run_refuses_a_case_beyond_the_limits_of_the_languages_port(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``portcheck run`` honours the limits of the language's template port: a case the
    language cannot hold is one line and exit 2, not a run that overflows; the other
    languages, and the cases within the limits, still run."""
    port_yaml = project_copy / "ports" / "freecell" / "python" / "port.yaml"
    port_yaml.write_text(port_yaml.read_text(encoding="utf-8")
                         + "limits: {game: {high: 1000000, why: 'a demonstration'}}\n",
                         encoding="utf-8")
    code, out, err = run(capsys, "run", "freecell", "--lang", "python", "game=1000001")
    assert (code, out) == (2, "")
    assert err.strip() == ("portcheck: error: freecell: not applicable to python: "
                           "game=1000001: a demonstration "
                           "(limits in ports/freecell/python/port.yaml)")
    assert run(capsys, "run", "freecell", "--lang", "python", "game=1000000")[0] == 0
    assert run(capsys, "run", "freecell", "--lang", "bsl", "game=1000001")[0] == 0


def test_limits_report_cases_as_not_applicable(project_copy: Path,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    port_yaml = project_copy / "ports" / "freecell" / "python" / "port.yaml"
    port_yaml.write_text(port_yaml.read_text(encoding="utf-8")
                         + "limits: {game: {high: 1000000, why: 'a demonstration'}}\n",
                         encoding="utf-8")
    assert main(["render", "write", "freecell", "--lang", "python"]) == 0
    program = (project_copy / "ports" / "freecell" / "python" / "freecell.py").read_text()
    assert "deal(2147483647)" not in program and "deal(617)" in program
    code, out, _ = run(capsys, "verify", "freecell", "--lang", "python")
    assert code == 0, out
    assert ("n/a  ports/freecell/python::limits: 3 cases not applicable to python: "
            "game-1073741824 (game=1073741824: a demonstration)") in out
    assert "with cases not applicable" in out

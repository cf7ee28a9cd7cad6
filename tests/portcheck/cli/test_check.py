"""``portcheck check ALGO FILE``: one program someone else wrote, checked against the goldens
without a port folder: with and without its reviewed presentation mapping (a token diff a
person can read), a Java file, and usage errors in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import portcheck
from tests.helpers.ports import CONTRIBUTED

PYTHON_PROGRAM = CONTRIBUTED / "deal_letters.py"
JAVA_PROGRAM = CONTRIBUTED / "DealLetters.java"
MAPPING = CONTRIBUTED / "letters.yaml"


def test_check_with_the_reviewed_mapping_passes(project_copy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "check", "freecell", str(PYTHON_PROGRAM), "--args", "{game}",
                       "--normalize", str(MAPPING))
    assert code == 0
    assert "9 cases match the goldens" in out  # every case of the algorithm, one run each
    assert "normalized: chars C→♣ D→♦ H→♥ S→♠; dropped lines matching ^Hand \\d+$" in out


def test_check_without_the_mapping_fails_on_notation_with_a_readable_diff(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "check", "freecell", str(PYTHON_PROGRAM), "--args", "{game}",
                       "--cases", "game-1", "--compare", "tokens")
    assert code == 1
    assert "case game-1, token 1: expected 'J♦', got 'Hand'" in out
    # the diff is the deal's lines with the differing tokens marked, not a token a line
    assert "-⟦J♦⟧ ⟦2♦⟧ ⟦9♥⟧ ⟦J♣⟧ ⟦5♦⟧ ⟦7♥⟧ ⟦7♣⟧ ⟦5♥⟧" in out
    assert "+⟦JD⟧ ⟦2D⟧ ⟦9H⟧ ⟦JC⟧ ⟦5D⟧ ⟦7H⟧ ⟦7C⟧ ⟦5H⟧" in out
    assert "+⟦Hand⟧ ⟦1⟧" in out


@pytest.mark.requires_runtime("java")
def test_check_a_java_file(project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "check", "freecell", str(JAVA_PROGRAM), "--args", "{game}",
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
    code, _, err = portcheck(capsys, *words)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err

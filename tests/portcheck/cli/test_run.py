"""``portcheck run``: a template rendered for one case, built and run; a hanging or crashing
program reported with what it printed; a case beyond the limits of the language's port refused."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import portcheck, write
from tests.helpers.ports import CRASHING_PROGRAM, HANGING_PROGRAM, append
from tests.helpers.reference import freecell

GAME_617 = freecell.output(617)


def test_run_of_a_hanging_template(project_copy: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    write(project_copy / "templates" / "python" / "freecell.py.j2", HANGING_PROGRAM)
    code, out, err = portcheck(capsys, "run", "freecell", "--lang", "python", "game=1",
                               "--timeout", "1")
    assert code == 1
    assert "stopped at the time limit of 1 s" in err
    assert "J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥" in err  # what it printed before it was stopped
    assert out == ""


def test_run_of_a_crashing_template(project_copy: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    write(project_copy / "templates" / "python" / "freecell.py.j2", CRASHING_PROGRAM)
    code, _, err = portcheck(capsys, "run", "freecell", "--lang", "python", "game=1")
    assert code == 1
    assert "the deck is empty" in err
    assert "exit code 3" in err


def test_run_python_prints_the_reference_output(project_copy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = portcheck(capsys, "run", "freecell", "--lang", "python", "game=617")
    assert (code, out, err) == (0, GAME_617, "")


@pytest.mark.requires_runtime("java")
def test_run_java_at_the_top_of_the_range(project_copy: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "run", "freecell", "--lang", "java", "game=2147483647")
    assert code == 0
    assert out == freecell.output(2**31 - 1)


def test_run_refuses_a_case_beyond_the_limits_of_the_languages_port(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``portcheck run`` honours the limits of the language's template port: a case the
    language cannot hold is one line and exit 2, not a run that overflows; the other
    languages, and the cases within the limits, still run."""
    append(project_copy / "ports" / "freecell" / "python" / "port.yaml",
           "limits: {game: {high: 1000000, why: 'a demonstration'}}\n")
    code, out, err = portcheck(capsys, "run", "freecell", "--lang", "python", "game=1000001")
    assert (code, out) == (2, "")
    assert err.strip() == ("portcheck: error: freecell: not applicable to python: "
                           "game=1000001: a demonstration "
                           "(limits in ports/freecell/python/port.yaml)")
    assert portcheck(capsys, "run", "freecell", "--lang", "python", "game=1000000")[0] == 0
    assert portcheck(capsys, "run", "freecell", "--lang", "bsl", "game=1000001")[0] == 0

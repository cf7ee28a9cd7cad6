"""``portcheck reference``: the reference's output of one case, in this process and as a real
one."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.suite.params import IntParam
from tests.helpers.cli import portcheck, portcheck_process
from tests.helpers.reference import REPO, freecell

GAME_617 = freecell.output(617)


def test_reference_prints_the_article_deal(capsys: pytest.CaptureFixture[str],
                                           article_text: str) -> None:
    code, out, err = portcheck(capsys, "reference", "freecell", "game=617")
    assert (code, err) == (0, "")
    first_line = "7♦ A♦ 5♣ 3♠ 5♠ 8♣ 2♦ A♥"  # the article's Игра(617), first line
    last_line = "J♦ K♠ K♣ 4♥"
    assert out == GAME_617
    assert out.splitlines()[0] == first_line and out.splitlines()[-1] == last_line
    assert first_line in article_text and last_line in article_text


def test_reference_as_a_real_process(project_copy: Path) -> None:
    run = portcheck_process("reference", "freecell", "game=617")
    assert (run.returncode, run.stdout, run.stderr) == (0, GAME_617, "")


@pytest.mark.parametrize(("words", "same_as"), [
    (["queens", "n=8"], ["queens", "n=8", "mode=listing"]),  # the book's listing
    (["queens"], ["queens", "n=8", "mode=listing"]),  # the book's eight queens
    (["ruler", "k=6"], ["ruler", "k=6", "method=book"]),  # the book's search
    (["javarandom"], ["javarandom", "seed=20", "bound=100", "count=10"]),  # the article's
])
def test_an_input_left_out_takes_the_article_s_own_choice(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str], words: list[str],
        same_as: list[str]) -> None:
    """`reference queens n=8` once failed with `missing input mode`."""
    monkeypatch.setenv("PORTCHECK_ROOT", str(REPO))
    code, short, err = portcheck(capsys, "reference", *words)
    assert (code, err) == (0, "")
    assert short == portcheck(capsys, "reference", *same_as)[1]


def test_list_shows_the_defaults(monkeypatch: pytest.MonkeyPatch,
                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setenv("PORTCHECK_ROOT", str(REPO))
    out = portcheck(capsys, "list")[1]
    queens = next(line for line in out.splitlines() if line.strip().startswith("queens "))
    assert "n=1..10 (default 8), mode=full|half|listing (default listing)" in queens


def test_an_int_default_out_of_range_is_refused() -> None:
    with pytest.raises(ValueError, match=r"IntParam\(1, 10\): default: 11 is out of range"):
        IntParam(1, 10, default=11)


"""``portcheck reference``: the reference's output of one case, in this process and as a real
one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import portcheck, portcheck_process
from tests.helpers.reference import freecell

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

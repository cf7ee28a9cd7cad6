"""The school-language ports on the embedded interpreter against the Python references:
the FreeCell template and the dice game of the article."""

from __future__ import annotations

import io

import pytest

from portcheck.suite.algorithms import Case
from portcheck.suite.project import Project
from portcheck.suite.render import render_template
from portinterp.kumir import compile_file, compile_text, run_program
from tests.helpers.reference import REPO, dice, freecell

FREECELL = Project(REPO).algorithm("freecell")

ROOT = REPO
DICE = ROOT / "ports" / "dice" / "kumir-article"
TEMPLATE = ROOT / "templates" / "kumir" / "freecell.kum.j2"
GAMES = [1, 2, 617, 11982, 2**16, 2**24 + 3, 2**30, 2**31 - 2, 2**31 - 1]


def _render(games: list[int]) -> str:
    cases = [Case(f"game-{g}", {"game": g}) for g in games]
    return render_template(TEMPLATE, ROOT / "templates", FREECELL, cases)


def test_freecell_template_prints_the_reference_deals() -> None:
    out = io.StringIO()
    run_program(compile_text(_render(GAMES), "freecell.kum"), stdin=io.StringIO(), stdout=out)
    assert out.getvalue() == "".join(freecell.output(game) for game in GAMES)


def test_freecell_in_int_arithmetic_would_overflow() -> None:
    """The reason the template computes in вещ: the same generator in цел overflows."""
    text = _render([617]).replace("вещ семя", "цел семя").replace("2147483648.0", "65536")
    with pytest.raises(Exception, match="Целочисленное переполнение"):
        run_program(compile_text(text), stdin=io.StringIO(), stdout=io.StringIO())


def test_dice_input_file_is_the_scripted_human_of_seed_1() -> None:
    assert (DICE / "input.txt").read_text(encoding="utf-8") == dice.stdin_script(1)


@pytest.mark.parametrize("case", sorted(dice.CASES))
def test_dice_article_program_matches_reference(case: str) -> None:
    seed = dice.CASES[case]["seed"]
    out = io.StringIO()
    program = compile_file(DICE / "dice.kum")
    run_program(program, stdin=io.StringIO(dice.stdin_script(seed)), stdout=out, seed=seed)
    assert out.getvalue() == dice.output(seed)


def test_dice_rejects_an_illegal_move_and_asks_again() -> None:
    """Seed 1: n = 34, the computer throws first, 2 comes up, so the human may not choose
    2 or 5; the scripted human types 0, 7, 2 and 5 first: each prints the article's message
    and the game goes on with 1."""
    script = dice.stdin_script(1)
    assert script.startswith("\n0\n7\n2\n5\n1\n")
    out = io.StringIO()
    run_program(compile_file(DICE / "dice.kum"), stdin=io.StringIO(script), stdout=out, seed=1)
    assert ("Ваш выбор? " + "\nНеправильный выбор! Попробуйте еще" * 4
            + "\nОчередной ход делает") in out.getvalue()


def test_dice_reference_rules() -> None:
    assert [n for n in range(1, 7) if dice.legal(3, n)] == [1, 2, 5, 6]
    # total 20, n = 34: next winning totals are 25 and 34; 25 - 20 = 5 is legal from top 3.
    assert dice.computer_move(34, 20, 3) == 5
    # difference 9 (a losing position): the smallest legal number.
    assert dice.computer_move(34, 16, 6) == 2

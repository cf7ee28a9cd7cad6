"""The FreeCell reference against sources outside this project.

Where each expected value comes from:
- games 1 and 617: the output printed in the 1C article (seeds/000), parsed from the text;
- the first cards of game 1: worked out by hand from the generator and the dealing rule;
- every deal a permutation of the deck, for any game (hypothesis over 1..2^31-1)."""

from __future__ import annotations

import re

import pytest
from hypothesis import given
from hypothesis import strategies as st

from tests.helpers.reference import freecell

RESULTS_HEADING = "Результаты работы программы:"


CARD_LINE = re.compile(r"^\s*([A2-9TJQK][♣♦♥♠])(\s+[A2-9TJQK][♣♦♥♠])*\s*$")


LINES_PER_DEAL = 7


HIGHEST_GAME = 2**31 - 1


FULL_DECK = sorted(rank + suit for rank in "A23456789TJQK" for suit in "♣♦♥♠")


def article_deals(text: str) -> list[str]:
    """The deals printed after the results heading, each as reference-format text."""
    after = text.split(RESULTS_HEADING, 1)[1].splitlines()[1:]
    card_lines: list[str] = []
    for line in after:
        if not CARD_LINE.match(line):
            break
        card_lines.append(" ".join(line.split()))
    return ["".join(line + "\n" for line in card_lines[start:start + LINES_PER_DEAL])
            for start in range(0, len(card_lines), LINES_PER_DEAL)]


def test_article_prints_two_deals(article_text: str) -> None:
    deals = article_deals(article_text)
    assert len(deals) == 2
    assert all(len(deal.split()) == 52 for deal in deals)


@pytest.mark.parametrize(("index", "game"), [(0, 1), (1, 617)])
def test_deal_equals_the_article(article_text: str, index: int, game: int) -> None:
    """The article calls Игра(1); Игра(617); and prints the two deals in that order."""
    assert freecell.output(game) == article_deals(article_text)[index]


def test_the_article_ports_transcript_is_the_articles_printed_output(article_text: str) -> None:
    """The pasted transcript (tests/article.py reads the deals from it) is the article's."""
    from tests.helpers.article import article_deals as pasted

    assert [pasted()[1], pasted()[617]] == article_deals(article_text)


def test_first_cards_of_game_1_by_hand() -> None:
    # srand(1): rand() gives 41, 18467, 6334.  Deck index i is rank i // 4, suit i % 4.
    # 41 % 52 = 41 -> J♦ (K♠ moves to 41); 18467 % 51 = 5 -> 2♦ (K♥ moves to 5);
    # 6334 % 50 = 34 -> rank 8, suit 2 -> 9♥.
    assert freecell.deal(1)[:3] == ["J♦", "2♦", "9♥"]


@pytest.mark.parametrize("game", [0, -1, 2**31, 2**40])
def test_game_out_of_range_raises(game: int) -> None:
    with pytest.raises(ValueError, match="out of range"):
        freecell.output(game)


@pytest.mark.parametrize("game", [True, 1.0, "617"])
def test_game_of_the_wrong_type_raises(game: object) -> None:
    with pytest.raises(ValueError, match="not a whole number"):
        freecell.deal(game)  # type: ignore[arg-type]


@given(st.integers(min_value=1, max_value=HIGHEST_GAME))
def test_every_deal_is_a_permutation_of_the_deck(game: int) -> None:
    assert sorted(freecell.deal(game)) == FULL_DECK


@given(st.integers(min_value=1, max_value=HIGHEST_GAME))
def test_output_layout(game: int) -> None:
    """7 lines of 8 cards (the last 4), one space between, every line ended by \\n."""
    text = freecell.output(game)
    assert text.endswith("\n")
    lines = text[:-1].split("\n")
    assert [len(line.split(" ")) for line in lines] == [8, 8, 8, 8, 8, 8, 4]
    assert all(line == line.strip() for line in lines)
    assert text.split() == freecell.deal(game)


def test_cases_cover_the_edges_of_the_range() -> None:
    games = {case["game"] for case in freecell.CASES.values()}
    assert {1, 617, 32000, HIGHEST_GAME} <= games

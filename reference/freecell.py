"""The FreeCell deal: Microsoft's numbered games, as the 1C article deals them.

A 52-card deck ordered A♣ A♦ A♥ A♠ 2♣ … K♠; for each of the 52 positions the generator's
next value modulo the cards left picks a card, which is dealt, and the last card left takes
its place.  Output of one deal: 7 lines of 8 cards (the last line 4), one space between
cards, each card a rank letter and a suit symbol.
"""

from __future__ import annotations

from portcheck.prng import MsRand
from portcheck.suite.params import IntParam

NAME = "freecell"
TITLE = "FreeCell deal (Microsoft game numbers)"
PARAMS = {"game": IntParam(1, 2**31 - 1, "game number")}

RANKS = "A23456789TJQK"
SUITS = "♣♦♥♠"
CARDS_PER_LINE = 8

_ARTICLE = "seeds/000_01165c5c1e87014b.txt (1C article): printed output of Игра({})"

CASES: dict[str, dict[str, int]] = {
    "game-1": {"game": 1},
    "game-617": {"game": 617},
    "game-2": {"game": 2},
    "game-11982": {"game": 11982},
    "game-32000": {"game": 32000},
    "game-1000000": {"game": 1000000},
    "game-1073741824": {"game": 2**30},
    "game-2147483646": {"game": 2**31 - 2},
    "game-2147483647": {"game": 2**31 - 1},
}

ATTESTED: dict[str, str] = {
    "game-1": _ARTICLE.format(1),
    "game-617": _ARTICLE.format(617),
}


def deal(game: int) -> list[str]:
    """The 52 cards of game ``game`` in dealing order."""
    PARAMS["game"].check(game)
    deck = [rank + suit for rank in RANKS for suit in SUITS]
    rand = MsRand(game)
    dealt = []
    for left in range(52, 0, -1):
        pick = rand.next() % left
        dealt.append(deck[pick])
        deck[pick] = deck[left - 1]
    return dealt


def output(game: int) -> str:
    """What a port prints for one game: the deal, 8 cards a line, each line ended by \\n."""
    cards = deal(game)
    lines = [
        " ".join(cards[start : start + CARDS_PER_LINE])
        for start in range(0, len(cards), CARDS_PER_LINE)
    ]
    return "".join(line + "\n" for line in lines)

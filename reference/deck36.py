"""The 36-card deck of the card-shuffling article (seeds/002), shared by its shuffles.

Cards are numbered 0 to 35 in the order the article lists the initial deck: the nine ranks
from six to ace of spades, then clubs, diamonds and hearts (card ``k`` is rank ``k % 9`` of
suit ``k // 9``), with the article's Russian names.  A shuffle prints the deck before and
after, one card a line, each part under a heading.
"""

from __future__ import annotations

RANKS = ("шестерка", "семерка", "восьмерка", "девятка", "десятка", "валет", "дама", "король",
         "туз")
SUITS = ("пик", "треф", "бубен", "червей")
NAMES = tuple(f"{rank} {suit}" for suit in SUITS for rank in RANKS)
SIZE = len(NAMES)

BEFORE = "Начальное расположение карт в колоде"
AFTER = "Расположение карт после перетасовки"


def listing(pack: list[int]) -> str:
    """The deck in order, then ``pack`` (card numbers, top first), each under its heading."""
    lines = [BEFORE, *NAMES, AFTER, *(NAMES[card] for card in pack)]
    return "".join(line + "\n" for line in lines)

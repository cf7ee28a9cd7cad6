"""FreeCell: the deal of a numbered game, as Microsoft's FreeCell deals it.

A Python port of the 1C program from the article "Игровой генератор
псевдослучайных чисел на основе линейного конгруэнтного метода в 1С"
(K. Tkachenko).
"""

RANKS = "A23456789TJQK"
SUITS = "♣♦♥♠"

# State of the generator ("семя" in the article).
seed = 0


def lcg():
    """Next number of the Microsoft C library's generator ("ЛКГ").

    A linear congruential generator. Python integers never overflow,
    so 214013 * seed + 2531011 (below 2**49) is computed exactly.
    """
    global seed
    seed = (214013 * seed + 2531011) % 2147483648
    return seed // 65536


def deal_cards(game, deck, dealt):
    """Deal game number `game` into the list `dealt`, as card numbers.

    Card c is rank c // 4 and suit c % 4 of the ordered deck
    A♣ A♦ A♥ A♠ 2♣ ... K♠ (0 is A♣, 51 is K♠); `deck` (52 items,
    filled here) keeps the cards left.
    """
    global seed
    deck[:] = range(52)
    # Pick a card among those left; the last card left takes its place.
    seed = game
    for i in range(52):
        pick = lcg() % (52 - i)
        dealt[i] = deck[pick]
        deck[pick] = deck[51 - i]


def deal(game):
    """Deal game number `game`, print it: 7 lines of 8 cards (last 4)."""
    dealt = [0] * 52
    deal_cards(game, [0] * 52, dealt)
    cards = [RANKS[card // 4] + SUITS[card % 4] for card in dealt]
    # 8 cards a line, one space between them.
    for start in range(0, 52, 8):
        print(" ".join(cards[start:start + 8]))


if __name__ == "__main__":
    deal(1)
    deal(617)
    deal(2)
    deal(11982)
    deal(32000)
    deal(1000000)
    deal(1073741824)
    deal(2147483646)
    deal(2147483647)

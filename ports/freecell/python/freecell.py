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


def deal(game):
    """Deal game number `game`, print it: 7 lines of 8 cards (last 4)."""
    global seed
    # The ordered deck: A♣ A♦ A♥ A♠ 2♣ ... K♠.
    cards = [RANKS[i // 4] + SUITS[i % 4] for i in range(52)]

    # Pick a card among those left; the last card left takes its place.
    seed = game
    dealt = []
    for i in range(52):
        pick = lcg() % (52 - i)
        dealt.append(cards[pick])
        cards[pick] = cards[51 - i]

    # 8 cards a line, one space between them.
    for start in range(0, 52, 8):
        print(" ".join(dealt[start:start + 8]))


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

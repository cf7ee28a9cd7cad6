"""Numbered derangements, as a reader proposes under the article.

Number every derangement of n cards (no card left in its own place) in
lexicographic order from 0, draw one number, deal that derangement.  This
program prints D(n), how many there are, the derangement with a given number,
and the number computed back from its cards.

Both directions count completions: with m places left to fill, f of which may
not take their own card (it is still unplaced), there are W[m][f] ways:
W[m][0] = m!, W[m][f] = W[m][f - 1] - W[m - 1][f - 1], and D(n) = W[n][n].
Python integers never overflow, so any n would do.
"""

MAX = 20

W = [[1]]
for m in range(1, MAX + 1):
    row = [m * W[m - 1][0]]
    for f in range(1, m + 1):
        row.append(row[f - 1] - W[m - 1][f - 1])
    W.append(row)


def free_places(placed, place):
    """How many places after `place` still wait for their own card."""
    return sum(1 for card in range(place + 1, len(placed)) if not placed[card])


def derangement(n, index):
    """The derangement number `index`: card c (0 to n - 1) never at place c."""
    placed = [False] * n
    cards = []
    for place in range(n):
        free = free_places(placed, place)
        for card in range(n):
            if placed[card] or card == place:
                continue
            completions = W[n - place - 1][free - (card > place)]
            if index < completions:
                break
            index -= completions
        placed[card] = True
        cards.append(card)
    return cards


def index_of(cards):
    """The number of a derangement: how many derangements come before it."""
    placed = [False] * len(cards)
    index = 0
    for place, chosen in enumerate(cards):
        free = free_places(placed, place)
        for card in range(chosen):
            if not placed[card] and card != place:
                index += W[len(cards) - place - 1][free - (card > place)]
        placed[chosen] = True
    return index


def show(n, index):
    cards = derangement(n, index)
    print(f"D({n}) = {W[n][n]}")
    print(f"derangement {index}:", " ".join(str(card + 1) for card in cards))
    print("its index:", index_of(cards))


if __name__ == "__main__":
    show(2, 0)
    show(3, 1)
    show(4, 0)
    show(4, 8)
    show(10, 12345)
    show(12, 176214840)
    show(13, 0)
    show(18, 1000000000000000)
    show(20, 0)
    show(20, 447507315596451060)
    show(20, 895014631192902120)

"""How fair is "swap every card with a random one"?

The article's pass over n cards makes n draws of nextInt(n): n**n equally
likely sequences of draws.  This program goes through every sequence, counts
the order of the cards each one gives, and prints every order's probability as
an exact fraction, then the most and the least likely order.  Fisher-Yates
(position i = n - 1 down to 1 swapped with nextInt(i + 1)) has n! sequences,
one for each order.
"""

from fractions import Fraction
from itertools import permutations

METHODS = ["naive", "fisher-yates"]


def count_decks(n, method):
    """How many sequences of draws give each deck, by the deck's code: the
    cards (0 to n - 1, top first) read as an n-digit number in base n."""
    weight = [n ** (n - 1 - p) for p in range(n)]
    deck = list(range(n))
    code = sum(card * weight[p] for p, card in enumerate(deck))
    ways = [0] * n ** n
    steps = n if method == 0 else n - 1

    def swap(p, r):
        nonlocal code
        a, b = deck[p], deck[r]
        deck[p], deck[r] = b, a
        code += (b - a) * (weight[p] - weight[r])

    def draw(step):
        """Every sequence of the draws from swap number `step` on."""
        if step == steps:
            ways[code] += 1
            return
        p = step if method == 0 else n - 1 - step  # the position swapped
        last = n - 1 if method == 0 else p  # the draw gives 0 to last
        for r in range(last + 1):
            swap(p, r)
            draw(step + 1)
            swap(p, r)  # the same swap undoes it

    draw(0)
    return ways, weight


def fraction(value):
    return f"{value.numerator}/{value.denominator}"


def odds(n, method):
    ways, weight = count_decks(n, method)
    total = sum(ways)
    print(f"{METHODS[method]}, n = {n}: {total} sequences of draws")
    most = least = None
    # permutations() gives the orders in lexicographic order.
    for order in permutations(range(n)):
        code = sum(card * weight[p] for p, card in enumerate(order))
        p = Fraction(ways[code], total)
        name = "".join(str(card + 1) for card in order)
        print(name, fraction(p))
        if most is None or p > most[1]:
            most = name, p
        if least is None or p < least[1]:
            least = name, p
    print("most likely:", most[0], fraction(most[1]))
    print("least likely:", least[0], fraction(least[1]))
    print("ratio:", fraction(most[1] / least[1]))


if __name__ == "__main__":
    odds(3, 0)  # naive
    odds(4, 0)  # naive
    odds(5, 0)  # naive
    odds(6, 0)  # naive
    odds(7, 0)  # naive
    odds(3, 1)  # fisher-yates
    odds(4, 1)  # fisher-yates
    odds(5, 1)  # fisher-yates
    odds(6, 1)  # fisher-yates
    odds(7, 1)  # fisher-yates

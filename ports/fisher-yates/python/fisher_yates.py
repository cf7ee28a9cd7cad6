"""The correct shuffle of the article's 36 cards: Fisher-Yates, as Java's
Collections.shuffle(list, new Random(seed)) does it.

From the bottom card up, the card at position i is swapped with one of the
positions 0..i not yet fixed, so each of the 36! orders has one sequence of
draws of its own.
"""

class JavaRandom:
    """java.util.Random, number for number: a linear congruential generator on
    a 48-bit state, state = (state * 0x5DEECE66D + 0xB) mod 2**48.  Python
    integers never overflow, so the 83-bit product is exact and `& MASK`
    keeps its low 48 bits."""

    MULTIPLIER = 0x5DEECE66D
    ADDEND = 0xB
    MASK = (1 << 48) - 1

    def __init__(self, seed):
        self.set_seed(seed)

    def set_seed(self, seed):
        """new Random(seed), setSeed(seed): only the low 48 bits of the seed
        count, scrambled by xor.  A negative seed works too: `& MASK` takes its
        two's complement bits, as Java's long holds them."""
        self.state = (seed ^ self.MULTIPLIER) & self.MASK

    def next_bits(self, bits):
        """next(bits): one step of the generator; the state's top `bits` bits."""
        self.state = (self.state * self.MULTIPLIER + self.ADDEND) & self.MASK
        return self.state >> (48 - bits)

    def next_int(self, bound):
        """nextInt(bound): 0 to bound - 1, every one equally likely."""
        r = self.next_bits(31)
        if bound & (bound - 1) == 0:
            return (bound * r) >> 31  # a power of two: the top bits of r
        # r mod bound, drawn again while r falls in the last, incomplete block
        # of bound values (Java sees u - r + bound - 1 pass 2**31 - 1 and its
        # int turn negative).
        u = r
        r = u % bound
        while u - r + bound - 1 > 2**31 - 1:
            u = self.next_bits(31)
            r = u % bound
        return r


# The article's deck of 36: six to ace of spades, clubs, diamonds, hearts
# (card k is rank k % 9 of suit k // 9).
RANKS = ["шестерка", "семерка", "восьмерка", "девятка", "десятка", "валет", "дама",
         "король", "туз"]
SUITS = ["пик", "треф", "бубен", "червей"]
BEFORE = "Начальное расположение карт в колоде"
AFTER = "Расположение карт после перетасовки"


def print_pack(heading, pack):
    """A heading, then the cards of the pack one a line, top first."""
    print(heading)
    for card in pack:
        print(RANKS[card % 9], SUITS[card // 9])


def shuffle(pack, generator):
    for i in range(len(pack) - 1, 0, -1):
        j = generator.next_int(i + 1)
        pack[i], pack[j] = pack[j], pack[i]


def shuffle_with(seed):
    pack = list(range(36))
    print_pack(BEFORE, pack)
    shuffle(pack, JavaRandom(seed))
    print_pack(AFTER, pack)


if __name__ == "__main__":
    shuffle_with(20)
    shuffle_with(0)
    shuffle_with(1160000000000)
    shuffle_with(-1)
    shuffle_with(9223372036854775807)
    shuffle_with(-16777216)
    shuffle_with(127564553489323)
    shuffle_with(84568153705668)
    shuffle_with(-123132236327240)
    shuffle_with(-134741127910252)
    shuffle_with(-149955576741703)

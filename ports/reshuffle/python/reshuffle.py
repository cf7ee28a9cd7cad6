"""The article's "thorough" shuffle (V. Statsenko, "Тщательная перетасовка
колоды карт"), on a fake clock.

Every card is swapped with the card at nextInt(36); four times during the pass
the program sleeps nextInt(20) ms and reseeds the generator from the clock.
The clock here is a fake one, so that a run can be repeated: it starts at
`start` (ms since 1970) and each sleep moves it by the pause plus `lag` ms
(what a real sleep takes beyond it).
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


class FakeClock:
    """What new Date().getTime() returns, moved only by sleep."""

    def __init__(self, start, lag):
        self.now = start
        self.lag = lag

    def sleep(self, pause):
        self.now += pause + self.lag


def reshuffle(pack, clock):
    """The article's reshuffle(int[] pack)."""
    length = len(pack)
    generator = JavaRandom(clock.now)  # new Random(new Date().getTime())
    for i in range(length):
        # Swap the current card with the card at a random position.
        new_pos = generator.next_int(length)
        pack[i], pack[new_pos] = pack[new_pos], pack[i]
        # At i = 0, 9, 18 and 27: a random pause, then a new seed from the clock.
        if i % (length // 4) == 0:
            pause = generator.next_int(20)
            clock.sleep(pause)
            generator.set_seed(clock.now)


def shuffle_at(start, lag):
    pack = list(range(36))
    print_pack(BEFORE, pack)
    reshuffle(pack, FakeClock(start, lag))
    print_pack(AFTER, pack)


if __name__ == "__main__":
    shuffle_at(1159488000000, 0)
    shuffle_at(1159488000000, 1)
    shuffle_at(1160000000000, 15)
    shuffle_at(0, 0)
    shuffle_at(253402300799999, 50)
    shuffle_at(10043455925711, 0)
    shuffle_at(13973024454430, 0)
    shuffle_at(128259534618605, 1)
    shuffle_at(167772159999996, 3)
    shuffle_at(167772160000329, 0)

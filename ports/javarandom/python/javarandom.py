"""java.util.Random, computed in Python.

The article "Тщательная перетасовка колоды карт" (V. Statsenko, 2006) prints
ten nextInt(100) of new Random(20) on one line,
"53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator
is a formula, so the same seed gives the same numbers.
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


def print_values(seed, bound, count):
    """count values of next_int(bound), joined by "; " as in the article."""
    random = JavaRandom(seed)
    print("; ".join(str(random.next_int(bound)) for _ in range(count)))


if __name__ == "__main__":
    print_values(20, 100, 10)
    print_values(0, 100, 10)
    print_values(281474976710656, 100, 10)
    print_values(1160000000000, 36, 36)
    print_values(-5, 6, 20)
    print_values(7, 1, 5)
    print_values(42, 2, 20)
    print_values(42, 16, 20)
    print_values(3, 1073741824, 10)
    print_values(3, 1073741825, 20)
    print_values(-9223372036854775808, 2147483647, 10)
    print_values(9223372036854775807, 1000000, 10)
    print_values(1, 715827883, 10)
    print_values(-16777216, 100, 10)
    print_values(-1, 100, 10)
    print_values(-147924929294793, 100, 10)
    print_values(-94831912104764, 16, 10)

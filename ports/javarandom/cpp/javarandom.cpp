// java.util.Random, computed in C++.  The article "Тщательная перетасовка колоды карт"
// (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
// "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
// formula, so the same seed gives the same numbers.
#include <cstdint>
#include <iostream>
#include <limits>

// java.util.Random written out: a linear congruential generator on a 48-bit state,
//   state = (state * 0x5DEECE66D + 0xB) mod 2^48.
// All of it is in unsigned 64-bit arithmetic, which C++ defines to wrap modulo 2^64; Java's
// long wraps the same way, but a signed overflow in C++ is undefined behaviour.
class JavaRandom {
public:
    // new Random(seed): only the low 48 bits of the seed count, scrambled by xor.
    // Converting the seed to std::uint64_t gives its two's complement bits, as Java's long
    // holds them (a conversion to an unsigned type takes the value modulo 2^64).
    explicit JavaRandom(std::int64_t seed)
        : state((static_cast<std::uint64_t>(seed) ^ MULTIPLIER) & MASK)
    {
    }

    // nextInt(bound): 0 to bound - 1, each equally likely.
    std::int32_t next_int(std::int32_t bound)
    {
        std::int32_t r = next(31);
        std::int32_t m = bound - 1;
        if ((bound & m) == 0) {
            // A power of two: the top bits of r, (bound * r) / 2^31; the product is below
            // 2^61, which a std::int64_t holds.
            return static_cast<std::int32_t>((static_cast<std::int64_t>(bound) * r) >> 31);
        }
        // r mod bound, drawn again while r falls in the last, incomplete block of bound
        // values.  Java tests u - r + m < 0, counting on its int to wrap past 2^31 - 1; in
        // C++ that overflow is undefined, so the sum is taken in 64 bits and compared with
        // the largest int32.
        const std::int64_t int32_max = std::numeric_limits<std::int32_t>::max();
        std::int32_t u = r;
        r = u % bound;
        while (static_cast<std::int64_t>(u) - r + m > int32_max) {
            u = next(31);
            r = u % bound;
        }
        return r;
    }

private:
    static constexpr std::uint64_t MULTIPLIER = 0x5DEECE66D;
    static constexpr std::uint64_t ADDEND = 0xB;
    static constexpr std::uint64_t MASK = (std::uint64_t{1} << 48) - 1;

    std::uint64_t state;

    // next(bits): one step of the generator; the state's top `bits` bits.  state * MULTIPLIER
    // needs 83 bits: the std::uint64_t product keeps it modulo 2^64, and the low 48 bits
    // that the mask keeps are exactly those of the true product.
    std::int32_t next(int bits)
    {
        state = (state * MULTIPLIER + ADDEND) & MASK;
        return static_cast<std::int32_t>(state >> (48 - bits));
    }
};

// count values of nextInt(bound) from new Random(seed), joined by "; " as in the article.
static void print_values(std::int64_t seed, std::int32_t bound, int count)
{
    JavaRandom random(seed);
    for (int i = 0; i < count; i++) {
        if (i > 0) {
            std::cout << "; ";
        }
        std::cout << random.next_int(bound);
    }
    std::cout << '\n';
}

int main()
{
    print_values(20, 100, 10);
    print_values(0, 100, 10);
    print_values(281474976710656, 100, 10);
    print_values(1160000000000, 36, 36);
    print_values(-5, 6, 20);
    print_values(7, 1, 5);
    print_values(42, 2, 20);
    print_values(42, 16, 20);
    print_values(3, 1073741824, 10);
    print_values(3, 1073741825, 20);
    print_values(std::numeric_limits<std::int64_t>::min(), 2147483647, 10);
    print_values(9223372036854775807, 1000000, 10);
    print_values(1, 715827883, 10);
    print_values(-16777216, 100, 10);
    print_values(-1, 100, 10);
    print_values(-147924929294793, 100, 10);
    print_values(-94831912104764, 16, 10);
}

/*
 * java.util.Random, computed in C.  The article "Тщательная перетасовка колоды карт"
 * (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
 * "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
 * formula, so the same seed gives the same numbers.
 */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>

/* java.util.Random written out: a linear congruential generator on a 48-bit state,
     state = (state * 0x5DEECE66D + 0xB) mod 2^48.
   All of it is in unsigned 64-bit arithmetic, which C defines to wrap modulo 2^64; Java's
   long wraps the same way, but a signed overflow in C is undefined behaviour. */
#define MULTIPLIER UINT64_C(0x5DEECE66D)
#define ADDEND UINT64_C(0xB)
#define MASK ((UINT64_C(1) << 48) - 1)

static uint64_t state;

/* new Random(seed) and setSeed(seed): only the low 48 bits of the seed count, scrambled by
   xor.  (uint64_t)seed is the seed's two's complement bits, as Java's long holds them:
   converting to an unsigned type is defined as taking the value modulo 2^64. */
static void set_seed(int64_t seed)
{
    state = ((uint64_t)seed ^ MULTIPLIER) & MASK;
}

/* next(bits): one step of the generator; the state's top `bits` bits.  state * MULTIPLIER
   needs 83 bits: the uint64_t product keeps it modulo 2^64, and the low 48 bits that the
   mask keeps are exactly those of the true product. */
static int32_t next(int bits)
{
    state = (state * MULTIPLIER + ADDEND) & MASK;
    return (int32_t)(state >> (48 - bits));
}

/* nextInt(bound): 0 to bound - 1, each equally likely. */
static int32_t next_int(int32_t bound)
{
    int32_t r = next(31);
    int32_t m = bound - 1;
    if ((bound & m) == 0) {
        /* A power of two: the top bits of r, (bound * r) / 2^31; the product is below
           2^61, which an int64_t holds. */
        return (int32_t)(((int64_t)bound * r) >> 31);
    }
    /* r mod bound, drawn again while r falls in the last, incomplete block of bound values.
       Java tests u - r + m < 0, counting on its int to wrap past 2^31 - 1; in C that
       overflow is undefined, so the sum is taken in 64 bits and compared with INT32_MAX. */
    int32_t u = r;
    r = u % bound;
    while ((int64_t)u - r + m > INT32_MAX) {
        u = next(31);
        r = u % bound;
    }
    return r;
}

/* count values of nextInt(bound) from new Random(seed), joined by "; " as in the article. */
static void print_values(int64_t seed, int32_t bound, int count)
{
    set_seed(seed);
    for (int i = 0; i < count; i++) {
        printf("%s%" PRId32, i > 0 ? "; " : "", next_int(bound));
    }
    putchar('\n');
}

int main(void)
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
    print_values(INT64_MIN, 2147483647, 10);
    print_values(9223372036854775807, 1000000, 10);
    print_values(1, 715827883, 10);
    print_values(-16777216, 100, 10);
    print_values(-1, 100, 10);
    print_values(-147924929294793, 100, 10);
    print_values(-94831912104764, 16, 10);
}

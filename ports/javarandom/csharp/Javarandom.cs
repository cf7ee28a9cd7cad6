// java.util.Random, computed in C#.  The article "Тщательная перетасовка колоды карт"
// (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20) on one line,
// "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the generator is a
// formula, so the same seed gives the same numbers.
using System;
using System.Text;

// java.util.Random written out: a linear congruential generator on a 48-bit state,
//   state = (state * 0x5DEECE66D + 0xB) mod 2^48.
sealed class JavaRandom
{
    const ulong Multiplier = 0x5DEECE66D;
    const ulong Addend = 0xB;
    const ulong Mask = (1UL << 48) - 1;

    ulong state;

    // new Random(seed): only the low 48 bits of the seed count, scrambled by xor.
    // unchecked((ulong)seed) is the seed's two's complement bits, as Java's long holds them.
    public JavaRandom(long seed)
    {
        state = (unchecked((ulong)seed) ^ Multiplier) & Mask;
    }

    // next(bits): one step of the generator; the state's top `bits` bits.  state * Multiplier
    // needs 83 bits: unchecked, the ulong product wraps modulo 2^64 (as Java's long does),
    // and the low 48 bits that the mask keeps are exactly those of the true product.
    // unchecked says the wrap is meant: compiled with -checked it would throw otherwise.
    int Next(int bits)
    {
        state = unchecked(state * Multiplier + Addend) & Mask;
        return (int)(state >> (48 - bits));
    }

    // nextInt(bound): 0 to bound - 1, each equally likely.
    public int NextInt(int bound)
    {
        int r = Next(31);
        int m = bound - 1;
        if ((bound & m) == 0)
        {
            // A power of two: the top bits of r, (bound * r) / 2^31, in 64 bits.
            return (int)(((long)bound * r) >> 31);
        }
        // r mod bound, drawn again while r falls in the last, incomplete block of bound
        // values.  Java tests u - r + m < 0, counting on its int to wrap past 2^31 - 1; here
        // the sum is a long, compared with int.MaxValue, so nothing wraps.
        int u = r;
        r = u % bound;
        while ((long)u - r + m > int.MaxValue)
        {
            u = Next(31);
            r = u % bound;
        }
        return r;
    }
}

static class Javarandom
{
    // count values of nextInt(bound) from new Random(seed), joined by "; " as in the article.
    static void PrintValues(long seed, int bound, int count)
    {
        var random = new JavaRandom(seed);
        var line = new StringBuilder();
        for (int i = 0; i < count; i++)
        {
            if (i > 0)
            {
                line.Append("; ");
            }
            line.Append(random.NextInt(bound));
        }
        Console.Write(line.Append('\n'));
    }

    static void Main()
    {
        PrintValues(20, 100, 10);
        PrintValues(0, 100, 10);
        PrintValues(281474976710656, 100, 10);
        PrintValues(1160000000000, 36, 36);
        PrintValues(-5, 6, 20);
        PrintValues(7, 1, 5);
        PrintValues(42, 2, 20);
        PrintValues(42, 16, 20);
        PrintValues(3, 1073741824, 10);
        PrintValues(3, 1073741825, 20);
        PrintValues(-9223372036854775808, 2147483647, 10);
        PrintValues(9223372036854775807, 1000000, 10);
        PrintValues(1, 715827883, 10);
        PrintValues(-16777216, 100, 10);
        PrintValues(-1, 100, 10);
        PrintValues(-147924929294793, 100, 10);
        PrintValues(-94831912104764, 16, 10);
    }
}

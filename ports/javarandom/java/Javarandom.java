/*
 * java.util.Random, computed without java.util.Random.  The article "Тщательная
 * перетасовка колоды карт" (V. Statsenko, 2006) prints ten nextInt(100) of new Random(20)
 * on one line, "53; 36; 1; 61; 5; 95; 33; 55; 93; 88", the same on every run: the
 * generator is a formula, so the same seed gives the same numbers.
 */
public class Javarandom {

    // java.util.Random written out (this program does not use it, so that a real JDK can
    // check it): a linear congruential generator on a 48-bit state,
    //   seed = (seed * 0x5DEECE66D + 0xB) mod 2^48.
    static final long MULTIPLIER = 0x5DEECE66DL;
    static final long ADDEND = 0xBL;
    static final long MASK = (1L << 48) - 1;
    static long seed;

    // new Random(s) and setSeed(s): only the low 48 bits of s count, scrambled by xor.
    static void setSeed(long s) {
        seed = (s ^ MULTIPLIER) & MASK;
    }

    // next(bits): one step of the generator; the state's top `bits` bits.  seed * MULTIPLIER
    // needs 83 bits and overflows a long, but a long wraps modulo 2^64, and the low 48 bits
    // that the mask keeps are exactly those of the true product.
    static int next(int bits) {
        seed = (seed * MULTIPLIER + ADDEND) & MASK;
        return (int) (seed >>> (48 - bits));
    }

    // nextInt(bound): 0 to bound - 1, each equally likely.
    static int nextInt(int bound) {
        int r = next(31);
        int m = bound - 1;
        if ((bound & m) == 0) {
            // A power of two: the top bits of r, (bound * r) / 2^31.
            return (int) ((bound * (long) r) >> 31);
        }
        // r mod bound, drawn again while r falls in the last, incomplete block of bound
        // values (then u - r + m passes 2^31 - 1 and the int sum turns negative).
        for (int u = r; u - (r = u % bound) + m < 0; u = next(31)) {
        }
        return r;
    }

    // count values of nextInt(bound) from new Random(start), joined by "; " as in the article.
    static void printValues(long start, int bound, int count) {
        setSeed(start);
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < count; i++) {
            if (i > 0) {
                line.append("; ");
            }
            line.append(nextInt(bound));
        }
        System.out.print(line.append('\n'));
    }

    public static void main(String[] args) {
        printValues(20L, 100, 10);
        printValues(0L, 100, 10);
        printValues(281474976710656L, 100, 10);
        printValues(1160000000000L, 36, 36);
        printValues(-5L, 6, 20);
        printValues(7L, 1, 5);
        printValues(42L, 2, 20);
        printValues(42L, 16, 20);
        printValues(3L, 1073741824, 10);
        printValues(3L, 1073741825, 20);
        printValues(-9223372036854775808L, 2147483647, 10);
        printValues(9223372036854775807L, 1000000, 10);
        printValues(1L, 715827883, 10);
        printValues(-16777216L, 100, 10);
        printValues(-1L, 100, 10);
        printValues(-147924929294793L, 100, 10);
        printValues(-94831912104764L, 16, 10);
    }
}

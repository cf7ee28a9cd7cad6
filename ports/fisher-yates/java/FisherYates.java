/*
 * The correct shuffle of the article's 36 cards: Fisher-Yates, as
 * java.util.Collections.shuffle(list, new Random(seed)) does it.  From the bottom card up,
 * the card at position i is swapped with one of the positions 0..i not yet fixed, so each
 * of the 36! orders has one sequence of draws of its own.
 */
public class FisherYates {

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

    static void shuffle(int[] pack) {
        for (int i = pack.length - 1; i > 0; i--) {
            int j = nextInt(i + 1);
            int card = pack[i];
            pack[i] = pack[j];
            pack[j] = card;
        }
    }

    // The article's deck of 36: six to ace of spades, clubs, diamonds, hearts
    // (card k is rank k % 9 of suit k / 9).
    static final String[] RANKS = {"шестерка", "семерка", "восьмерка", "девятка", "десятка",
                                   "валет", "дама", "король", "туз"};
    static final String[] SUITS = {"пик", "треф", "бубен", "червей"};
    static final String BEFORE = "Начальное расположение карт в колоде";
    static final String AFTER = "Расположение карт после перетасовки";

    static int[] newPack() {
        int[] pack = new int[36];
        for (int card = 0; card < 36; card++) {
            pack[card] = card;
        }
        return pack;
    }

    // A heading, then the cards of the pack one a line, top first.
    static void printPack(String heading, int[] pack) {
        StringBuilder text = new StringBuilder(heading).append('\n');
        for (int card : pack) {
            text.append(RANKS[card % 9]).append(' ').append(SUITS[card / 9]).append('\n');
        }
        System.out.print(text);
    }

    static void shuffleWith(long seed) {
        setSeed(seed);
        int[] pack = newPack();
        printPack(BEFORE, pack);
        shuffle(pack);
        printPack(AFTER, pack);
    }

    public static void main(String[] args) {
        shuffleWith(20L);
        shuffleWith(0L);
        shuffleWith(1160000000000L);
        shuffleWith(-1L);
        shuffleWith(9223372036854775807L);
        shuffleWith(-16777216L);
        shuffleWith(127564553489323L);
        shuffleWith(84568153705668L);
        shuffleWith(-123132236327240L);
        shuffleWith(-134741127910252L);
        shuffleWith(-149955576741703L);
    }
}

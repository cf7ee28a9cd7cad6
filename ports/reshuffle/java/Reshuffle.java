/*
 * The article's "thorough" shuffle (V. Statsenko, "Тщательная перетасовка колоды карт"):
 * every card is swapped with the card at nextInt(36), and four times during the pass the
 * program sleeps nextInt(20) ms and reseeds the generator from the clock.  Here the clock
 * is a fake one, so that a run can be repeated: new Date().getTime() starts at `start` and
 * each sleep moves it by the pause plus `lag` ms (what a real sleep takes beyond it).
 */
public class Reshuffle {

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

    // The fake clock: what new Date().getTime() returns (ms since 1970), and the lag.
    static long clock;
    static int lag;

    static void sleep(int pause) {
        clock += pause + lag;
    }

    // The article's reshuffle(int[] pack), on the generator and the clock above.
    static void reshuffle(int[] pack) {
        int length = pack.length;
        setSeed(clock);  // new Random(new Date().getTime())
        for (int i = 0; i < length; i++) {
            // Swap the current card with the card at a random position.
            int newPos = nextInt(length);
            int curCard = pack[i];
            pack[i] = pack[newPos];
            pack[newPos] = curCard;
            // At i = 0, 9, 18 and 27: a random pause, then a new seed from the clock.
            if (i % (length / 4) == 0) {
                int pause = nextInt(20);
                sleep(pause);
                setSeed(clock);  // generator.setSeed(new Date().getTime())
            }
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

    static void shuffleAt(long start, int lagMs) {
        clock = start;
        lag = lagMs;
        int[] pack = newPack();
        printPack(BEFORE, pack);
        reshuffle(pack);
        printPack(AFTER, pack);
    }

    public static void main(String[] args) {
        shuffleAt(1159488000000L, 0);
        shuffleAt(1159488000000L, 1);
        shuffleAt(1160000000000L, 15);
        shuffleAt(0L, 0);
        shuffleAt(253402300799999L, 50);
        shuffleAt(10043455925711L, 0);
        shuffleAt(13973024454430L, 0);
        shuffleAt(128259534618605L, 1);
        shuffleAt(167772159999996L, 3);
        shuffleAt(167772160000329L, 0);
    }
}

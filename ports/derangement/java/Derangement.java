/*
 * Numbered derangements, as a reader proposes under the article: number every
 * derangement of n cards (no card left in its own place) in lexicographic order from 0,
 * draw one number, deal that derangement.  This program prints D(n), how many there are,
 * the derangement with a given number, and the number computed back from its cards.
 *
 * Both directions count completions: with m places left to fill, f of which may not take
 * their own card (it is still unplaced), there are W(m, f) ways:
 *   W(m, 0) = m!,  W(m, f) = W(m, f - 1) - W(m - 1, f - 1),  and D(n) = W(n, n).
 * The largest of them is W(20, 0) = 20! = 2432902008176640000, below 2^63: a long holds it.
 */
public class Derangement {

    static final int MAX = 20;
    static final long[][] W = new long[MAX + 1][MAX + 1];

    static {
        W[0][0] = 1;
        for (int m = 1; m <= MAX; m++) {
            W[m][0] = m * W[m - 1][0];
            for (int f = 1; f <= m; f++) {
                W[m][f] = W[m][f - 1] - W[m - 1][f - 1];
            }
        }
    }

    // How many places after `place` still wait for their own card.
    static int freePlaces(int n, boolean[] placed, int place) {
        int free = 0;
        for (int card = place + 1; card < n; card++) {
            if (!placed[card]) {
                free++;
            }
        }
        return free;
    }

    // The derangement number `index`: card c (0 to n - 1) never at place c.
    static int[] derangement(int n, long index) {
        boolean[] placed = new boolean[n];
        int[] cards = new int[n];
        for (int place = 0; place < n; place++) {
            int free = freePlaces(n, placed, place);
            int card = 0;
            for (; card < n; card++) {
                if (placed[card] || card == place) {
                    continue;
                }
                long completions = W[n - place - 1][free - (card > place ? 1 : 0)];
                if (index < completions) {
                    break;
                }
                index -= completions;
            }
            placed[card] = true;
            cards[place] = card;
        }
        return cards;
    }

    // The number of a derangement: how many derangements come before it.
    static long indexOf(int[] cards) {
        int n = cards.length;
        boolean[] placed = new boolean[n];
        long index = 0;
        for (int place = 0; place < n; place++) {
            int free = freePlaces(n, placed, place);
            for (int card = 0; card < cards[place]; card++) {
                if (!placed[card] && card != place) {
                    index += W[n - place - 1][free - (card > place ? 1 : 0)];
                }
            }
            placed[cards[place]] = true;
        }
        return index;
    }

    static void show(int n, long index) {
        int[] cards = derangement(n, index);
        StringBuilder text = new StringBuilder();
        text.append("D(").append(n).append(") = ").append(W[n][n]).append('\n');
        text.append("derangement ").append(index).append(':');
        for (int card : cards) {
            text.append(' ').append(card + 1);
        }
        text.append('\n').append("its index: ").append(indexOf(cards)).append('\n');
        System.out.print(text);
    }

    public static void main(String[] args) {
        show(2, 0L);
        show(3, 1L);
        show(4, 0L);
        show(4, 8L);
        show(10, 12345L);
        show(12, 176214840L);
        show(13, 0L);
        show(18, 1000000000000000L);
        show(20, 0L);
        show(20, 447507315596451060L);
        show(20, 895014631192902120L);
    }
}

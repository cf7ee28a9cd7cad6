/*
 * Puzzle 22 of the puzzle book: one chain of all the tiles of the double-n domino set, by
 * the book's search: the chain starts with the number 0, then the first tile in the store
 * that joins its end is laid; when none joins, the last tile goes back to the store and
 * the next one that joins is tried.
 *
 * The representation ("choose it carefully", says the book):
 * - inStore[a][b] is true while the tile a:b is in the store (kept equal to inStore[b][a]:
 *   one tile, seen from either end);
 * - the chain is the list of numbers where tiles meet, x[0], ..., x[m]: tile i is
 *   x[i-1]:x[i], so "the first tile that joins x" is the smallest y with inStore[x][y].
 */
public class DominoChain {

    static final int COUNT_UP_TO = 4;  // the chains are counted for n up to 4

    static int n, tiles;
    static boolean countAll;
    static boolean[][] inStore;
    static int[] x, first;
    static long laid, chains;  // tiles laid (the search effort), chains found

    // Lays the next tile after `count` tiles; true: stop searching.
    static boolean extend(int count) {
        if (count == tiles) {
            chains++;
            if (first == null) first = x.clone();
            return !countAll;
        }
        int end = x[count];
        for (int y = 0; y <= n; y++) {
            if (inStore[end][y]) {
                inStore[end][y] = inStore[y][end] = false;
                x[count + 1] = y;
                laid++;
                boolean stop = extend(count + 1);
                inStore[end][y] = inStore[y][end] = true;
                if (stop) return true;
            }
        }
        return false;
    }

    static void domino(int size) {
        n = size;
        tiles = (n + 1) * (n + 2) / 2;
        StringBuilder out = new StringBuilder("шашек: " + tiles + "\n");
        // Each number is on n + 2 halves (n tiles with another number, and both halves of
        // its double). Inside a chain numbers come in pairs, so if more than the two ends
        // are odd, there is no chain.
        if ((n + 2) % 2 == 1) {
            out.append("на нечётном числе половинок:");
            for (int number = 0; number <= n; number++) out.append(' ').append(number);
            out.append("\nцепочки нет: внутри цепочки каждое число встречается парами\n");
            out.append("положено шашек: 0\n");
            System.out.print(out);
            return;
        }
        countAll = n <= COUNT_UP_TO;
        inStore = new boolean[n + 1][n + 1];
        for (boolean[] row : inStore) java.util.Arrays.fill(row, true);
        x = new int[tiles + 1];
        first = null;
        laid = chains = 0;
        x[0] = 0;
        extend(0);
        out.append("первая цепочка:");
        for (int i = 1; i <= tiles; i++) {
            out.append(' ').append(first[i - 1]).append(':').append(first[i]);
        }
        out.append('\n');
        if (countAll) {
            // Every number plays the same part in the set, so as many chains start with
            // 1, 2, ... as with 0; each chain is counted twice, once from each end.
            long every = chains * (n + 1);
            out.append("цепочек от 0: ").append(chains).append(", всех: ").append(every)
               .append(", различных: ").append(every / 2).append('\n');
        }
        out.append("положено шашек: ").append(laid).append('\n');
        System.out.print(out);
    }

    public static void main(String[] args) {
        domino(2);
        domino(3);
        domino(4);
        domino(5);
        domino(6);
    }
}

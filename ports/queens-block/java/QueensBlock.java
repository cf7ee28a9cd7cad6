/*
 * Puzzle 21 of the puzzle book: the fewest queens that leave no free square on an n x n
 * board (every square holds a queen or is attacked).
 *
 * The book's search: scan the board for a free square; if there is none, the board is
 * blocked; if there is one, a queen must block it, so put a queen on a square that blocks
 * it (the square itself or one attacking it) and scan again from the beginning. Rows that
 * hold a queen are skipped (the book: "it is useless to scan them"). The last queen is put
 * only where it blocks every free square left. k = 3, 4, ... queens are tried until a
 * placement blocks the board.
 */
public class QueensBlock {

    static int n, k;
    static String variant;  // "any", "independent" or "distinct-rows"
    // The book's tables, counting queens: rows, columns, "sum" diagonals r + c - 1 and
    // "difference" diagonals r - c + n.
    static int[] rows, columns, sums, diffs;
    static boolean[][] queen, first;
    // tried[r][c]: the depth at which (r, c) was tried (0: not yet); later branches of
    // that depth skip it, so each placement is found once.
    static int[][] tried;
    static int[] freeRow, freeCol;  // the free squares found by a scan
    static long placed, found;      // queens put (the search effort), placements found

    static boolean blocks(int r, int c, int tr, int tc) {
        return r == tr || c == tc || r + c == tr + tc || r - c == tr - tc;
    }

    static boolean attacked(int r, int c) {
        return rows[r] > 0 || columns[c] > 0 || sums[r + c - 1] > 0 || diffs[r - c + n] > 0;
    }

    static void mark(int r, int c, int step) {
        rows[r] += step;
        columns[c] += step;
        sums[r + c - 1] += step;
        diffs[r - c + n] += step;
        queen[r][c] = step > 0;
    }

    // The free squares row by row, into freeRow/freeCol: all of them, or only the first.
    static int freeSquares(boolean every) {
        int count = 0;
        for (int r = 1; r <= n; r++) {
            if (rows[r] > 0) continue;  // a queen attacks its whole row
            for (int c = 1; c <= n; c++) {
                if (!attacked(r, c)) {
                    freeRow[count] = r;
                    freeCol[count] = c;
                    count++;
                    if (!every) return count;
                }
            }
        }
        return count;
    }

    static boolean allowed(int r, int c) {
        if (variant.equals("independent")) return !attacked(r, c);
        if (variant.equals("distinct-rows")) return rows[r] == 0;
        return true;
    }

    // Puts queen number `depth`, or finds the board blocked.
    static void step(int depth) {
        boolean last = depth == k;
        int free = freeSquares(last);
        if (free == 0) {
            found++;
            if (found == 1) {
                for (int r = 1; r <= n; r++) first[r] = queen[r].clone();
            }
            return;
        }
        if (depth > k) return;
        int fr = freeRow[0], fc = freeCol[0];
        // The last queen must block all the free squares: keep them (deeper scans reuse
        // freeRow/freeCol).
        int[] others = new int[last ? 2 * free : 0];
        for (int j = 1; last && j < free; j++) {
            others[2 * j] = freeRow[j];
            others[2 * j + 1] = freeCol[j];
        }
        for (int r = 1; r <= n; r++) {
            for (int c = 1; c <= n; c++) {
                if (!blocks(r, c, fr, fc) || tried[r][c] > 0 || !allowed(r, c)) continue;
                boolean blocksAll = true;
                for (int j = 1; last && j < free && blocksAll; j++) {
                    blocksAll = blocks(r, c, others[2 * j], others[2 * j + 1]);
                }
                if (!blocksAll) continue;
                placed++;
                mark(r, c, 1);
                step(depth + 1);
                mark(r, c, -1);
                tried[r][c] = depth;
            }
        }
        for (int r = 1; r <= n; r++) {
            for (int c = 1; c <= n; c++) {
                if (tried[r][c] == depth) tried[r][c] = 0;
            }
        }
    }

    // The most squares one queen blocks on an empty board.
    static int mostBlocked() {
        int most = 0;
        for (int r = 1; r <= n; r++) {
            for (int c = 1; c <= n; c++) {
                int count = 0;
                for (int tr = 1; tr <= n; tr++) {
                    for (int tc = 1; tc <= n; tc++) {
                        if (blocks(r, c, tr, tc)) count++;
                    }
                }
                most = Math.max(most, count);
            }
        }
        return most;
    }

    static void block(int size, String v) {
        n = size;
        variant = v;
        StringBuilder out = new StringBuilder();
        int most = mostBlocked();
        k = (n * n + most - 1) / most;
        out.append("один ферзь блокирует не больше полей: ").append(most)
           .append(" из ").append(n * n).append('\n');
        out.append("ферзей нужно не меньше: ").append(k).append('\n');
        while (true) {
            rows = new int[n + 1];
            columns = new int[n + 1];
            sums = new int[2 * n];
            diffs = new int[2 * n];
            queen = new boolean[n + 1][n + 1];
            first = new boolean[n + 1][];
            tried = new int[n + 1][n + 1];
            freeRow = new int[n * n];
            freeCol = new int[n * n];
            placed = found = 0;
            step(1);
            out.append("k = ").append(k).append(": расстановок ").append(found)
               .append(", поставлено ферзей ").append(placed).append('\n');
            if (found > 0) break;
            k++;
        }
        out.append("наименьшее число ферзей: ").append(k).append('\n');
        out.append("первая расстановка:");
        for (int r = 1; r <= n; r++) {
            for (int c = 1; c <= n; c++) {
                if (first[r][c]) out.append(" (").append(r).append(',').append(c).append(')');
            }
        }
        out.append('\n');
        for (int r = 1; r <= n; r++) {
            for (int c = 1; c <= n; c++) {
                out.append(c > 1 ? " " : "").append(first[r][c] ? "Ф" : ".");
            }
            out.append('\n');
        }
        System.out.print(out);
    }

    public static void main(String[] args) {
        block(1, "any");
        block(2, "any");
        block(3, "any");
        block(4, "any");
        block(5, "any");
        block(6, "any");
        block(7, "any");
        block(8, "any");
        block(1, "independent");
        block(2, "independent");
        block(3, "independent");
        block(4, "independent");
        block(5, "independent");
        block(6, "independent");
        block(7, "independent");
        block(8, "independent");
        block(1, "distinct-rows");
        block(2, "distinct-rows");
        block(3, "distinct-rows");
        block(4, "distinct-rows");
        block(5, "distinct-rows");
        block(6, "distinct-rows");
        block(7, "distinct-rows");
        block(8, "distinct-rows");
    }
}

/*
 * Puzzle 23 of the puzzle book: the ruler of length k with the fewest marks
 * 0 = a1 < a2 < ... < an = k that measures every length 1..k as a distance between two
 * marks.
 *
 * The book's search: the ends are fixed, a2 = 1 (read from the other end, any ruler can
 * be made to have it) and, as the book does, a(n-1) = k - 2 (method "book"; method "free"
 * leaves it to the search). The other marks start packed to the left, a3 = 2, a4 = 3, ...;
 * the last movable mark is advanced, and when it is at its end the one before it moves on
 * and the later ones are packed behind it again. A ruler is rejected as soon as its
 * differences repeat too often: n marks give n(n-1)/2 differences for k lengths, so only
 * n(n-1)/2 - k may repeat.
 */
public class Ruler {

    static long differences;  // differences formed: part of the search effort

    // Whether the marks a[1..n] measure every length 1..k.
    static boolean complete(int[] a, int n, int k) {
        int allowed = n * (n - 1) / 2 - k;  // repeats allowed
        boolean[] seen = new boolean[k + 1];
        int repeats = 0;
        for (int i = 2; i <= n; i++) {
            for (int j = 1; j < i; j++) {
                differences++;
                int d = a[i] - a[j];
                if (seen[d]) {
                    repeats++;
                    if (repeats > allowed) return false;
                }
                seen[d] = true;
            }
        }
        return true;
    }

    static void ruler(int k, String method) {
        boolean fixNearEnd = method.equals("book") && k - 2 > 1;  // a(n-1) = k - 2
        int fixed = fixNearEnd ? 4 : (k > 1 ? 3 : 2);
        int high = fixNearEnd ? k - 3 : k - 1;  // the movable marks lie in 2..high
        int n = fixed;
        while (n * (n - 1) / 2 < k) n++;
        long tried = 0;
        differences = 0;
        while (true) {
            int[] a = new int[n + 1];
            a[1] = 0;
            a[2] = 1;
            a[n] = k;
            if (fixNearEnd) a[n - 1] = k - 2;
            int first = 3, last = n - fixed + 2;  // the movable marks a[first..last]
            for (int i = first; i <= last; i++) a[i] = i - 1;  // packed to the left
            while (last < first || a[last] <= high) {
                tried++;
                if (complete(a, n, k)) {
                    StringBuilder out = new StringBuilder("отметок: " + n + "\nлинейка:");
                    for (int i = 1; i <= n; i++) out.append(' ').append(a[i]);
                    out.append("\nиспытано линеек: ").append(tried)
                       .append("\nвычислено разностей: ").append(differences).append('\n');
                    System.out.print(out);
                    return;
                }
                // Advance the last mark that can still move.
                int i = last;
                while (i >= first && a[i] == high - (last - i)) i--;
                if (i < first) break;
                a[i]++;
                for (int j = i + 1; j <= last; j++) a[j] = a[j - 1] + 1;
            }
            n++;
        }
    }

    public static void main(String[] args) {
        ruler(2, "book");
        ruler(1, "book");
        ruler(3, "book");
        ruler(4, "book");
        ruler(5, "book");
        ruler(6, "book");
        ruler(7, "book");
        ruler(8, "book");
        ruler(9, "book");
        ruler(10, "book");
        ruler(11, "book");
        ruler(12, "book");
        ruler(13, "book");
        ruler(14, "book");
        ruler(15, "book");
        ruler(16, "book");
        ruler(17, "book");
        ruler(18, "book");
        ruler(19, "book");
        ruler(20, "book");
        ruler(21, "book");
        ruler(22, "book");
        ruler(23, "book");
        ruler(24, "book");
        ruler(25, "book");
        ruler(26, "book");
        ruler(27, "book");
        ruler(28, "book");
        ruler(29, "book");
        ruler(30, "book");
        ruler(1, "free");
        ruler(2, "free");
        ruler(3, "free");
        ruler(4, "free");
        ruler(5, "free");
        ruler(6, "free");
        ruler(7, "free");
        ruler(8, "free");
        ruler(9, "free");
        ruler(10, "free");
        ruler(11, "free");
        ruler(12, "free");
        ruler(13, "free");
        ruler(14, "free");
        ruler(15, "free");
        ruler(16, "free");
        ruler(17, "free");
        ruler(18, "free");
        ruler(19, "free");
        ruler(20, "free");
        ruler(21, "free");
        ruler(22, "free");
        ruler(23, "free");
        ruler(24, "free");
        ruler(25, "free");
        ruler(26, "free");
        ruler(27, "free");
        ruler(28, "free");
        ruler(29, "free");
        ruler(30, "free");
    }
}

/*
 * N queens: every solution, by the search of the puzzle book
 * ("Программирование игр и головоломок", the eight queens).
 *
 * Queen k stands in row k; c[k] is its column. Three tables say whether a square is free:
 * the columns (ст in the book), the "sum" diagonals k + i - 1 (дп) and the "difference"
 * diagonals k - i + n (дм). The book's listing jumps between labels; here each label is a
 * comment where its code begins.
 */
public class Queens {

    static int printed, distinct, placed, tested;

    // Prints a solution c[1..n] and counts it, and counts it as distinct when no image of
    // it under the board's 8 symmetries comes before it.
    static void show(int[] c, int n) {
        StringBuilder line = new StringBuilder();
        for (int k = 1; k <= n; k++) {
            line.append(k > 1 ? " " : "").append(c[k]);
        }
        System.out.print(line.append('\n'));
        printed++;
        boolean smallest = true;
        for (int t = 0; t < 8 && smallest; t++) {
            int[] image = new int[n + 1];
            for (int row = 1; row <= n; row++) {
                int r = row, col = c[row];
                if ((t & 4) != 0) { int swap = r; r = col; col = swap; } // about the diagonal
                if ((t & 2) != 0) r = n + 1 - r;                         // rows reversed
                if ((t & 1) != 0) col = n + 1 - col;                     // columns reversed
                image[r] = col;
            }
            for (int k = 1; k <= n; k++) {
                if (image[k] != c[k]) {
                    smallest = image[k] > c[k];
                    break;
                }
            }
        }
        if (smallest) distinct++;
    }

    // mode "full": the first queen runs over the whole first row; "half": the book's hint,
    // it starts at column n / 2 + 1 and each solution is completed by its mirror image;
    // "listing": only the solutions, as the book's program prints them.
    static void queens(int n, String mode) {
        int[] column = new int[n + 1];     // ст: the row of the queen in each column
        int[] sumDiag = new int[2 * n];    // дп
        int[] diffDiag = new int[2 * n];   // дм
        int[] c = new int[n + 2];
        printed = distinct = placed = tested = 0;
        int k = 1;
        c[1] = mode.equals("half") ? n / 2 : 0;  // label С: before the row's first square
        while (k > 0) {
            int i = c[k] + 1;  // label И: look for the first free square after c[k]
            while (i <= n) {
                tested++;
                if (column[i] == 0 && sumDiag[k + i - 1] == 0 && diffDiag[k - i + n] == 0) {
                    break;
                }
                i++;
            }
            if (i <= n) {
                c[k] = i;  // label СОК: the queen goes there
                placed++;
                if (k < n) {
                    column[i] = sumDiag[k + i - 1] = diffDiag[k - i + n] = k;
                    k++;
                    c[k] = 0;  // label С for the next row
                    continue;
                }
                show(c, n);
                if (mode.equals("half") && 2 * c[1] != n + 1) {
                    int[] mirror = new int[n + 1];
                    for (int row = 1; row <= n; row++) mirror[row] = n + 1 - c[row];
                    show(mirror, n);
                }
            }
            k--;  // label СБ: back to the previous row, lift its queen
            if (k > 0) {
                int lifted = c[k];
                column[lifted] = sumDiag[k + lifted - 1] = diffDiag[k - lifted + n] = 0;
            }
        }
        if (!mode.equals("listing")) {
            System.out.print("решений: " + printed + "\n"
                    + "различных с точностью до поворотов и отражений: " + distinct + "\n"
                    + "поставлено ферзей: " + placed + "\n"
                    + "проверено полей: " + tested + "\n");
        }
    }

    public static void main(String[] args) {
        queens(1, "full");
        queens(2, "full");
        queens(3, "full");
        queens(4, "full");
        queens(5, "full");
        queens(6, "full");
        queens(7, "full");
        queens(8, "full");
        queens(9, "full");
        queens(10, "full");
        queens(1, "half");
        queens(2, "half");
        queens(3, "half");
        queens(4, "half");
        queens(5, "half");
        queens(6, "half");
        queens(7, "half");
        queens(8, "half");
        queens(9, "half");
        queens(10, "half");
        queens(8, "listing");
    }
}

/*
 * The dice game solved exactly, and the article's move compared with it.
 * The article "Игра с кубиком" (Информатика, 2008, No. 7) gives the computer a
 * "quasi-optimal" move (Выбор_компьютера) and promises the "fully optimal" strategy for
 * later. This program finds which positions (total, top) are won for the player to move,
 * lists where the quasi-optimal move gives such a win away, and checks the article's claim
 * that a difference of 9 to the next winning total is a lost position.
 */
public class DiceSolve {

    // Can the die be turned so that `number` comes on top? A quarter turn brings up a
    // side face: neither the number on top nor the one underneath it (7 - top).
    static boolean allowed(int top, int number) {
        return number >= 1 && number <= 6 && number != top && number != 7 - top;
    }

    // The computer's "quasi-optimal" move (Выбор_компьютера in the article). The winning
    // totals are taken to be n, n - 9, n - 18, ...: aim at the next one above `total`. A
    // difference of 1 to 6 is played when that number is allowed; otherwise (also for 7, 8
    // and the "lost" 9) the smallest allowed number: 1, or 2 when 1 is on top or underneath.
    static int computerChoice(int n, int total, int top) {
        int target = n;
        while (target > total) {
            target -= 9;
        }
        int difference = target + 9 - total; // 1 to 9
        if (difference <= 6 && allowed(top, difference)) {
            return difference;
        }
        return allowed(top, 1) ? 1 : 2;
    }

    // Does `move` win from (total, top)? It makes exactly n, or stays below n and leaves
    // the opponent a lost position.
    static boolean wins(boolean[][] won, int n, int total, int top, int move) {
        if (!allowed(top, move)) {
            return false;
        }
        return total + move == n || (total + move < n && !won[total + move][move]);
    }

    // The exact solution, by backward induction from the end of the game:
    // won[total][top] is true when the player to move can force a win.
    static boolean[][] solve(int n) {
        boolean[][] won = new boolean[n][7];
        for (int total = n - 1; total >= 1; total--) {
            for (int top = 1; top <= 6; top++) {
                for (int move = 1; move <= 6; move++) {
                    if (wins(won, n, total, top, move)) {
                        won[total][top] = true;
                    }
                }
            }
        }
        return won;
    }

    // Positions some game reaches: (t, t) after a throw of t, then (total + move, move).
    static boolean[][] reachable(int n) {
        boolean[][] seen = new boolean[n][7];
        for (int total = 1; total < n; total++) {
            for (int top = 1; top <= 6; top++) {
                int before = total - top;
                seen[total][top] = total == top;
                for (int old = 1; old <= 6 && before >= 1; old++) {
                    if (seen[before][old] && allowed(old, top)) {
                        seen[total][top] = true;
                    }
                }
            }
        }
        return seen;
    }

    static String winningMoves(boolean[][] won, int n, int total, int top) {
        StringBuilder moves = new StringBuilder();
        for (int move = 1; move <= 6; move++) {
            if (wins(won, n, total, top, move)) {
                moves.append(moves.length() > 0 ? "," : "").append(move);
            }
        }
        return moves.toString();
    }

    static boolean isNine(int n, int total) {
        return (n - total) % 9 == 0;
    }

    static void report(int n) {
        boolean[][] won = solve(n);
        boolean[][] seen = reachable(n);
        StringBuilder text = new StringBuilder();
        text.append("Точное решение игры до ").append(n).append("\n");
        text.append("В строке всего: выигрышные ходы для каждого верхнего числа;\n");
        text.append("«-» — позиция проигрышная для того, кто ходит, ")
            .append("«.» — в игре не встречается.\n");
        text.append("верхнее: 1 2 3 4 5 6\n");
        int positions = 0, winning = 0, mistakes = 0, nine = 0, nineWon = 0;
        for (int total = 1; total < n; total++) {
            text.append("всего ").append(total).append(":");
            for (int top = 1; top <= 6; top++) {
                String cell = won[total][top] ? winningMoves(won, n, total, top) : "-";
                text.append(" ").append(seen[total][top] ? cell : ".");
                if (seen[total][top]) {
                    positions++;
                    if (won[total][top]) {
                        winning++;
                        if (!wins(won, n, total, top, computerChoice(n, total, top))) {
                            mistakes++;
                        }
                    }
                    if (isNine(n, total)) {
                        nine++;
                        nineWon += won[total][top] ? 1 : 0;
                    }
                }
            }
            text.append("\n");
        }
        text.append("Позиций в игре: ").append(positions)
            .append("; выигрышных для того, кто ходит: ").append(winning)
            .append("; проигрышных: ").append(positions - winning).append("\n");

        // Where the article's move hands a won position over to the opponent.
        text.append("Позиций, где квазиоптимальный ход отдаёт выигрыш: ").append(mistakes)
            .append("\n");
        for (int total = 1; total < n; total++) {
            for (int top = 1; top <= 6; top++) {
                int choice = computerChoice(n, total, top);
                if (seen[total][top] && won[total][top] && !wins(won, n, total, top, choice)) {
                    text.append("всего ").append(total).append(", верхнее ").append(top)
                        .append(": ход ").append(choice).append(", выигрышные ходы ")
                        .append(winningMoves(won, n, total, top)).append("\n");
                }
            }
        }

        // The article: a difference of 9 (total = n - 9, n - 18, ...) is lost.
        text.append("Разность 9 (всего ");
        for (int total = n - 9; total >= 1; total -= 9) {
            text.append(total == n - 9 ? "" : ", ").append(total);
        }
        text.append("): позиций ").append(nine).append(", выигрышных ").append(nineWon)
            .append("\n");
        for (int total = 1; total < n; total++) {
            for (int top = 1; top <= 6; top++) {
                if (seen[total][top] && isNine(n, total) && won[total][top]) {
                    text.append("всего ").append(total).append(", верхнее ").append(top)
                        .append(": выигрышные ходы ").append(winningMoves(won, n, total, top))
                        .append("\n");
                }
            }
        }
        text.append("Утверждение статьи «разность 9 — проигрыш» ")
            .append(nineWon == 0 ? "верно" : "неверно").append("\n");
        System.out.print(text); // "\n", not println: the same line ending everywhere
    }

    public static void main(String[] args) {
        report(30);
        report(31);
        report(32);
        report(33);
        report(34);
        report(35);
        report(36);
        report(37);
        report(38);
        report(39);
        report(40);
    }
}

/*
 * The dice game, computer against computer: the article's "quasi-optimal" move against
 * the exact solution. The second mode of the game program of the article "Игра с кубиком"
 * (Информатика, 2008, No. 7). Each seed gives a game's draws as the game program makes
 * them (n, who throws, the number thrown); it is played twice, each strategy throwing the
 * die once: first the game program's own game of that seed, the computer playing the
 * quasi-optimal strategy and the human the exact one, then the same with the other one
 * throwing. The one who throws is the first player; the other one moves first. Each game
 * is printed with the numbers turned up, move by move, and who won; at the end: how often
 * each strategy won as the first player and as the second.
 */
import java.util.Random;

public class DiceDuel {

    static final String QUASI = "квазиоптимальная", EXACT = "точная";

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

    // The exact strategy: the smallest winning move; in a lost position the smallest
    // allowed number (the least likely to go past n).
    static int exactChoice(boolean[][] won, int n, int total, int top) {
        for (int move = 1; move <= 6; move++) {
            if (wins(won, n, total, top, move)) {
                return move;
            }
        }
        return allowed(top, 1) ? 1 : 2;
    }

    // Plays one game: `first` throws `thrown`, `second` moves first. Returns the winner;
    // `moves` gets the numbers turned up, in order, each after a space.
    static String winner(int n, boolean[][] won, int thrown, String first, String second,
                         StringBuilder moves) {
        int total = thrown, top = thrown;
        String mover = second, other = first;
        while (true) {
            top = mover.equals(QUASI) ? computerChoice(n, total, top)
                                      : exactChoice(won, n, total, top);
            moves.append(' ').append(top);
            total += top;
            if (total >= n) {
                return total == n ? mover : other;
            }
            String waiting = mover;
            mover = other;
            other = waiting;
        }
    }

    static void duel(int firstSeed, int games) {
        String[] sides = {QUASI, EXACT};
        int[] winsFirst = new int[2], winsSecond = new int[2];
        StringBuilder text = new StringBuilder();
        for (int game = 0; game < games; game++) {
            int seed = firstSeed + game; // firstSeed + games would overflow an int at the top
            Random random = new Random(seed);
            int n = 29 + 1 + random.nextInt(11);
            int starter = 1 + random.nextInt(2); // who throws: 1 the computer, 2 the human
            int thrown = 1 + random.nextInt(6);
            boolean[][] won = solve(n);
            text.append("Зерно ").append(seed).append(": игра до ").append(n)
                .append(", выпало ").append(thrown);
            for (int turn = 0; turn < 2; turn++) {
                // starter 1: the quasi-optimal side (0) throws first; 2: the exact one (1)
                int side = (starter - 1 + turn) % 2;
                String first = sides[side], second = sides[1 - side];
                StringBuilder moves = new StringBuilder();
                String best = winner(n, won, thrown, first, second, moves);
                int index = best.equals(QUASI) ? 0 : 1;
                if (best.equals(first)) {
                    winsFirst[index]++;
                } else {
                    winsSecond[index]++;
                }
                text.append("; бросает ").append(first).append(", ходы").append(moves)
                    .append(" — выиграла ").append(best);
            }
            text.append("\n");
        }
        text.append("Итого зёрен: ").append(games).append(", партий: ").append(2 * games)
            .append("\n");
        for (int side = 0; side < 2; side++) {
            text.append(sides[side]).append(": первой выиграла ").append(winsFirst[side])
                .append(" из ").append(games).append(", второй — ").append(winsSecond[side])
                .append(" из ").append(games).append("\n");
        }
        System.out.print(text); // "\n", not println: the same line ending everywhere
    }

    public static void main(String[] args) {
        duel(1, 30);
        duel(1000, 5);
        duel(2147483647, 1);
        duel(397818113, 1);
        duel(1066669882, 1);
        duel(910812142, 1);
        duel(31, 127);
        duel(310374318, 1);
    }
}

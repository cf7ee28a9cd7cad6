/*
 * The dice game: the computer's move, as the article's program makes it.
 * A Java port of the function Выбор_компьютера from the article "Игра с кубиком"
 * (Информатика, 2008, No. 7), written there in the school algorithmic language.
 * Rules: turn the die a quarter turn and add the new top number to the total; whoever
 * makes the total exactly n wins, whoever goes past n loses.
 */
public class DiceMove {

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

    // Prints the computer's move for `total` and `top` (0: every one).
    static void showMoves(int n, int total, int top) {
        int firstTop = top == 0 ? 1 : top, lastTop = top == 0 ? 6 : top;
        int firstTotal = total == 0 ? 1 : total, lastTotal = total == 0 ? n - 1 : total;
        StringBuilder text = new StringBuilder("Ход компьютера в игре до " + n + "\nверхнее:");
        for (int number = firstTop; number <= lastTop; number++) {
            text.append(" ").append(number);
        }
        text.append("\n");
        for (int row = firstTotal; row <= lastTotal; row++) {
            text.append("всего ").append(row).append(":");
            for (int number = firstTop; number <= lastTop; number++) {
                text.append(" ").append(computerChoice(n, row, number));
            }
            text.append("\n");
        }
        System.out.print(text); // "\n", not println: the same line ending everywhere
    }

    public static void main(String[] args) {
        showMoves(35, 20, 3);
        showMoves(35, 26, 1);
        showMoves(35, 26, 3);
        showMoves(35, 28, 6);
        showMoves(35, 27, 2);
        showMoves(35, 29, 1);
        showMoves(35, 29, 2);
        showMoves(35, 30, 2);
        showMoves(35, 30, 3);
        showMoves(35, 31, 4);
        showMoves(35, 31, 1);
        showMoves(35, 32, 3);
        showMoves(35, 33, 5);
        showMoves(35, 33, 3);
        showMoves(35, 34, 6);
        showMoves(35, 34, 4);
        showMoves(30, 1, 1);
        showMoves(40, 39, 2);
        showMoves(37, 1, 1);
        showMoves(31, 22, 6);
        showMoves(35, 29, 0);
        showMoves(35, 0, 3);
        showMoves(30, 0, 0);
        showMoves(31, 0, 0);
        showMoves(32, 0, 0);
        showMoves(33, 0, 0);
        showMoves(34, 0, 0);
        showMoves(35, 0, 0);
        showMoves(36, 0, 0);
        showMoves(37, 0, 0);
        showMoves(38, 0, 0);
        showMoves(39, 0, 0);
        showMoves(40, 0, 0);
    }
}

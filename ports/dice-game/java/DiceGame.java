/*
 * The dice game against the computer: the whole program of the article.
 * A Java port of the program Игра_с_кубиком from the article "Игра с кубиком"
 * (Информатика, 2008, No. 7), with what its exercise asks for: answer 0 to give up; any
 * answer that is not an allowed number is met with "Неправильный выбор! Попробуйте еще"
 * and asked again.
 *
 * Rules: a target n is drawn from 30 to 40 and the die is thrown; the total starts at the
 * thrown number. Then the players in turn tip the die a quarter turn and add the new top
 * number. Making exactly n wins, going past n loses.
 *
 * Run: java DiceGame SEED (the seed of the java.util.Random the school language's irnd
 * draws from; without it, a seed from the clock). Every message starts on a new line, as
 * the article's program prints.
 */
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Random;

public class DiceGame {

    static final String[] CHOICES = {"", "2 3 4 5", "1 3 4 6", "1 2 5 6", "1 2 5 6",
                                     "1 3 4 6", "2 3 4 5"};
    static final String KEY_PROMPT = "Для продолжения игры — нажмите любую клавишу";

    static Random random;
    static BufferedReader input =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));

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

    // irnd(x) of the school language: a whole number from 1 to x.
    static int irnd(int x) {
        return 1 + random.nextInt(x);
    }

    // вывод нс, ...: a new line, then the text.
    static void say(String text) {
        System.out.print("\n" + text);
    }

    // One line typed by the player; without it the game cannot go on.
    static String readLine() throws IOException {
        String line = input.readLine();
        if (line == null) {
            System.out.flush();
            System.err.println("Ввод закончился раньше, чем игра");
            System.exit(1);
        }
        return line;
    }

    // The number typed: one digit, blanks (space, tab, CR) around it allowed; else -1.
    static int answerValue(String line) {
        int start = 0, end = line.length();
        while (start < end && " \t\r".indexOf(line.charAt(start)) >= 0) {
            start++;
        }
        while (end > start && " \t\r".indexOf(line.charAt(end - 1)) >= 0) {
            end--;
        }
        if (end - start == 1 && line.charAt(start) >= '0' && line.charAt(start) <= '9') {
            return line.charAt(start) - '0';
        }
        return -1;
    }

    // Asks until the answer is an allowed number, or 0 (give up).
    static int humanChoice(int top) throws IOException {
        say("Ваш выбор? ");
        while (true) {
            int chosen = answerValue(readLine());
            if (chosen == 0 || allowed(top, chosen)) {
                return chosen;
            }
            say("Неправильный выбор! Попробуйте еще");
        }
    }

    static void play(long seed) throws IOException {
        random = new Random(seed);
        int n = 29 + irnd(11);
        say("Игра будет продолжаться до " + n);
        int turn; // 1: the computer moves next, 2: the player
        if (irnd(2) == 1) {
            say("Первым бросает компьютер");
            turn = 2;
        } else {
            say("Первым бросаете Вы");
            turn = 1;
        }
        say(KEY_PROMPT);
        readLine();
        int top = irnd(6);
        int total = top;
        say("На кубике выпало число " + top);
        boolean gaveUp = false;
        while (total < n && !gaveUp) {
            say(turn == 1 ? "Очередной ход делает компьютер" : "Очередной ход делаете Вы");
            say("Общая сумма чисел равна " + total);
            System.out.print("(игра до " + n + ")");
            say("Можно выбрать числа:" + CHOICES[top]);
            if (turn == 1) {
                say(KEY_PROMPT);
                readLine();
                top = computerChoice(n, total, top);
                say("Компьютер выбрал " + top);
                turn = 2;
            } else {
                int chosen = humanChoice(top);
                if (chosen == 0) {
                    gaveUp = true;
                    continue;
                }
                top = chosen;
                turn = 1;
            }
            total += top;
        }
        // Who has won: the one who made exactly n, or the other one.
        if (gaveUp) {
            say("Вы сдались");
        }
        say("Игра закончилась!");
        if (!gaveUp && (total == n) == (turn == 1)) {
            say("Выиграли Вы. Поздравляем!");
        } else {
            say("Выиграл компьютер!");
        }
        System.out.print("\n");
    }

    public static void main(String[] args) throws IOException {
        play(args.length > 0 ? Long.parseLong(args[0]) : System.nanoTime());
    }
}

"""The dice game against the computer: the whole program of the article.

A Python port of the program "Игра_с_кубиком" from the article "Игра с
кубиком" (Информатика, 2008, No. 7), with what its exercise asks for:
answer 0 to give up; any answer that is not an allowed number is met
with "Неправильный выбор! Попробуйте еще" and asked again.

Rules: a target n is drawn from 30 to 40 and the die is thrown; the total
starts at the thrown number. Then the players in turn tip the die a
quarter turn and add the new top number. Making exactly n wins, going
past n loses.

Run: python dice_game.py SEED (the seed of the java.util.Random the
school language's irnd draws from; without it, a seed from the clock).
Every message starts on a new line, as the article's program prints.
"""

import sys
import time


class JavaRandom:
    """java.util.Random, number for number: a linear congruential generator on
    a 48-bit state, state = (state * 0x5DEECE66D + 0xB) mod 2**48.  Python
    integers never overflow, so the 83-bit product is exact and `& MASK`
    keeps its low 48 bits."""

    MULTIPLIER = 0x5DEECE66D
    ADDEND = 0xB
    MASK = (1 << 48) - 1

    def __init__(self, seed):
        self.set_seed(seed)

    def set_seed(self, seed):
        """new Random(seed), setSeed(seed): only the low 48 bits of the seed
        count, scrambled by xor.  A negative seed works too: `& MASK` takes its
        two's complement bits, as Java's long holds them."""
        self.state = (seed ^ self.MULTIPLIER) & self.MASK

    def next_bits(self, bits):
        """next(bits): one step of the generator; the state's top `bits` bits."""
        self.state = (self.state * self.MULTIPLIER + self.ADDEND) & self.MASK
        return self.state >> (48 - bits)

    def next_int(self, bound):
        """nextInt(bound): 0 to bound - 1, every one equally likely."""
        r = self.next_bits(31)
        if bound & (bound - 1) == 0:
            return (bound * r) >> 31  # a power of two: the top bits of r
        # r mod bound, drawn again while r falls in the last, incomplete block
        # of bound values (Java sees u - r + bound - 1 pass 2**31 - 1 and its
        # int turn negative).
        u = r
        r = u % bound
        while u - r + bound - 1 > 2**31 - 1:
            u = self.next_bits(31)
            r = u % bound
        return r

    def irnd(self, x):
        """irnd(x) of the school language: a whole number from 1 to x."""
        return 1 + self.next_int(x)


def allowed(top, number):
    """Can the die be turned so that `number` comes on top?

    A quarter turn brings up a side face: neither the number on top
    nor the one underneath it (7 - top).
    """
    return 1 <= number <= 6 and number != top and number != 7 - top


def computer_choice(n, total, top):
    """The computer's "quasi-optimal" move (Выбор_компьютера in the article).

    The winning totals are taken to be n, n - 9, n - 18, ...; aim at the
    next one above `total`. A difference of 1 to 6 is played when that
    number is allowed; otherwise (also for 7, 8 and the "lost" 9) the
    smallest allowed number: 1, or 2 when 1 is on top or underneath.
    """
    target = n
    while target > total:
        target -= 9
    difference = target + 9 - total  # 1 to 9
    if difference <= 6 and allowed(top, difference):
        return difference
    return 1 if allowed(top, 1) else 2


CHOICES = {1: "2 3 4 5", 2: "1 3 4 6", 3: "1 2 5 6", 4: "1 2 5 6",
           5: "1 3 4 6", 6: "2 3 4 5"}
KEY_PROMPT = "Для продолжения игры — нажмите любую клавишу"


def say(*parts):
    """вывод нс, ...: a new line, then the parts."""
    print("\n" + "".join(str(part) for part in parts), end="")


def read_line():
    """One line typed by the player; without it the game cannot go on."""
    try:
        return input()
    except EOFError:
        sys.exit("Ввод закончился раньше, чем игра")  # to stderr, exit code 1


def answer_value(line):
    """The number typed: one digit, blanks around it allowed; else -1."""
    text = line.strip(" \t\r")
    if len(text) == 1 and "0" <= text <= "9":
        return int(text)
    return -1


def human_choice(top):
    """Ask until the answer is an allowed number, or 0 (give up)."""
    say("Ваш выбор? ")
    while True:
        chosen = answer_value(read_line())
        if chosen == 0 or allowed(top, chosen):
            return chosen
        say("Неправильный выбор! Попробуйте еще")


def play(seed):
    random = JavaRandom(seed)
    n = 29 + random.irnd(11)
    say("Игра будет продолжаться до ", n)
    if random.irnd(2) == 1:
        say("Первым бросает компьютер")
        turn = 2  # then the player moves first
    else:
        say("Первым бросаете Вы")
        turn = 1  # then the computer moves first
    say(KEY_PROMPT)
    read_line()
    total = top = random.irnd(6)
    say("На кубике выпало число ", top)
    gave_up = False
    while total < n and not gave_up:
        if turn == 1:
            say("Очередной ход делает компьютер")
        else:
            say("Очередной ход делаете Вы")
        say("Общая сумма чисел равна ", total)
        print(f"(игра до {n})", end="")
        say("Можно выбрать числа:", CHOICES[top])
        if turn == 1:
            say(KEY_PROMPT)
            read_line()
            top = computer_choice(n, total, top)
            say("Компьютер выбрал ", top)
            turn = 2
        else:
            chosen = human_choice(top)
            if chosen == 0:
                gave_up = True
                continue
            top = chosen
            turn = 1
        total += top
    # Who has won: the one who made exactly n, or the other one.
    if gave_up:
        say("Вы сдались")
    say("Игра закончилась!")
    if not gave_up and (total == n) == (turn == 1):
        say("Выиграли Вы. Поздравляем!")
    else:
        say("Выиграл компьютер!")
    print()


if __name__ == "__main__":
    play(int(sys.argv[1]) if len(sys.argv) > 1 else time.time_ns() % 2**31)

"""The dice game: the computer's move, as the article's program makes it.

A Python port of the function Выбор_компьютера from the article
"Игра с кубиком" (Информатика, 2008, No. 7), written there in the
school algorithmic language. Rules: turn the die a quarter turn and add
the new top number to the total; whoever makes the total exactly n
wins, whoever goes past n loses.
"""


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


def show_moves(n, total, top):
    """Print the computer's move for `total` and `top` (0: every one)."""
    tops = range(1, 7) if top == 0 else [top]
    totals = range(1, n) if total == 0 else [total]
    print(f"Ход компьютера в игре до {n}")
    print("верхнее: " + " ".join(str(number) for number in tops))
    for row in totals:
        moves = [str(computer_choice(n, row, number)) for number in tops]
        print(f"всего {row}: " + " ".join(moves))


if __name__ == "__main__":
    show_moves(35, 20, 3)
    show_moves(35, 26, 1)
    show_moves(35, 26, 3)
    show_moves(35, 28, 6)
    show_moves(35, 27, 2)
    show_moves(35, 29, 1)
    show_moves(35, 29, 2)
    show_moves(35, 30, 2)
    show_moves(35, 30, 3)
    show_moves(35, 31, 4)
    show_moves(35, 31, 1)
    show_moves(35, 32, 3)
    show_moves(35, 33, 5)
    show_moves(35, 33, 3)
    show_moves(35, 34, 6)
    show_moves(35, 34, 4)
    show_moves(30, 1, 1)
    show_moves(40, 39, 2)
    show_moves(37, 1, 1)
    show_moves(31, 22, 6)
    show_moves(35, 29, 0)
    show_moves(35, 0, 3)
    show_moves(30, 0, 0)
    show_moves(31, 0, 0)
    show_moves(32, 0, 0)
    show_moves(33, 0, 0)
    show_moves(34, 0, 0)
    show_moves(35, 0, 0)
    show_moves(36, 0, 0)
    show_moves(37, 0, 0)
    show_moves(38, 0, 0)
    show_moves(39, 0, 0)
    show_moves(40, 0, 0)

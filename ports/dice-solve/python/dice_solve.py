"""The dice game solved exactly, and the article's move compared with it.

The article "Игра с кубиком" (Информатика, 2008, No. 7) gives the
computer a "quasi-optimal" move (Выбор_компьютера) and promises the
"fully optimal" strategy for later. This program finds which positions
(total, top) are won for the player to move, lists where the
quasi-optimal move gives such a win away, and checks the article's claim
that a difference of 9 to the next winning total is a lost position.
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


def wins(won, n, total, top, move):
    """Does `move` win from (total, top)? It makes exactly n, or stays
    below n and leaves the opponent a lost position."""
    if not allowed(top, move):
        return False
    return total + move == n or (total + move < n and not won[total + move][move])


def solve(n):
    """The exact solution, by backward induction from the end of the game:
    won[total][top] is True when the player to move can force a win."""
    won = [[False] * 7 for total in range(n)]
    for total in range(n - 1, 0, -1):
        for top in range(1, 7):
            won[total][top] = any(wins(won, n, total, top, move)
                                  for move in range(1, 7))
    return won


def reachable(n):
    """Positions some game reaches: (t, t) after a throw of t, then
    (total + move, move) after each move."""
    seen = [[False] * 7 for total in range(n)]
    for total in range(1, n):
        for top in range(1, 7):
            before = total - top
            seen[total][top] = total == top or (before >= 1 and any(
                seen[before][old] and allowed(old, top) for old in range(1, 7)))
    return seen


def winning_moves(won, n, total, top):
    return ",".join(str(move) for move in range(1, 7)
                    if wins(won, n, total, top, move))


def report(n):
    won, seen = solve(n), reachable(n)
    positions = [(total, top) for total in range(1, n) for top in range(1, 7)
                 if seen[total][top]]
    print(f"Точное решение игры до {n}")
    print("В строке всего: выигрышные ходы для каждого верхнего числа;")
    print("«-» — позиция проигрышная для того, кто ходит, "
          "«.» — в игре не встречается.")
    print("верхнее: 1 2 3 4 5 6")
    for total in range(1, n):
        cells = [(winning_moves(won, n, total, top) or "-") if seen[total][top]
                 else "." for top in range(1, 7)]
        print(f"всего {total}: " + " ".join(cells))
    winning = sum(1 for total, top in positions if won[total][top])
    print(f"Позиций в игре: {len(positions)}; выигрышных для того, кто ходит: "
          f"{winning}; проигрышных: {len(positions) - winning}")

    # Where the article's move hands a won position over to the opponent.
    mistakes = [(total, top) for total, top in positions if won[total][top]
                and not wins(won, n, total, top, computer_choice(n, total, top))]
    print(f"Позиций, где квазиоптимальный ход отдаёт выигрыш: {len(mistakes)}")
    for total, top in mistakes:
        print(f"всего {total}, верхнее {top}: ход {computer_choice(n, total, top)}, "
              f"выигрышные ходы {winning_moves(won, n, total, top)}")

    # The article: a difference of 9 (total = n - 9, n - 18, ...) is lost.
    nines = list(range(n - 9, 0, -9))
    nine = [(total, top) for total, top in positions if total in nines]
    nine_won = [(total, top) for total, top in nine if won[total][top]]
    print(f"Разность 9 (всего {', '.join(map(str, nines))}): "
          f"позиций {len(nine)}, выигрышных {len(nine_won)}")
    for total, top in nine_won:
        print(f"всего {total}, верхнее {top}: выигрышные ходы "
              f"{winning_moves(won, n, total, top)}")
    verdict = "неверно" if nine_won else "верно"
    print(f"Утверждение статьи «разность 9 — проигрыш» {verdict}")


if __name__ == "__main__":
    report(30)
    report(31)
    report(32)
    report(33)
    report(34)
    report(35)
    report(36)
    report(37)
    report(38)
    report(39)
    report(40)

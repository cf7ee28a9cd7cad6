"""The computer's move in the dice game of the 2008 article (seeds/003, «Игра с кубиком»):
its function ``Выбор_компьютера(n, всего, верхнее)``, the "quasi-optimal" strategy, exactly
as the article's program runs it (``ports/dice/kumir-article``, elisions filled as its
ERRATA.md says; the rule itself is ``dice.computer_move``).

Inputs: the target ``n`` (30 to 40), the total so far ``total`` (1 to n − 1) and the number
on top of the die ``top`` (1 to 6).  ``total=0`` stands for every total below n and
``top=0`` for every top number, so ``total=0 top=0`` prints the whole table of one n.

Output: a title line, the top numbers asked for, then one line per total with the move for
each of those top numbers:

    Ход компьютера в игре до 35
    верхнее: 3
    всего 20: 6
"""

from __future__ import annotations

from portcheck.suite.params import IntParam

from . import dice

NAME = "dice-move"
TITLE = "Dice game: the computer's quasi-optimal move (Выбор_компьютера)"
PARAMS = {
    "n": IntParam(30, 40, "the total to reach"),
    "total": IntParam(0, 39, "the total so far, below n (0: every total below n)"),
    "top": IntParam(0, 6, "the number on top of the die (0: every top number)"),
}

# Positions chosen so that every branch of Выбор_компьютера is taken: the difference to the
# next winning total (n - 9k) from 1 to 9, with the wanted number allowed and forbidden.
_POSITIONS = [
    (35, 20, 3), (35, 26, 1), (35, 26, 3), (35, 28, 6), (35, 27, 2), (35, 29, 1),
    (35, 29, 2), (35, 30, 2), (35, 30, 3), (35, 31, 4), (35, 31, 1), (35, 32, 3),
    (35, 33, 5), (35, 33, 3), (35, 34, 6), (35, 34, 4), (30, 1, 1), (40, 39, 2),
    (37, 1, 1), (31, 22, 6),
]

CASES: dict[str, dict[str, int]] = {
    **{f"n-{n}-total-{total}-top-{top}": {"n": n, "total": total, "top": top}
       for n, total, top in _POSITIONS},
    "n-35-total-29-every-top": {"n": 35, "total": 29, "top": 0},
    "n-35-every-total-top-3": {"n": 35, "total": 0, "top": 3},
    **{f"n-{n}-table": {"n": n, "total": 0, "top": 0} for n in range(30, 41)},
}

ATTESTED: dict[str, str] = {}


def check_inputs(n: int, total: int, top: int) -> None:
    if total >= n:
        raise ValueError(f"total must be below n: 1..{n - 1} (or 0 for every total), "
                         f"not {total}")


def selected(value: int, every: range) -> range:
    """The values asked for: ``value`` alone, or all of ``every`` when it is 0."""
    return every if value == 0 else range(value, value + 1)


def output(n: int, total: int, top: int) -> str:
    check_inputs(n, total, top)
    tops = selected(top, range(1, 7))
    lines = [f"Ход компьютера в игре до {n}", "верхнее: " + " ".join(map(str, tops))]
    for row in selected(total, range(1, n)):
        moves = " ".join(str(dice.computer_move(n, row, column)) for column in tops)
        lines.append(f"всего {row}: {moves}")
    return "".join(line + "\n" for line in lines)

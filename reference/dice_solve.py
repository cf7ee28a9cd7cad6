"""The exact solution of the dice game (seeds/003, «Игра с кубиком»), which the article
promises for a later issue, and how the article's "quasi-optimal" move compares with it.

A position is (total, top) with the total below n, seen by the player about to turn the
die.  Backward induction from total n − 1 down to 1: a position is *won* when some allowed
move (not ``top``, not ``7 − top``) makes exactly n, or stays below n and leaves the
opponent a lost position; otherwise it is *lost* (every move goes past n or hands the
opponent a won position).

Positions that no game can reach (total 2 with 1 on top: the die shows 1 only when it was
thrown so) are shown as "." and left out of the counts: a game starts at (t, t) for a throw
t = 1…6, and every move leads from (total, top) to (total + m, m).

The article's claims checked here, for one n:
- the quasi-optimal move (``dice.computer_move``) "gives away" a won position when it is
  not one of the winning moves there;
- "a difference of 9 to the next winning total is lost": the positions whose total is
  n − 9k (where Выбор_компьютера computes разность = 9), every top number.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from portcheck.suite.params import IntParam

from . import dice

NAME = "dice-solve"
TITLE = "Dice game: the exact solution and the quasi-optimal move's mistakes"
PARAMS = {"n": IntParam(30, 40, "the total to reach")}

CASES: dict[str, dict[str, int]] = {f"n-{n}": {"n": n} for n in range(30, 41)}

ATTESTED: dict[str, str] = {}

TOPS = range(1, 7)
Position = tuple[int, int]  # (total, top)


@cache
def winning_moves(n: int) -> dict[Position, tuple[int, ...]]:
    """For every position (total 1…n − 1, top 1…6): the moves that win against any defence
    (none: the position is lost for the player to move)."""
    moves: dict[Position, tuple[int, ...]] = {}
    for total in range(n - 1, 0, -1):
        for top in TOPS:
            moves[total, top] = tuple(
                m for m in TOPS if dice.legal(top, m)
                and (total + m == n or (total + m < n and not moves[total + m, m])))
    return moves


@cache
def reachable(n: int) -> frozenset[Position]:
    """The positions some game reaches: (t, t) after a throw t, then (total + m, m)."""
    seen: set[Position] = set()
    for total in range(1, n):
        for top in TOPS:
            thrown = total == top
            reached = total - top >= 1 and any(
                (total - top, before) in seen and dice.legal(before, top) for before in TOPS)
            if thrown or reached:
                seen.add((total, top))
    return frozenset(seen)


def exact_move(n: int, total: int, top: int) -> int:
    """The exact strategy: the smallest winning move; in a lost position the smallest
    allowed number (the one least likely to go past n)."""
    wins = winning_moves(n)[total, top]
    return wins[0] if wins else min(m for m in TOPS if dice.legal(top, m))


@dataclass(frozen=True)
class Verdict:
    """The counts one n gives (over the positions a game can reach)."""

    n: int
    positions: int
    won: int
    mistakes: list[Position]  # won positions where the quasi-optimal move is not winning
    nine: list[Position]  # positions with разность = 9
    nine_won: list[Position]  # … of them, the won ones: each refutes the article's claim

    @property
    def lost(self) -> int:
        return self.positions - self.won

    @property
    def claim_holds(self) -> bool:
        return not self.nine_won


def is_nine(n: int, total: int) -> bool:
    """Does Выбор_компьютера compute разность = 9 here (total = n − 9k)?"""
    return (n - total) % 9 == 0


def verdict(n: int) -> Verdict:
    moves = winning_moves(n)
    real = sorted(reachable(n))
    mistakes = [p for p in real if moves[p] and dice.computer_move(n, *p) not in moves[p]]
    nine = [p for p in real if is_nine(n, p[0])]
    return Verdict(n, len(real), sum(1 for p in real if moves[p]), mistakes, nine,
                   [p for p in nine if moves[p]])


def _cell(n: int, position: Position) -> str:
    if position not in reachable(n):
        return "."
    return ",".join(map(str, winning_moves(n)[position])) or "-"


def _joined(numbers: list[int] | tuple[int, ...], separator: str = ",") -> str:
    return separator.join(map(str, numbers))


def output(n: int) -> str:
    PARAMS["n"].check(n)
    found = verdict(n)
    lines = [
        f"Точное решение игры до {n}",
        "В строке всего: выигрышные ходы для каждого верхнего числа;",
        "«-» — позиция проигрышная для того, кто ходит, «.» — в игре не встречается.",
        "верхнее: 1 2 3 4 5 6",
    ]
    for total in range(1, n):
        lines.append(f"всего {total}: " + " ".join(_cell(n, (total, top)) for top in TOPS))
    lines.append(f"Позиций в игре: {found.positions}; выигрышных для того, кто ходит: "
                 f"{found.won}; проигрышных: {found.lost}")
    lines.append(f"Позиций, где квазиоптимальный ход отдаёт выигрыш: {len(found.mistakes)}")
    for total, top in found.mistakes:
        lines.append(f"всего {total}, верхнее {top}: ход {dice.computer_move(n, total, top)}, "
                     f"выигрышные ходы {_joined(winning_moves(n)[total, top])}")
    nine_totals = list(range(n - 9, 0, -9))
    lines.append(f"Разность 9 (всего {_joined(nine_totals, ', ')}): позиций {len(found.nine)}, "
                 f"выигрышных {len(found.nine_won)}")
    for total, top in found.nine_won:
        lines.append(f"всего {total}, верхнее {top}: выигрышные ходы "
                     f"{_joined(winning_moves(n)[total, top])}")
    lines.append("Утверждение статьи «разность 9 — проигрыш» "
                 + ("верно" if found.claim_holds else "неверно"))
    return "".join(line + "\n" for line in lines)

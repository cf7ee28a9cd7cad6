"""Eight queens, the puzzle book's way (seeds/004: «Программирование игр и головоломок»).

The book's listing places queen ``k`` in row ``k``; ``c[k]`` is its column.  Three
occupancy tables say whether a square is free: ``ст[i]`` for the columns, ``дп[k + i − 1]``
for the "sum" diagonals and ``дм[k − i + 8]`` for the "difference" diagonals (on an N×N
board: ``дм[k − i + N]``, both of size 2N − 1).  The search is the book's loop with labels:

- С: a new row ``k`` starts before its first square (``c[k] := 0``);
- И: the first free square ``i`` after ``c[k]`` is looked for, square by square;
- none left (``i = N + 1``): back to the previous row (СБ), which frees its queen and
  looks further along its row (И);
- СОК: the queen is put there (``c[k] := i``); in the last row that is a solution, printed
  as the column vector ``c`` (``1 5 8 6 3 7 2 4``), and the search goes back (СБ); in any
  other row the square's column and diagonals are marked and the next row starts (С);
- back from row 1: the end (Я).

Modes:
- ``full``: the listing, then the count, the number of solutions distinct under the
  board's 8 symmetries, and the search effort (queens put, squares tested);
- ``half``: the book's symmetry hint: "start the first queen at column 5" (on an N×N board:
  column N div 2 + 1), and print each solution followed by its mirror image (column
  ``i`` ↔ ``N + 1 − i``), except those whose first queen is in the middle column of an odd
  board (their mirror image is found by the search itself); the same set, found with
  about half the effort;
- ``listing``: only what the book's listing prints: the solutions.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from portcheck.suite.params import ChoiceParam, IntParam

NAME = "queens"
TITLE = "N queens: every solution, the book's search with column and diagonal tables"
PARAMS = {
    "n": IntParam(1, 10, "board size", default=8),  # the book's eight queens
    "mode": ChoiceParam(("full", "half", "listing"),
                        "full: whole first row; half: the book's symmetry hint; "
                        "listing: the solutions only, as the book's program prints them",
                        default="listing"),
}

CASES: dict[str, dict[str, object]] = {
    **{f"n-{n}-mode-full": {"n": n, "mode": "full"} for n in range(1, 11)},
    **{f"n-{n}-mode-half": {"n": n, "mode": "half"} for n in range(1, 11)},
    "n-8-mode-listing": {"n": 8, "mode": "listing"},
}

ATTESTED: dict[str, str] = {}


@dataclass
class Effort:
    placed: int = 0  # queens put on the board (the label СОК)
    tested: int = 0  # squares tested for being free


def solutions(n: int, first_column: int = 1, effort: Effort | None = None,
              ) -> Iterator[list[int]]:
    """The solutions in the book's search order, as column vectors ``c[1..n]``, the first
    queen starting at ``first_column``."""
    effort = effort if effort is not None else Effort()
    column = [0] * (n + 1)  # ст[i]: the row of the queen in column i (0: none)
    plus = [0] * (2 * n)  # дп[k + i − 1]
    minus = [0] * (2 * n)  # дм[k − i + n]
    c = [0] * (n + 1)
    k = 1
    c[k] = first_column - 1
    while k > 0:
        i = c[k] + 1
        while i <= n:
            effort.tested += 1
            if column[i] == 0 and plus[k + i - 1] == 0 and minus[k - i + n] == 0:
                break
            i += 1
        if i <= n:
            effort.placed += 1
            c[k] = i
            if k == n:
                yield c[1:]
            else:
                column[i] = plus[k + i - 1] = minus[k - i + n] = k
                k += 1
                c[k] = 0
                continue
        k -= 1  # СБ: back to the previous row, whose queen is lifted
        if k > 0:
            i = c[k]
            column[i] = plus[k + i - 1] = minus[k - i + n] = 0


def mirror(solution: list[int]) -> list[int]:
    """The mirror image in the board's middle column."""
    n = len(solution)
    return [n + 1 - i for i in solution]


def transforms(solution: list[int]) -> Iterator[list[int]]:
    """The 8 images of a solution under the board's symmetries: optionally turned about
    the diagonal (rows and columns swapped), the rows optionally reversed, the columns
    optionally reversed."""
    n = len(solution)
    for t in range(8):
        image = [0] * n
        for row, col in enumerate(solution, 1):
            if t & 4:
                row, col = col, row
            if t & 2:
                row = n + 1 - row
            if t & 1:
                col = n + 1 - col
            image[row - 1] = col
        yield image


def is_canonical(solution: list[int]) -> bool:
    """Whether no symmetric image of the solution comes before it (as a vector)."""
    return all(solution <= image for image in transforms(solution))


def found(n: int, mode: str, effort: Effort) -> Iterator[list[int]]:
    """The solutions a mode prints, in its order."""
    if mode != "half":
        yield from solutions(n, 1, effort)
        return
    for solution in solutions(n, n // 2 + 1, effort):
        yield solution
        if 2 * solution[0] != n + 1:
            yield mirror(solution)


def output(n: int, mode: str) -> str:
    PARAMS["n"].check(n)
    PARAMS["mode"].check(mode)
    effort = Effort()
    printed = list(found(n, mode, effort))
    lines = [" ".join(map(str, solution)) for solution in printed]
    if mode != "listing":
        lines += [f"решений: {len(printed)}",
                  f"различных с точностью до поворотов и отражений: "
                  f"{sum(map(is_canonical, printed))}",
                  f"поставлено ферзей: {effort.placed}",
                  f"проверено полей: {effort.tested}"]
    return "".join(line + "\n" for line in lines)

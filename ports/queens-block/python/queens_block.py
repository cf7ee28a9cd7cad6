"""Puzzle 21 of the puzzle book: the fewest queens that leave no free
square on an n x n board (every square holds a queen or is attacked).

The book's search: scan the board for a free square; if there is none,
the board is blocked; if there is one, a queen must block it, so put a
queen on a square that blocks it (the square itself or one attacking
it) and scan again from the beginning.  Rows that hold a queen are
skipped (the book: "it is useless to scan them").  The last queen is
put only where it blocks every free square left.  k = 3, 4, ... queens
are tried until a placement blocks the board.
"""

VARIANTS = ("any", "independent", "distinct-rows")


def blocks(r, c, target_r, target_c):
    """Whether a queen on (r, c) stands on or attacks (target_r, target_c)."""
    return (r == target_r or c == target_c or r + c == target_r + target_c
            or r - c == target_r - target_c)


class Search:
    """The search for placements of k queens on an n x n board."""

    def __init__(self, n, variant, k):
        self.n, self.variant, self.k = n, variant, k
        # The book's tables, counting queens: rows, columns,
        # "sum" diagonals r + c - 1 and "difference" diagonals r - c + n.
        self.rows = [0] * (n + 1)
        self.columns = [0] * (n + 1)
        self.sums = [0] * (2 * n)
        self.diffs = [0] * (2 * n)
        self.queen = [[False] * (n + 1) for _ in range(n + 1)]
        # tried[r][c]: the depth at which (r, c) was tried (0: not yet);
        # later branches of that depth skip it, so each placement is
        # found once.
        self.tried = [[0] * (n + 1) for _ in range(n + 1)]
        self.placed = 0   # queens put: the search effort
        self.found = 0    # placements that block the board
        self.first = None  # the first of them

    def mark(self, r, c, step):
        n = self.n
        self.rows[r] += step
        self.columns[c] += step
        self.sums[r + c - 1] += step
        self.diffs[r - c + n] += step
        self.queen[r][c] = step > 0

    def attacked(self, r, c):
        return (self.rows[r] > 0 or self.columns[c] > 0
                or self.sums[r + c - 1] > 0 or self.diffs[r - c + self.n] > 0)

    def free_squares(self, every):
        """The free squares row by row (all, or only the first)."""
        free = []
        for r in range(1, self.n + 1):
            if self.rows[r] > 0:
                continue  # a queen attacks its whole row
            for c in range(1, self.n + 1):
                if not self.attacked(r, c):
                    free.append((r, c))
                    if not every:
                        return free
        return free

    def allowed(self, r, c):
        if self.variant == "independent":
            return not self.attacked(r, c)
        if self.variant == "distinct-rows":
            return self.rows[r] == 0
        return True

    def step(self, depth):
        """Put queen number `depth`, or find the board blocked."""
        last = depth == self.k
        free = self.free_squares(every=last)
        if not free:
            self.found += 1
            if self.first is None:
                self.first = [row[:] for row in self.queen]
            return
        if depth > self.k:
            return
        fr, fc = free[0]
        n = self.n
        for r in range(1, n + 1):
            for c in range(1, n + 1):
                if (not blocks(r, c, fr, fc) or self.tried[r][c] > 0
                        or not self.allowed(r, c)):
                    continue
                if last and not all(blocks(r, c, gr, gc) for gr, gc in free):
                    continue
                self.placed += 1
                self.mark(r, c, 1)
                self.step(depth + 1)
                self.mark(r, c, -1)
                self.tried[r][c] = depth
        for r in range(1, n + 1):
            for c in range(1, n + 1):
                if self.tried[r][c] == depth:
                    self.tried[r][c] = 0


def most_blocked(n):
    """The most squares one queen blocks on an empty board."""
    most = 0
    for r in range(1, n + 1):
        for c in range(1, n + 1):
            count = sum(blocks(r, c, tr, tc) for tr in range(1, n + 1)
                        for tc in range(1, n + 1))
            most = max(most, count)
    return most


def block(n, variant):
    most = most_blocked(n)
    k = (n * n + most - 1) // most
    print(f"один ферзь блокирует не больше полей: {most} из {n * n}")
    print(f"ферзей нужно не меньше: {k}")
    while True:
        search = Search(n, variant, k)
        search.step(1)
        print(f"k = {k}: расстановок {search.found}, "
              f"поставлено ферзей {search.placed}")
        if search.first is not None:
            break
        k += 1
    print(f"наименьшее число ферзей: {k}")
    squares = [f"({r},{c})" for r in range(1, n + 1)
               for c in range(1, n + 1) if search.first[r][c]]
    print("первая расстановка: " + " ".join(squares))
    for r in range(1, n + 1):
        print(" ".join("Ф" if search.first[r][c] else "."
                       for c in range(1, n + 1)))


if __name__ == "__main__":
    block(1, "any")
    block(2, "any")
    block(3, "any")
    block(4, "any")
    block(5, "any")
    block(6, "any")
    block(7, "any")
    block(8, "any")
    block(1, "independent")
    block(2, "independent")
    block(3, "independent")
    block(4, "independent")
    block(5, "independent")
    block(6, "independent")
    block(7, "independent")
    block(8, "independent")
    block(1, "distinct-rows")
    block(2, "distinct-rows")
    block(3, "distinct-rows")
    block(4, "distinct-rows")
    block(5, "distinct-rows")
    block(6, "distinct-rows")
    block(7, "distinct-rows")
    block(8, "distinct-rows")

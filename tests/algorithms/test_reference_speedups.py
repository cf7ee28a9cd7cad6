"""The references made faster (issue 14) against their plain definitions: each faster search
must try the same things in the same order and count the same effort as the search the
module's docstring describes, written here the plain way (from scratch every time), on the
inputs small enough for the plain way to be quick.  The goldens (``portcheck golden
check``) hold the larger inputs."""

from __future__ import annotations

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from tests.helpers.reference import reference_helper, reference_module

ruler = reference_module("ruler")


# --- ruler: differences kept from one ruler to the next -------------------------------------


def plain_complete(marks: list[int], k: int, effort: list[int]) -> bool:
    """The book's test of one ruler from scratch: its differences in the book's order
    (a[i] − a[j], j < i, row by row), rejected at the first repeat more than the
    n(n − 1)/2 − k that a ruler measuring 1..k can have; ``effort[0]`` counts those formed.
    For n(n − 1)/2 ≥ k, as the search has it (fewer differences cannot measure k lengths)."""
    n = len(marks)
    allowed, seen, repeats = n * (n - 1) // 2 - k, set(), 0
    pairs = ((i, j) for i in range(1, n) for j in range(i))
    for formed, (i, j) in enumerate(pairs, 1):
        repeats += marks[i] - marks[j] in seen
        seen.add(marks[i] - marks[j])
        if repeats > allowed:
            effort[0] += formed
            return False
    effort[0] += n * (n - 1) // 2
    return True


def plain_ruler(k: int, method: str) -> tuple[list[int], int, int]:
    """The book's search with every ruler's differences formed from scratch
    and the combinations of the movable marks from itertools, in lexicographic order."""
    place = ruler.layout(k, method)
    fixed = place.fixed(k)
    n = len(fixed)
    while n * (n - 1) // 2 < k:
        n += 1
    effort, tried = [0], 0
    while True:
        for inner in itertools.combinations(range(2, place.high(k) + 1), n - len(fixed)):
            tried += 1
            marks = [*fixed[:2], *inner, *fixed[2:]]
            if plain_complete(marks, k, effort):
                return marks, tried, effort[0]
        n += 1


@pytest.mark.parametrize("method", ruler.METHODS)
@pytest.mark.parametrize("k", range(1, 23))
def test_ruler_search_tries_and_counts_as_the_plain_search(k: int, method: str) -> None:
    found = ruler.search(k, method)
    assert (found.marks, found.tried, found.differences) == plain_ruler(k, method)


@st.composite
def rulers(draw: st.DrawFn) -> tuple[int, list[list[int]]]:
    """A length k and a few rulers of one number of marks (enough marks for k
    differences), each 0, 1, …, k."""
    k = draw(st.integers(4, 24))
    fewest = next(n for n in range(3, k + 2) if n * (n - 1) // 2 >= k)  # as the search
    n = draw(st.integers(fewest, max(fewest, min(k, 10))))
    inner = st.lists(st.integers(2, k - 1), min_size=n - 3, max_size=n - 3, unique=True)
    return k, [[0, 1, *sorted(marks), k] for marks in draw(st.lists(inner, min_size=1,
                                                                    max_size=12))]


def test_ruler_complete_is_the_plain_test_on_a_few_rulers() -> None:
    for marks in ([0, 1, 2, 3, 10], [0, 1, 4, 6], [0, 1, 2, 6, 10], [0, 1, 2, 11, 15, 18, 21, 23]):
        fast, plain = [0], [0]
        assert ruler.complete(marks, marks[-1], fast) == plain_complete(marks, marks[-1], plain)
        assert fast == plain


@settings(max_examples=200, deadline=None)
@given(rulers())
def test_ruler_kept_differences_decide_and_count_as_from_scratch(
        drawn: tuple[int, list[list[int]]]) -> None:
    """Any sequence of rulers (not only the search's): each told the first mark that
    differs from the ruler before, the kept rows give the same answer and effort."""
    k, sequence = drawn
    kept = ruler.Differences(k, len(sequence[0]))
    previous: list[int] = []
    for marks in sequence:
        same = itertools.takewhile(lambda pair: pair[0] == pair[1],
                                   zip(marks, previous, strict=False))
        moved = sum(1 for _ in same)
        fast, plain = [0], [0]
        assert kept.complete(marks, moved, fast) == plain_complete(marks, k, plain)
        assert fast == plain
        previous = marks


# --- queens-block: bit masks instead of the book's tables -----------------------------------

queens_block = reference_module("queens-block")
Square = tuple[int, int]


class PlainBlockSearch:
    """The search of reference/queens-block.py as it was written before the bit masks: the
    book's tables of queens per row, column and diagonal, a fresh scan for the free squares
    at every step and the candidates tested one by one."""

    def __init__(self, n: int, variant: str, k: int) -> None:
        self.n, self.variant, self.k = n, variant, k
        self.queens: list[Square] = []
        self.rows, self.columns = [0] * (n + 1), [0] * (n + 1)
        self.plus, self.minus = [0] * (2 * n), [0] * (2 * n)
        self.tried = [[0] * (n + 1) for _ in range(n + 1)]
        self.placed = self.found = 0
        self.first: list[Square] | None = None

    def mark(self, square: Square, step: int) -> None:
        r, c = square
        self.rows[r] += step
        self.columns[c] += step
        self.plus[r + c - 1] += step
        self.minus[r - c + self.n] += step

    def attacked(self, r: int, c: int) -> bool:
        return bool(self.rows[r] or self.columns[c] or self.plus[r + c - 1]
                    or self.minus[r - c + self.n])

    def free_squares(self) -> list[Square]:
        return [(r, c) for r in range(1, self.n + 1) if not self.rows[r]
                for c in range(1, self.n + 1) if not self.attacked(r, c)]

    def allows(self, r: int, c: int) -> bool:
        if self.variant == "independent":
            return not self.attacked(r, c)
        return self.variant != "distinct-rows" or self.rows[r] == 0

    def step(self, depth: int) -> None:
        free = self.free_squares()
        if not free:
            self.found += 1
            self.first = self.first or sorted(self.queens)
            return
        if depth > self.k:
            return
        tried_here = []
        for square in self.candidates(free, depth):
            self.placed += 1
            self.queens.append(square)
            self.mark(square, 1)
            self.step(depth + 1)
            self.mark(self.queens.pop(), -1)
            self.tried[square[0]][square[1]] = depth
            tried_here.append(square)
        for r, c in tried_here:
            self.tried[r][c] = 0

    def candidates(self, free: list[Square], depth: int) -> list[Square]:
        (fr, fc), rest = free[0], free[1:] if depth == self.k else []
        return [(r, c) for r in range(1, self.n + 1)
                for c in (range(1, self.n + 1) if r == fr else (fc - abs(r - fr), fc,
                                                               fc + abs(r - fr)))
                if 1 <= c <= self.n and not self.tried[r][c] and self.allows(r, c)
                and all(queens_block.blocks((r, c), other) for other in rest)]


@pytest.mark.parametrize("variant", queens_block.VARIANTS)
@pytest.mark.parametrize("n", range(1, 8))
def test_block_search_places_and_finds_as_the_plain_search(n: int, variant: str) -> None:
    """Every k from the bound to the minimum: the same placements found, the same queens
    put (the effort printed) and the same first placement."""
    k = -(-n * n // queens_block.most_blocked(n))
    while True:
        fast, plain = queens_block.Search(n, variant, k), PlainBlockSearch(n, variant, k)
        fast.run()
        plain.step(1)
        assert (fast.found, fast.placed, fast.first) == (plain.found, plain.placed,
                                                         plain.first)
        if plain.first is not None:
            return
        k += 1


# --- placement (battleship, placement-bias): key cells made once, neighbour counts ----------

fleets = reference_helper("fleets")
placement = reference_helper("placement")


def plain_fits(board, number: int, key: tuple[int, int, int]) -> bool:
    """The article's test as reference/placement.py states it, from the board's ``taken``
    alone: on the field, no cell forbidden or taken, no other ship among the neighbours."""
    row, col, turn = key
    ship = board.fleet.ships[number]
    cells = [(row + dr, col + dc) for dr, dc in placement.turned(ship.cells, turn)]
    if not all(0 <= r < board.rows and 0 <= c < board.cols for r, c in cells):
        return False

    def taken(r: int, c: int) -> bool:
        return 0 <= r < board.rows and 0 <= c < board.cols and board.taken[r][c] >= 0

    return all(board.fleet.field[r][c] != fleets.FORBIDDEN and not taken(r, c) and (
        board.touching or not any(taken(r + dr, c + dc) for dr, dc in placement.NEIGHBOURS))
        for r, c in cells)


@settings(max_examples=150, deadline=None)
@given(st.sampled_from(sorted(fleets.FLEETS)), st.booleans(), st.data())
def test_board_fits_as_the_plain_test_while_ships_are_placed_and_lifted(
        name: str, touching: bool, data: st.DataObject) -> None:
    fleet = fleets.FLEETS[name]
    board = placement.Board(fleet, touching)
    keys = st.tuples(st.integers(0, fleet.rows - 1), st.integers(0, fleet.cols - 1),
                     st.integers(0, 3))
    placed = []
    for number in range(len(fleet.ships)):
        for key in data.draw(st.lists(keys, min_size=1, max_size=25)):
            assert board.fits(number, key) == plain_fits(board, number, key)
            if board.fits(number, key):
                board.put(number, key, number)
                placed.append((number, key))
                break
    while placed:
        board.put(*placed.pop(), -1)
        for key in data.draw(st.lists(keys, max_size=5)):
            assert board.fits(0, key) == plain_fits(board, 0, key)
    assert all(count == 0 for line in board.near for count in line)

"""The battleship placement of the "rails" article (seeds/001), checked against the article's
own statements and against an independent count.

Where each expected value comes from:
- the odometer order {000}, {001}, {002}, {003}, {010}, … {113} on a 2×2 field and the
  "about 10^26 keys, 87 bits" of the classic fleet: the article's text;
- the rails' shuffle: the Microsoft C generator drawn by hand in the documented order;
- every count of valid placements and the first placement found: an enumeration written
  here from scratch (cells as sets, keys tried in the rails' order, no backtracking code
  shared with the reference).
"""

from __future__ import annotations

import itertools
from collections.abc import Iterator

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from portcheck.cli.main import main
from portcheck.prng import MsRand
from tests.helpers.reference import reference_helper, reference_module

battleship = reference_module("battleship")
fleets = reference_helper("fleets")
rails = reference_helper("rails")
placement = reference_helper("placement")

Cells = frozenset[tuple[int, int]]
SMALL = ("pair", "corner", "impossible", "letters")


# --- an independent enumeration ------------------------------------------------------------


def ship_cells(ship, row: int, col: int, turn: int) -> Cells:
    """The ship's cells with its anchor at (row, col), turned ``turn`` times clockwise:
    a quarter turn clockwise (rows grow downwards) sends an offset (dr, dc) to (dc, -dr)."""
    cells = set()
    for dr, dc in ship.cells:
        for _ in range(turn):
            dr, dc = dc, -dr
        cells.add((row + dr, col + dc))
    return frozenset(cells)


def alone(fleet, ship, key: tuple[int, int, int]) -> Cells | None:
    """The ship's cells at ``key`` when they lie on free cells of the field, else None."""
    cells = ship_cells(ship, *key)
    ok = all(0 <= r < fleet.rows and 0 <= c < fleet.cols and fleet.field[r][c] == "."
             for r, c in cells)
    return cells if ok else None


def apart(one: Cells, other: Cells, touching: bool) -> bool:
    if touching:
        return not one & other
    return all(max(abs(r - s), abs(c - t)) >= 2 for r, c in one for s, t in other)


def keys_in_order(fleet, ship_rails) -> list[tuple[int, int, int]]:
    """A ship's keys in the odometer's order: row rail slowest, rotation rail fastest."""
    return [(r, c, t) for r in ship_rails.rows for c in ship_rails.cols
            for t in ship_rails.turns]


def valid_fleets(fleet, touching: bool, seed: int = 0) -> Iterator[tuple]:
    """Every valid fleet key, in the order of the fleet's odometer of shuffled rails."""
    per_ship = []
    for ship, ship_rails in zip(fleet.ships, rails.fleet_rails(
            len(fleet.ships), fleet.rows, fleet.cols, seed), strict=True):
        per_ship.append([(key, cells) for key in keys_in_order(fleet, ship_rails)
                         if (cells := alone(fleet, ship, key)) is not None])

    def extend(placed: list[tuple]) -> Iterator[tuple]:
        if len(placed) == len(fleet.ships):
            yield tuple(key for key, _ in placed)
            return
        for key, cells in per_ship[len(placed)]:
            if all(apart(cells, other, touching) for _, other in placed):
                yield from extend([*placed, (key, cells)])

    return extend([])


def prefixes(fleet, touching: bool, length: int) -> int:
    """How many valid placements the first ``length`` ships have."""
    shorter = fleets.Fleet(fleet.name, fleet.field, fleet.ships[:length], True)
    return sum(1 for _ in valid_fleets(shorter, touching))


# --- the article's odometer -----------------------------------------------------------------


def test_a_ships_keys_run_like_the_articles_odometer() -> None:
    """The article's 2×2 example: {000}, {001}, {002}, {003}, {010}, … {113}, then none."""
    generator = placement.Generator(rails.fleet_rails(1, 2, 2, seed=0)[0])
    keys = list(iter(generator.next, None))
    assert ["".join(map(str, key)) for key in keys][:6] == [
        "000", "001", "002", "003", "010", "011"]
    assert keys == list(itertools.product(range(2), range(2), range(4)))
    generator.reset()
    assert generator.next() == (0, 0, 0)


def test_the_classic_fleet_has_the_articles_10_to_the_26_keys_in_87_bits() -> None:
    classic = fleets.FLEETS["classic"]
    assert classic.raw_keys == 400**10
    assert 10**26 <= classic.raw_keys < 10**27
    assert classic.raw_keys.bit_length() == 87
    assert 10**28 <= classic.raw_keys * 400 < 10**29  # "one more ship: about 10^28"


# --- the rails' shuffle ---------------------------------------------------------------------


def test_seed_0_leaves_every_rail_in_order() -> None:
    for ship in rails.fleet_rails(3, 5, 15, seed=0):
        assert (ship.rows, ship.cols, ship.turns) == (
            list(range(5)), list(range(15)), [0, 1, 2, 3])


def test_rails_are_shuffled_ship_by_ship_row_column_rotation() -> None:
    rand = MsRand(7)

    def shuffled(n: int) -> list[int]:
        rail = list(range(n))
        for _ in range((n + 1) // 2):
            a = rand.next() % n
            b = (a + 1 + rand.next() % (n - 1)) % n
            rail[a], rail[b] = rail[b], rail[a]
        return rail

    expected = [(shuffled(3), shuffled(4), shuffled(4)) for _ in range(2)]
    got = [(s.rows, s.cols, s.turns) for s in rails.fleet_rails(2, 3, 4, seed=7)]
    assert got == expected


@given(st.integers(2, 40), st.integers(0, 2**31 - 1))
def test_the_shuffle_swaps_two_different_numbers_and_keeps_them_all(n: int, seed: int) -> None:
    rand = MsRand(seed)
    a = rand.next() % n
    assert (a + 1 + rand.next() % (n - 1)) % n != a
    rail = list(range(n))
    rails.shuffle(rail, MsRand(seed))
    assert sorted(rail) == list(range(n))


def test_a_rail_of_one_number_draws_nothing() -> None:
    rand = MsRand(5)
    rails.shuffle([0], rand)
    assert rand.state == 5


# --- the search against the independent enumeration -----------------------------------------


@pytest.mark.parametrize("touching", [False, True])
@pytest.mark.parametrize("name", SMALL)
def test_the_whole_search_counts_every_valid_fleet_key(name: str, touching: bool) -> None:
    fleet = fleets.FLEETS[name]
    whole = placement.whole(fleet, touching)
    assert whole.valid == sum(1 for _ in valid_fleets(fleet, touching))
    # Every ship's generator runs through all its keys once for each placement of the
    # ships before it: keys tried = keys per ship × (1 + placements of each prefix).
    keys_per_ship = fleet.rows * fleet.cols * 4
    assert whole.tried == keys_per_ship * (1 + sum(
        prefixes(fleet, touching, length) for length in range(1, len(fleet.ships))))


@pytest.mark.parametrize("seed", [0, 1, 2, 5, 1234, 2**31 - 1])
@pytest.mark.parametrize("name", ["pair", "corner", "letters"])
def test_the_first_placement_is_the_first_valid_key_in_the_rails_order(name: str,
                                                                          seed: int) -> None:
    fleet = fleets.FLEETS[name]
    for touching in (False, True):
        found = placement.first(fleet, seed, touching)
        assert found is not None
        assert tuple(found.keys) == next(valid_fleets(fleet, touching, seed))


def test_the_impossible_fleet_has_no_placement_under_either_rule() -> None:
    for touching in ("forbidden", "allowed"):
        text = battleship.output(fleet="impossible", seed=3, touching=touching)
        lines = text.splitlines()
        assert lines[0] == "no placement"
        tried = int(lines[1].removeprefix("keys tried: "))
        assert lines[2].endswith(f", {tried} keys tried")
        assert lines[2].startswith("whole search: 0 valid keys of (3*3*4)^3 = 46656")


def picture_is_valid(fleet, picture: list[str], touching: bool) -> bool:
    """Each ship's symbol covers exactly its shape in some turn, on free cells, apart."""
    placed = []
    for ship in fleet.ships:
        cells = frozenset((r, c) for r, line in enumerate(picture)
                          for c, mark in enumerate(line) if mark == ship.symbol)
        if not any(ship_cells(ship, r, c, turn) == cells  # any cell may be the anchor
                   for r, c in cells for turn in range(4)):
            return False
        placed.append(cells)
    free = all(fleet.field[r][c] == "." for cells in placed for r, c in cells)
    return free and all(apart(one, other, touching)
                        for one, other in itertools.combinations(placed, 2))


@settings(max_examples=40, deadline=None)
@given(st.integers(0, 2**31 - 1), st.booleans())
def test_every_classic_placement_is_valid(seed: int, touching: bool) -> None:
    fleet = fleets.FLEETS["classic"]
    found = placement.first(fleet, seed, touching)
    assert found is not None
    assert picture_is_valid(fleet, found.picture, touching)


def test_the_letters_show_r_a_h_b() -> None:
    assert {ship.symbol: "/".join(ship.picture) for ship in fleets.FLEETS["letters"].ships} \
        == fleets.LETTERS
    assert (fleets.FLEETS["letters"].rows, fleets.FLEETS["letters"].cols) == (5, 15)


# --- bad input ------------------------------------------------------------------------------


def test_a_ship_larger_than_the_field_is_refused_in_one_line() -> None:
    with pytest.raises(ValueError) as refused:
        fleets.fleet("tiny", "../..", (fleets.straight("1", 3),))
    assert str(refused.value) == "fleet tiny: ship 1 (1×3) is larger than the 2×2 field"
    fleets.fleet("turned", "./././.", (fleets.straight("1", 4),))  # fits turned


@pytest.mark.parametrize(("words", "message"), [
    (["fleet=armada", "seed=1"],
     "fleet: 'armada' is not one of classic|letters|pair|corner|impossible"),
    (["fleet=classic", "seed=-1"], "seed: -1 is out of range 0..2147483647"),
    (["fleet=classic", "seed=1", "touching=sometimes"],
     "touching: 'sometimes' is not one of forbidden|allowed"),
    (["seed=1"], "missing input fleet"),
])
def test_bad_values_get_one_line_and_exit_2(capsys: pytest.CaptureFixture[str],
                                            words: list[str], message: str) -> None:
    assert main(["reference", "battleship", *words]) == 2
    captured = capsys.readouterr()
    assert captured.err.count("\n") == 1
    assert captured.err.startswith(f"portcheck: error: battleship: {message}")
    assert captured.out == ""


def test_touching_is_forbidden_unless_told(capsys: pytest.CaptureFixture[str],
                                          portcheck_golden) -> None:
    assert main(["reference", "battleship", "fleet=classic", "seed=7"]) == 0
    assert capsys.readouterr().out == portcheck_golden(
        "battleship", "fleet-classic-seed-7-touching-forbidden")

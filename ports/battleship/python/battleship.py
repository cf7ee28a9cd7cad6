"""Battleship: placing a fleet of ships of any shape, as the article
"Игра «морской бой»: расстановка кораблей" builds it.

Each ship's position is a key (row, column, rotation).  A ship's keys come
from a generator of three "rails", like an odometer: row, then column, then
rotation turning fastest.  The search places ship after ship; when a ship's
keys run out it "signals up": the previous ship takes its next key.  The
numbers on every rail are shuffled (Microsoft C rand()), so each seed gives
another placement; seed 0 leaves the rails unshuffled.
"""

# The fleets: the field ("." free, "#" forbidden), each ship's symbol and
# shape (rows separated by "/"; a ship turns about its anchor, its first cell
# in reading order), and whether to search to the end and count every valid
# placement (small fleets only).
FLEETS = {
    "classic": {
        "field": [
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
            "..........",
        ],
        "ships": [("0", "####"), ("1", "###"), ("2", "###"), ("3", "##"), ("4", "##"), ("5", "##"), ("6", "#"), ("7", "#"), ("8", "#"), ("9", "#")],
        "exhaustive": False,
    },
    "letters": {
        "field": [
            ".#.............",
            "...#...#...#...",
            "...#...#...#...",
            "...............",
            ".............#.",
        ],
        "ships": [("R", "##./#.#/##./#.#/#.#"), ("A", ".#./#.#/###/#.#/#.#"), ("H", "#.#/#.#/###/#.#/#.#"), ("B", "##./#.#/##./#.#/##.")],
        "exhaustive": False,
    },
    "pair": {
        "field": [
            "....",
            "....",
            "....",
        ],
        "ships": [("1", "###"), ("2", "##")],
        "exhaustive": True,
    },
    "corner": {
        "field": [
            "....",
            ".#..",
            "....",
            "....",
        ],
        "ships": [("L", "#./##"), ("2", "##"), ("3", "#")],
        "exhaustive": True,
    },
    "impossible": {
        "field": [
            "...",
            ".#.",
            "...",
        ],
        "ships": [("1", "###"), ("2", "###"), ("3", "##")],
        "exhaustive": True,
    },
}

TURNS = 4  # quarter turns clockwise about the anchor


class MsRand:
    """The rand() of the Microsoft C library: a linear congruential generator."""

    def __init__(self, seed):
        self.state = seed

    def next(self):
        self.state = (214013 * self.state + 2531011) % 2147483648
        return self.state // 65536


def shuffle(rail, rand):
    """The article's shuffle: ceil(N/2) swaps of two different numbers."""
    n = len(rail)
    if n < 2:
        return
    for _ in range((n + 1) // 2):
        a = rand.next() % n
        b = (a + 1 + rand.next() % (n - 1)) % n
        rail[a], rail[b] = rail[b], rail[a]


def shape(picture):
    """A ship's cells as (row, column) offsets from its anchor."""
    cells = [(r, c) for r, line in enumerate(picture.split("/"))
             for c, mark in enumerate(line) if mark == "#"]
    anchor_row, anchor_col = cells[0]
    return [(r - anchor_row, c - anchor_col) for r, c in cells]


def turned(cells, turn):
    """The cells turned `turn` quarter turns clockwise about the anchor."""
    for _ in range(turn):
        cells = [(dc, -dr) for dr, dc in cells]
    return cells


class Generator:
    """One ship's keys: an odometer of three rails, rotation turning fastest."""

    def __init__(self, rows, cols):
        self.rails = [list(range(rows)), list(range(cols)), list(range(TURNS))]
        self.reset()

    def reset(self):
        self.position = [0, 0, -1]  # before the first key

    def next_key(self):
        """Move the lowest rail; a rail that runs out moves the one above it.
        Returns (row, column, turn), or None when the keys have run out."""
        for rail in (2, 1, 0):
            self.position[rail] += 1
            if self.position[rail] < len(self.rails[rail]):
                return tuple(self.rails[r][self.position[r]] for r in range(3))
            self.position[rail] = 0
        return None


class Placement:
    def __init__(self, name, seed, touching):
        fleet = FLEETS[name]
        self.field = fleet["field"]
        self.rows, self.cols = len(self.field), len(self.field[0])
        self.symbols = [symbol for symbol, _ in fleet["ships"]]
        self.shapes = [shape(picture) for _, picture in fleet["ships"]]
        self.exhaustive = fleet["exhaustive"]
        self.touching = touching == "allowed"
        self.taken = [[-1] * self.cols for _ in range(self.rows)]  # ship number or -1
        self.generators = [Generator(self.rows, self.cols) for _ in self.shapes]
        if seed != 0:  # ship by ship: its row, column and rotation rails
            rand = MsRand(seed)
            for generator in self.generators:
                for rail in generator.rails:
                    shuffle(rail, rand)

    def cells(self, ship, key):
        row, col, turn = key
        return [(row + dr, col + dc) for dr, dc in turned(self.shapes[ship], turn)]

    def fits(self, ship, key):
        cells = self.cells(ship, key)
        # The cheap test first: the whole ship must lie on the field.
        for r, c in cells:
            if not (0 <= r < self.rows and 0 <= c < self.cols):
                return False
        for r, c in cells:
            if self.field[r][c] == "#" or self.taken[r][c] >= 0:
                return False
            if not self.touching and self.touches(r, c):
                return False
        return True

    def touches(self, row, col):
        """Is another ship on one of the eight cells around this one?"""
        for r in range(max(row - 1, 0), min(row + 2, self.rows)):
            for c in range(max(col - 1, 0), min(col + 2, self.cols)):
                if self.taken[r][c] >= 0:
                    return True
        return False

    def put(self, ship, key, mark):
        """Place the ship (mark = its number) or lift it (mark = -1)."""
        for r, c in self.cells(ship, key):
            self.taken[r][c] = mark

    def print_field(self):
        for r in range(self.rows):
            print("".join(self.symbols[n] if n >= 0 else self.field[r][c]
                          for c, n in enumerate(self.taken[r])))

    def search(self):
        keys = []  # the key of every ship placed so far
        tried = valid = 0
        while True:
            if len(keys) == len(self.shapes):  # every ship is placed
                valid += 1
                if valid == 1:
                    self.print_field()
                    print(f"keys tried: {tried}")
                if not self.exhaustive:
                    return
                self.put(len(keys) - 1, keys.pop(), -1)  # go on: next key
            ship = len(keys)
            key = self.generators[ship].next_key()
            if key is None:  # keys ran out: reset, and signal up
                self.generators[ship].reset()
                if ship == 0:
                    break
                self.put(ship - 1, keys.pop(), -1)
                continue
            tried += 1
            if self.fits(ship, key):
                self.put(ship, key, ship)
                keys.append(key)
        if valid == 0:
            print("no placement")
            print(f"keys tried: {tried}")
        if self.exhaustive:
            raw = (self.rows * self.cols * TURNS) ** len(self.shapes)
            print(f"whole search: {valid} valid keys of "
                  f"({self.rows}*{self.cols}*{TURNS})^{len(self.shapes)} = {raw}, "
                  f"{tried} keys tried")


def place(fleet, seed, touching):
    Placement(fleet, seed, touching).search()


if __name__ == "__main__":
    place("classic", 0, "forbidden")
    place("classic", 0, "allowed")
    place("classic", 1, "forbidden")
    place("classic", 7, "forbidden")
    place("classic", 2147483647, "allowed")
    place("letters", 0, "forbidden")
    place("letters", 0, "allowed")
    place("letters", 3, "forbidden")
    place("letters", 12345, "allowed")
    place("letters", 2, "allowed")
    place("pair", 0, "forbidden")
    place("pair", 0, "allowed")
    place("pair", 5, "forbidden")
    place("corner", 0, "forbidden")
    place("corner", 9, "allowed")
    place("impossible", 0, "forbidden")
    place("impossible", 4, "allowed")

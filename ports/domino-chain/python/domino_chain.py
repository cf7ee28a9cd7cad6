"""Puzzle 22 of the puzzle book: one chain of all the tiles of the
double-n domino set, by the book's search: the chain starts with the
number 0, then the first tile in the store that joins its end is laid;
when none joins, the last tile goes back to the store and the next one
that joins is tried.

The representation ("choose it carefully", says the book):
- in_store[a][b] is 1 while the tile a:b is in the store (kept equal
  to in_store[b][a]: one tile, seen from either end);
- the chain is the list of numbers where tiles meet, x[0], ..., x[m]:
  tile i is x[i-1]:x[i], so "the first tile that joins x" is the
  smallest y with in_store[x][y] == 1.
"""

COUNT_UP_TO = 4  # the chains are counted for n up to 4


class Search:
    def __init__(self, n, count_all):
        self.n = n
        self.tiles = (n + 1) * (n + 2) // 2
        self.count_all = count_all
        self.in_store = [[1] * (n + 1) for _ in range(n + 1)]
        self.chain = []
        self.laid = 0     # tiles laid: the search effort
        self.chains = 0
        self.first = None

    def run(self):
        self.chain = [0]
        self.extend(0)

    def extend(self, count):
        """Lay the next tile after `count` tiles; True: stop searching."""
        if count == self.tiles:
            self.chains += 1
            if self.first is None:
                self.first = self.chain[:]
            return not self.count_all
        x = self.chain[-1]
        for y in range(self.n + 1):
            if self.in_store[x][y] == 1:
                self.in_store[x][y] = self.in_store[y][x] = 0
                self.chain.append(y)
                self.laid += 1
                stop = self.extend(count + 1)
                self.chain.pop()
                self.in_store[x][y] = self.in_store[y][x] = 1
                if stop:
                    return True
        return False


def domino(n):
    print(f"шашек: {(n + 1) * (n + 2) // 2}")
    # Each number is on n + 2 halves (n tiles with another number, and
    # both halves of its double).  Inside a chain numbers come in pairs,
    # so if more than the two ends are odd, there is no chain.
    if (n + 2) % 2 == 1:
        print("на нечётном числе половинок: "
              + " ".join(str(x) for x in range(n + 1)))
        print("цепочки нет: внутри цепочки каждое число встречается парами")
        print("положено шашек: 0")
        return
    search = Search(n, n <= COUNT_UP_TO)
    search.run()
    x = search.first
    print("первая цепочка: "
          + " ".join(f"{x[i - 1]}:{x[i]}" for i in range(1, len(x))))
    if n <= COUNT_UP_TO:
        # Every number plays the same part in the set, so as many chains
        # start with 1, 2, ... as with 0; each chain is counted twice,
        # once from each end.
        every = search.chains * (n + 1)
        print(f"цепочек от 0: {search.chains}, всех: {every}, "
              f"различных: {every // 2}")
    print(f"положено шашек: {search.laid}")


if __name__ == "__main__":
    domino(2)
    domino(3)
    domino(4)
    domino(5)
    domino(6)

"""The dice game, computer against computer: the article's "quasi-optimal"
move against the exact solution.

The second mode of the game program of the article "Игра с кубиком"
(Информатика, 2008, No. 7). Each seed gives a game's draws as the game
program makes them (n, who throws, the number thrown); it is played
twice, each strategy throwing the die once: first the game program's
own game of that seed, the computer playing the quasi-optimal strategy
and the human the exact one, then the same with the other one throwing.
The one who throws is the first player; the other one moves first. Each game is printed with the
numbers turned up, move by move, and who won; at the end: how often
each strategy won as the first player and as the second.
"""


class JavaRandom:
    """java.util.Random, number for number: a linear congruential generator on
    a 48-bit state, state = (state * 0x5DEECE66D + 0xB) mod 2**48.  Python
    integers never overflow, so the 83-bit product is exact and `& MASK`
    keeps its low 48 bits."""

    MULTIPLIER = 0x5DEECE66D
    ADDEND = 0xB
    MASK = (1 << 48) - 1

    def __init__(self, seed):
        self.set_seed(seed)

    def set_seed(self, seed):
        """new Random(seed), setSeed(seed): only the low 48 bits of the seed
        count, scrambled by xor.  A negative seed works too: `& MASK` takes its
        two's complement bits, as Java's long holds them."""
        self.state = (seed ^ self.MULTIPLIER) & self.MASK

    def next_bits(self, bits):
        """next(bits): one step of the generator; the state's top `bits` bits."""
        self.state = (self.state * self.MULTIPLIER + self.ADDEND) & self.MASK
        return self.state >> (48 - bits)

    def next_int(self, bound):
        """nextInt(bound): 0 to bound - 1, every one equally likely."""
        r = self.next_bits(31)
        if bound & (bound - 1) == 0:
            return (bound * r) >> 31  # a power of two: the top bits of r
        # r mod bound, drawn again while r falls in the last, incomplete block
        # of bound values (Java sees u - r + bound - 1 pass 2**31 - 1 and its
        # int turn negative).
        u = r
        r = u % bound
        while u - r + bound - 1 > 2**31 - 1:
            u = self.next_bits(31)
            r = u % bound
        return r

    def irnd(self, x):
        """irnd(x) of the school language: a whole number from 1 to x."""
        return 1 + self.next_int(x)


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


def exact_choice(won, n, total, top):
    """The exact strategy: the smallest winning move; in a lost position
    the smallest allowed number (the least likely to go past n)."""
    for move in range(1, 7):
        if wins(won, n, total, top, move):
            return move
    return 1 if allowed(top, 1) else 2


QUASI, EXACT = "квазиоптимальная", "точная"


def winner(n, won, thrown, first, second, moves):
    """Play one game: `first` throws `thrown`, `second` moves first.
    Returns the winner; `moves` gets the numbers turned up, in order."""
    total = top = thrown
    mover, other = second, first
    while True:
        if mover == QUASI:
            top = computer_choice(n, total, top)
        else:
            top = exact_choice(won, n, total, top)
        moves.append(top)
        total += top
        if total >= n:
            return mover if total == n else other
        mover, other = other, mover


def duel(first_seed, games):
    wins_first = {QUASI: 0, EXACT: 0}
    wins_second = {QUASI: 0, EXACT: 0}
    for seed in range(first_seed, first_seed + games):
        random = JavaRandom(seed)
        n = 29 + random.irnd(11)
        starter = random.irnd(2)  # who throws: 1 the computer, 2 the human
        thrown = random.irnd(6)
        won = solve(n)
        results = []
        orders = [(QUASI, EXACT), (EXACT, QUASI)]
        if starter == 2:
            orders.reverse()  # the human, playing the exact strategy, throws first
        for first, second in orders:
            moves = []
            best = winner(n, won, thrown, first, second, moves)
            if best == first:
                wins_first[best] += 1
            else:
                wins_second[best] += 1
            played = " ".join(map(str, moves))
            results.append(f"бросает {first}, ходы {played} — выиграла {best}")
        print(f"Зерно {seed}: игра до {n}, выпало {thrown}; " + "; ".join(results))
    print(f"Итого зёрен: {games}, партий: {2 * games}")
    for side in (QUASI, EXACT):
        print(f"{side}: первой выиграла {wins_first[side]} из {games}, "
              f"второй — {wins_second[side]} из {games}")


if __name__ == "__main__":
    duel(1, 30)
    duel(1000, 5)
    duel(2147483647, 1)
    duel(397818113, 1)
    duel(1066669882, 1)
    duel(910812142, 1)
    duel(31, 127)
    duel(310374318, 1)

"""The rail shuffle of the article "Игра «морской бой»: расстановка
кораблей": how often do ceil(N/2) swaps leave no number in its place?

The article swaps ceil(N/2) times the numbers at a = rand() % N and
b = (a + 1 + rand() % (N - 1)) % N.  Here every sequence of the values of
rand() % N and rand() % (N - 1) is tried, depth first, like an odometer,
and the sequences that move every number are counted.
"""

from math import gcd


def count_derangements(n):
    """How many value sequences of ceil(n/2) swaps move every number."""
    swaps = (n + 1) // 2
    rail = list(range(n))
    in_place = n  # how many numbers are still in their place

    def swap(a, b):
        nonlocal in_place
        in_place -= (rail[a] == a) + (rail[b] == b)
        rail[a], rail[b] = rail[b], rail[a]
        in_place += (rail[a] == a) + (rail[b] == b)

    def after(step):
        """Derangements among the sequences that go on after `step` swaps."""
        if step == swaps:
            return 1 if in_place == 0 else 0
        # Each swap moves at most two numbers: go on only while the swaps left
        # can still move every number left in place.
        if in_place > 2 * (swaps - step):
            return 0
        found = 0
        for first in range(n):           # rand() % N
            for second in range(n - 1):  # rand() % (N - 1)
                a = first
                b = (a + 1 + second) % n
                swap(a, b)
                found += after(step + 1)
                swap(a, b)  # undo
        return found

    # Renaming the numbers turns any first swap into any other and keeps the
    # count of sequences that go on to move every number: so only the first
    # swap a = 0, b = 1 is tried, and it stands for all N(N-1) first swaps.
    swap(0, 1)
    return n * (n - 1) * after(1)


def report(n):
    swaps = (n + 1) // 2
    total = (n * (n - 1)) ** swaps
    good = count_derangements(n)
    common = gcd(good, total)
    print(f"n = {n}, {swaps} swap{'s' if swaps > 1 else ''}: {good} of {total} "
          f"value sequences leave no number in place: "
          f"probability {good // common}/{total // common}")


if __name__ == "__main__":
    report(2)
    report(3)
    report(4)
    report(5)
    report(6)
    report(7)
    report(8)
    report(10)

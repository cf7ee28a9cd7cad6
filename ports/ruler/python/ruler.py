"""Puzzle 23 of the puzzle book: the ruler of length k with the fewest
marks 0 = a1 < a2 < ... < an = k that measures every length 1..k as a
distance between two marks.

The book's search: the ends are fixed, a2 = 1 (read from the other end,
any ruler can be made to have it) and, as the book does, a(n-1) = k - 2
(method "book"; method "free" leaves it to the search).  The other
marks start packed to the left, a3 = 2, a4 = 3, ...; the last movable
mark is advanced, and when it is at its end the one before it moves on
and the later ones are packed behind it again.  A ruler is rejected as
soon as its differences repeat too often: n marks give n(n-1)/2
differences for k lengths, so only n(n-1)/2 - k may repeat.
"""


def complete(a, k, effort):
    """Whether the marks a[1..n] measure 1..k; effort[0] counts the
    differences formed."""
    n = len(a) - 1
    allowed = n * (n - 1) // 2 - k  # repeats allowed
    seen = [False] * (k + 1)
    repeats = 0
    for i in range(2, n + 1):
        for j in range(1, i):
            effort[0] += 1
            d = a[i] - a[j]
            if seen[d]:
                repeats += 1
                if repeats > allowed:
                    return False
            seen[d] = True
    return True


def ruler(k, method):
    fix_near_end = method == "book" and k - 2 > 1  # a(n-1) = k - 2
    fixed = 4 if fix_near_end else (3 if k > 1 else 2)
    high = k - 3 if fix_near_end else k - 1  # the movable marks: 2..high
    n = fixed
    while n * (n - 1) // 2 < k:
        n += 1
    tried = 0
    effort = [0]
    while True:
        a = [0] * (n + 1)
        a[1], a[2], a[n] = 0, 1, k
        if fix_near_end:
            a[n - 1] = k - 2
        first, last = 3, n - fixed + 2  # the movable marks a[first..last]
        for i in range(first, last + 1):  # packed to the left
            a[i] = i - 1
        while last < first or a[last] <= high:
            tried += 1
            if complete(a, k, effort):
                print(f"отметок: {n}")
                print("линейка: " + " ".join(str(x) for x in a[1:]))
                print(f"испытано линеек: {tried}")
                print(f"вычислено разностей: {effort[0]}")
                return
            # Advance the last mark that can still move.
            i = last
            while i >= first and a[i] == high - (last - i):
                i -= 1
            if i < first:
                break
            a[i] += 1
            for j in range(i + 1, last + 1):
                a[j] = a[j - 1] + 1
        n += 1


if __name__ == "__main__":
    ruler(2, "book")
    ruler(1, "book")
    ruler(3, "book")
    ruler(4, "book")
    ruler(5, "book")
    ruler(6, "book")
    ruler(7, "book")
    ruler(8, "book")
    ruler(9, "book")
    ruler(10, "book")
    ruler(11, "book")
    ruler(12, "book")
    ruler(13, "book")
    ruler(14, "book")
    ruler(15, "book")
    ruler(16, "book")
    ruler(17, "book")
    ruler(18, "book")
    ruler(19, "book")
    ruler(20, "book")
    ruler(21, "book")
    ruler(22, "book")
    ruler(23, "book")
    ruler(24, "book")
    ruler(25, "book")
    ruler(26, "book")
    ruler(27, "book")
    ruler(28, "book")
    ruler(29, "book")
    ruler(30, "book")
    ruler(1, "free")
    ruler(2, "free")
    ruler(3, "free")
    ruler(4, "free")
    ruler(5, "free")
    ruler(6, "free")
    ruler(7, "free")
    ruler(8, "free")
    ruler(9, "free")
    ruler(10, "free")
    ruler(11, "free")
    ruler(12, "free")
    ruler(13, "free")
    ruler(14, "free")
    ruler(15, "free")
    ruler(16, "free")
    ruler(17, "free")
    ruler(18, "free")
    ruler(19, "free")
    ruler(20, "free")
    ruler(21, "free")
    ruler(22, "free")
    ruler(23, "free")
    ruler(24, "free")
    ruler(25, "free")
    ruler(26, "free")
    ruler(27, "free")
    ruler(28, "free")
    ruler(29, "free")
    ruler(30, "free")

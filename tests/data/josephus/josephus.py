"""The Josephus problem: n people stand in a circle; counting on from where the last one
left, every k-th leaves it.  Output of one case: the order in which they leave (the last
is the survivor).

What a teacher writes after `portcheck new josephus --input n=1..100 --input k=1..100`:
tests/portcheck/cli/test_new.py puts this file over the skeleton.
"""

from __future__ import annotations

from portcheck.suite.params import IntParam

NAME = "josephus"
TITLE = "Josephus"
PARAMS = {
    "n": IntParam(1, 100, "people in the circle", default=41),  # Josephus and his 40
    "k": IntParam(1, 100, "every k-th leaves", default=3),
}
CASES = {
    "n-1-k-1": {"n": 1, "k": 1},
    "n-7-k-3": {"n": 7, "k": 3},
    "n-41-k-3": {"n": 41, "k": 3},
    "n-100-k-100": {"n": 100, "k": 100},
}
ATTESTED: dict[str, str] = {}


def output(n: int, k: int) -> str:
    people, at, order = list(range(1, n + 1)), 0, []
    while people:
        at = (at + k - 1) % len(people)
        order.append(people.pop(at))
    return f"n={n} k={k}:" + "".join(f" {person}" for person in order) + "\n"

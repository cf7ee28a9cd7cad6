"""The Collatz ("3n + 1") sequence: from n, halve an even number, take 3n + 1 of an odd one,
until 1 is reached.  Output of one case: one line ``n: S steps, peak P``.

This is the starter algorithm of ``portcheck init``: replace it with your article's.
"""

from __future__ import annotations

from portcheck.suite.params import IntParam

NAME = "collatz"
TITLE = "Collatz sequence: steps to 1 and the peak"
PARAMS = {"n": IntParam(1, 1_000_000, "where the sequence starts")}

CASES = {
    "n-1": {"n": 1},
    "n-6": {"n": 6},
    "n-27": {"n": 27},
    "n-97": {"n": 97},
    "n-871": {"n": 871},
    "n-1000000": {"n": 1_000_000},
}


def steps_and_peak(n: int) -> tuple[int, int]:
    steps, peak = 0, n
    while n != 1:
        n = n // 2 if n % 2 == 0 else 3 * n + 1
        peak = max(peak, n)
        steps += 1
    return steps, peak


def output(n: int) -> str:
    steps, peak = steps_and_peak(n)
    return f"{n}: {steps} steps, peak {peak}\n"

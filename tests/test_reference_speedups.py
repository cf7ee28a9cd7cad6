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
from project_reference import reference_module

ruler = reference_module("ruler")


# --- ruler: differences kept from one ruler to the next -------------------------------------


def plain_ruler(k: int, method: str) -> tuple[list[int], int, int]:
    """The book's search with every ruler's differences formed from scratch (``complete``)
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
            if ruler.complete(marks, k, effort):
                return marks, tried, effort[0]
        n += 1


@pytest.mark.parametrize("method", ruler.METHODS)
@pytest.mark.parametrize("k", range(1, 23))
def test_ruler_search_tries_and_counts_as_the_plain_search(k: int, method: str) -> None:
    found = ruler.search(k, method)
    assert (found.marks, found.tried, found.differences) == plain_ruler(k, method)


@st.composite
def rulers(draw: st.DrawFn) -> tuple[int, list[list[int]]]:
    """A length k and a few rulers of one number of marks, each 0, 1, …, k."""
    k = draw(st.integers(4, 24))
    n = draw(st.integers(3, min(k, 9)))
    inner = st.lists(st.integers(2, k - 1), min_size=n - 3, max_size=n - 3, unique=True)
    return k, [[0, 1, *sorted(marks), k] for marks in draw(st.lists(inner, min_size=1,
                                                                    max_size=12))]


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
        assert kept.complete(marks, moved, fast) == ruler.complete(marks, k, plain)
        assert fast == plain
        previous = marks

"""Does shuffling the rails choose a placement at random?  (The "rails" article, seeds/001.)

The article shuffles the rails so that "from case to case" the search finds different
placements.  Here the search is run for every seed of a range on a small fleet, and each
placement it finds first is counted.  A placement is what the player sees: the field with
every ship's cells (two keys that put a ship on the same cells, e.g. a 1-decker in any of
its four turns, give one placement).  A uniform choice would give every valid placement
``seeds / placements`` times; the output names the most and the least frequent.

A finding of the reference only (no ports): ``portcheck reference placement-bias
fleet=pair touching=forbidden seeds=10000``.
"""

from __future__ import annotations

from collections import Counter

from portcheck.suite.params import ChoiceParam, IntParam

from .battleship import TOUCHING
from .fleets import FLEETS
from .placement import Search, first

NAME = "placement-bias"
TITLE = "Shuffled rails: how often each placement comes out over a range of seeds"
SMALL = tuple(name for name, fleet in FLEETS.items() if fleet.exhaustive)
PARAMS = {
    "fleet": ChoiceParam(SMALL, "a fleet small enough to be searched to its end"),
    "touching": ChoiceParam(TOUCHING, "may ships touch, even at a corner?", default="forbidden"),
    "seeds": IntParam(1, 100_000, "seeds 1 to this are run"),
}

CASES: dict[str, dict[str, object]] = {
    "fleet-pair-touching-forbidden-seeds-5000":
        {"fleet": "pair", "touching": "forbidden", "seeds": 5000},
    "fleet-pair-touching-allowed-seeds-5000":
        {"fleet": "pair", "touching": "allowed", "seeds": 5000},
    "fleet-corner-touching-forbidden-seeds-3000":
        {"fleet": "corner", "touching": "forbidden", "seeds": 3000},
}

Picture = tuple[str, ...]


def check_inputs(fleet: str, touching: str, seeds: int) -> None:
    if not any(True for _ in Search(FLEETS[fleet], 0, touching == "allowed").placements()):
        raise ValueError(f"fleet {fleet} has no placement to count")


def placements(fleet: str, touching: str) -> Counter[Picture]:
    """Every distinct placement, with how many valid fleet keys give it (in the order the
    unshuffled search meets them)."""
    search = Search(FLEETS[fleet], 0, touching == "allowed")
    return Counter(tuple(found.picture) for found in search.placements())


def frequencies(fleet: str, touching: str, seeds: int,
                known: Counter[Picture] | None = None) -> Counter[Picture]:
    """How often each placement comes out first over seeds 1..seeds (0 for the others);
    ``known``: ``placements(fleet, touching)`` when the caller has it already."""
    every = placements(fleet, touching) if known is None else known
    counts = Counter({picture: 0 for picture in every})
    for seed in range(1, seeds + 1):
        found = first(FLEETS[fleet], seed, touching == "allowed")
        assert found is not None
        counts[tuple(found.picture)] += 1
    return counts


def _shown(title: str, picture: Picture, times: int) -> list[str]:
    return [f"{title}, {times} times:", *picture]


def output(fleet: str, touching: str, seeds: int) -> str:
    known = placements(fleet, touching)  # the whole search, run once
    counts = frequencies(fleet, touching, seeds, known)
    keys = sum(known.values())
    ranked = counts.most_common()  # ties keep the search's order
    (top, most), (bottom, least) = ranked[0], ranked[-1]
    never = sum(1 for times in counts.values() if times == 0)
    lines = [f"fleet {fleet}, touching {touching}, seeds 1 to {seeds}",
             f"{len(counts)} distinct placements from {keys} valid keys: "
             f"{seeds / len(counts):.1f} times each if the choice were uniform",
             *_shown("most frequent", top, most), *_shown("least frequent", bottom, least),
             f"never found first: {never} of {len(counts)} placements"]
    return "".join(line + "\n" for line in lines)

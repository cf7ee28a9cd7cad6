"""Battleship fleet placement, as the "rails" article builds it (seeds/001): key generators
with three rails, backtracking with a "signal up", rails shuffled by the article's formula.

The algorithm, what one case prints, the fleets and the decisions are described once, in
``docs/battleship.md``.
"""

from __future__ import annotations

from dataclasses import dataclass

from portcheck.suite.params import ChoiceParam, IntParam

from .fleets import FLEETS, Fleet
from .placement import Search


@dataclass(frozen=True)
class FleetChoice(ChoiceParam):
    """The ``fleet`` input: one of the names of ``FLEETS``.  It carries the fleets too, so
    that a template draws every field and ship from here (``params.fleet.fleets``) and no
    port holds a copy of its own."""

    fleets: tuple[Fleet, ...] = ()


NAME = "battleship"
TITLE = "Battleship fleet placement (rails, backtracking, shuffled rails)"
TOUCHING = ("forbidden", "allowed")
PARAMS = {
    "fleet": FleetChoice(tuple(FLEETS), "the fleet and its field", fleets=tuple(FLEETS.values())),
    "seed": IntParam(0, 2**31 - 1, "seed of the rails' shuffle (Microsoft rand); 0: unshuffled"),
    "touching": ChoiceParam(TOUCHING, "may ships touch, even at a corner?", default="forbidden"),
}


def _case(fleet: str, seed: int, touching: str = "forbidden") -> tuple[str, dict[str, object]]:
    return (f"fleet-{fleet}-seed-{seed}-touching-{touching}",
            {"fleet": fleet, "seed": seed, "touching": touching})


CASES: dict[str, dict[str, object]] = dict([
    _case("classic", 0), _case("classic", 0, "allowed"), _case("classic", 1),
    _case("classic", 7), _case("classic", 2**31 - 1, "allowed"),
    _case("letters", 0), _case("letters", 0, "allowed"), _case("letters", 3),
    _case("letters", 12345, "allowed"),
    # letters with touching allowed placed otherwise than forbidden (seeds 0 and 12345 place
    # them alike): found by portcheck mutate, whose touching="" mutant survived
    _case("letters", 2, "allowed"),
    _case("pair", 0), _case("pair", 0, "allowed"), _case("pair", 5),
    _case("corner", 0), _case("corner", 9, "allowed"),
    _case("impossible", 0), _case("impossible", 4, "allowed"),
])


def raw_formula(fleet: Fleet) -> str:
    return f"({fleet.rows}*{fleet.cols}*4)^{len(fleet.ships)} = {fleet.raw_keys}"


def output(fleet: str, seed: int, touching: str) -> str:
    """What a port prints for one case."""
    chosen = FLEETS[fleet]
    search = Search(chosen, seed, touching == "allowed")
    placements = search.placements()
    found = next(placements, None)
    lines = found.picture if found else ["no placement"]
    lines.append(f"keys tried: {found.tried if found else search.tried}")
    if chosen.exhaustive:
        valid = (found is not None) + sum(1 for _ in placements)
        lines.append(f"whole search: {valid} valid keys of {raw_formula(chosen)}, "
                     f"{search.tried} keys tried")
    return "".join(line + "\n" for line in lines)

"""The reference's finding that shuffled-rail backtracking does not choose among the valid
placements at random (seeds/001): the goldens are read here (no port prints them), and the
counts are checked against the search run seed by seed."""

from __future__ import annotations

import pytest

from portcheck.cli.main import main
from tests.helpers.reference import reference_helper, reference_module

bias = reference_module("placement-bias")
fleets = reference_helper("fleets")
placement = reference_helper("placement")


def times(line: str) -> int:
    return int(line.split(", ")[-1].removesuffix(" times:"))


@pytest.mark.parametrize("case_id", list(bias.CASES))
def test_the_most_frequent_placement_comes_out_far_more_often(case_id: str,
                                                             portcheck_golden) -> None:
    lines = portcheck_golden("placement-bias", case_id).splitlines()
    heads = [n for n, line in enumerate(lines) if line.endswith(" times:")]
    most, least = times(lines[heads[0]]), times(lines[heads[1]])
    seeds = bias.CASES[case_id]["seeds"]
    distinct = int(lines[1].split()[0])
    assert most > 2 * seeds / distinct > least  # far from uniform either way


def test_the_counts_are_the_searchs_first_placements() -> None:
    counts = bias.frequencies("pair", "forbidden", 60)
    assert sum(counts.values()) == 60
    for seed in (1, 17, 60):
        found = placement.first(fleets.FLEETS["pair"], seed, False)
        assert counts[tuple(found.picture)] >= 1
    assert len(counts) == len(bias.placements("pair", "forbidden"))


def test_a_fleet_without_placement_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["reference", "placement-bias", "fleet=impossible", "seeds=10"]) == 2
    assert capsys.readouterr().err.strip() == (
        "portcheck: error: placement-bias: fleet impossible has no placement to count")

"""Which golden cases a port prints: its cases within its limits, not every case it names."""

from __future__ import annotations

from portcheck.golden.stale import printed_cases, stale_cases
from portcheck.suite.ports import find_ports
from portcheck.suite.project import Project
from tests.helpers.reference import REPO


def test_a_case_beyond_every_ports_limits_is_printed_by_none() -> None:
    # rail-shuffle's ports leave out cases: (every case) and hold n up to 10 at most, so
    # n = 15 (the reference's own count by cycle types) is in no transcript.
    ports = [p for p in find_ports(Project(REPO)) if p.algorithm == "rail-shuffle"]
    assert ports and all("n-15" in p.cases for p in ports)
    printed = printed_cases(ports)
    assert ("rail-shuffle", "n-10") in printed
    assert ("rail-shuffle", "n-15") not in printed
    assert stale_cases({"rail-shuffle": ["n-10", "n-15"]}, printed) == [("rail-shuffle", "n-15")]

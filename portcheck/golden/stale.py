"""Stale goldens: the one place that decides which golden cases nothing uses.

A golden case is *used* when a port prints it or a test reads it (the ``portcheck_golden``
fixture).  ``golden check`` knows only the ports, so it notes the cases no port prints;
a complete pytest session knows both, and reports the cases neither uses as stale.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from portcheck.suite.ports import Port

CaseKey = tuple[str, str]  # (algorithm, case id)


def printed_cases(ports: Iterable[Port]) -> set[CaseKey]:
    """Every (algorithm, case id) some port prints: a case beyond a port's limits is not
    printed by it, though its ``cases`` (by default every case) names it."""
    return {(port.algorithm, case.id) for port in ports for case in port.applicable}


def stale_cases(stored: Mapping[str, Iterable[str]], used: set[CaseKey]) -> list[CaseKey]:
    """The stored cases (algorithm -> case ids) that are not used, in a stable order."""
    return [(algorithm, case_id) for algorithm in sorted(stored)
            for case_id in stored[algorithm] if (algorithm, case_id) not in used]

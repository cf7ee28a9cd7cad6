"""The report's page of goldens: every case of every algorithm, its inputs, its expected
output, where it is also printed, which ports print it, and whether it is stale or differs
from the reference."""

from __future__ import annotations

from dataclasses import dataclass

from portcheck.golden.check import expected_cases
from portcheck.golden.store import golden_path, read_golden
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.ports import Port
from portcheck.suite.project import Project

SHOWN_LINES = 24  # of a long expected output, the goldens page shows the first lines


@dataclass(frozen=True)
class GoldenRow:
    case: str
    params: dict[str, object]
    attested: str | None
    ports: list[str]  # the port folders that print it
    state: str  # ok | no port prints it | differs from the reference | missing | not a case
    output: str = ""  # the expected output, as stored (or as the reference says, if missing)

    @property
    def shown(self) -> str:
        """The expected output, its first lines when it is long."""
        lines = self.output.splitlines()
        if len(lines) <= SHOWN_LINES:
            return self.output
        return "\n".join(lines[:SHOWN_LINES]) + "\n"

    @property
    def hidden(self) -> int:
        """How many lines of the expected output the page leaves out."""
        return max(0, len(self.output.splitlines()) - SHOWN_LINES)


@dataclass(frozen=True)
class GoldenFile:
    algorithm: str
    title: str
    path: str  # golden/freecell.yaml
    rows: list[GoldenRow]

    @property
    def problems(self) -> int:
        return sum(1 for row in self.rows if row.state not in ("ok", "no port prints it"))


def golden_files(project: Project, ports: list[Port]) -> list[GoldenFile]:
    return [golden_file(project, algorithm, ports)
            for _, algorithm in sorted(project.algorithms.items())]


def golden_file(project: Project, algorithm: Algorithm, ports: list[Port]) -> GoldenFile:
    path = golden_path(project.golden_dir, algorithm.name)
    stored = read_golden(path, algorithm.name) or {}
    expected = expected_cases(algorithm, list(algorithm.cases))
    printers = {cid: [p.folder.name for p in ports
                      if p.algorithm == algorithm.name
                      and cid in {case.id for case in p.applicable}]
                for cid in [*expected, *stored]}
    rows = []
    for cid in [*expected, *(c for c in stored if c not in expected)]:
        case = stored.get(cid, expected.get(cid))
        assert case is not None
        rows.append(GoldenRow(cid, case.params, case.attested, printers[cid],
                              _state(cid, stored, expected, printers[cid]), case.output))
    return GoldenFile(algorithm.name, algorithm.title, project.relative(path), rows)


def _state(cid: str, stored: dict, expected: dict, printers: list[str]) -> str:
    if cid not in expected:
        return "not a case"
    if cid not in stored:
        return "missing"
    if stored[cid] != expected[cid]:
        return "differs from the reference"
    return "ok" if printers else "no port prints it"

"""Which golden cases a test session used, and which are stale.

A golden case is *used* when a port prints it (every ``port.yaml`` collected) or a test
reads it through the ``portcheck_golden`` fixture.  At the end of a *complete* session —
no ``-k``/``-m``, nothing deselected, no failed-first selection, every golden file
collected — the cases used by neither are reported as stale, as syrupy reports unused
snapshots.  A partial session reports nothing about goldens it did not look at.  Under
pytest-xdist each worker sends what it used to the controller (``workeroutput``), which
merges them and reports as a serial run does (syrupy does the same).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest

from portcheck.golden.stale import stale_cases
from portcheck.golden.store import golden_path, read_golden


@dataclass
class GoldenUsage:
    golden_files: dict[str, Path] = field(default_factory=dict)  # algorithm -> file
    used: set[tuple[str, str]] = field(default_factory=set)  # (algorithm, case id)
    partial: bool = False  # a selection (-k, -m, deselected items) ran part of the tests
    complete: bool = False  # every configured test path was collected
    workers: int = 0  # pytest-xdist: how many workers' usage was merged in

    def read(self, golden_dir: Path, algorithm: str, case_id: str) -> str:
        """The golden output of a case, recorded as used; a missing one fails the test."""
        stored = read_golden(golden_path(golden_dir, algorithm), algorithm)
        if stored is None or case_id not in stored:
            pytest.fail(f"missing golden {algorithm}:{case_id} "
                        f"(run: portcheck golden update {algorithm} --new-only)", pytrace=False)
        self.used.add((algorithm, case_id))
        return stored[case_id].output

    def stale(self) -> list[str]:
        if self.partial or not self.complete:
            return []
        stored = {algorithm: list(read_golden(path, algorithm) or {})
                  for algorithm, path in self.golden_files.items()}
        return [f"{self.golden_files[algorithm].parent.name}/"
                f"{self.golden_files[algorithm].name}: case {case_id}"
                for algorithm, case_id in stale_cases(stored, self.used)]


    def to_wire(self) -> dict[str, Any]:
        """What a pytest-xdist worker sends its controller (``workeroutput`` takes plain
        data only)."""
        return {"golden_files": {name: str(path) for name, path in self.golden_files.items()},
                "used": sorted(list(key) for key in self.used),
                "partial": self.partial, "complete": self.complete}

    def add_worker(self, wire: dict[str, Any] | None) -> None:
        """Merge one worker's usage into the controller's; a worker that sent none (it
        crashed) makes the session partial.  Complete only when every worker was."""
        if wire is None:
            self.partial = True
            return
        self.golden_files.update({name: Path(path)
                                  for name, path in wire["golden_files"].items()})
        self.used.update((algorithm, case_id) for algorithm, case_id in wire["used"])
        self.partial |= wire["partial"]
        self.complete = wire["complete"] and (self.complete or self.workers == 0)
        self.workers += 1


USAGE_KEY = pytest.StashKey[GoldenUsage]()
WIRE_KEY = "portcheck_golden_usage"  # its key in a pytest-xdist worker's workeroutput


def is_partial(config: pytest.Config) -> bool:
    option = config.option
    return bool(getattr(option, "keyword", "") or getattr(option, "markexpr", "")
                or getattr(option, "lf", False) or getattr(option, "deselect", None)
                or (getattr(option, "last_failed_no_failures", "all") != "all"
                and getattr(option, "lf", False)))

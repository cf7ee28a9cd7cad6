"""Which golden cases a test session used, and which are stale.

A golden case is *used* when a port prints it (every ``port.yaml`` collected) or a test
reads it through the ``portcheck_golden`` fixture.  At the end of a *complete* session —
no ``-k``/``-m``, nothing deselected, no failed-first selection, every golden file
collected — the cases used by neither are reported as stale, as syrupy reports unused
snapshots.  A partial session reports nothing about goldens it did not look at.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

import pytest

from portcheck.golden_store import golden_path, read_golden
from portcheck.stale import stale_cases


@dataclass
class GoldenUsage:
    golden_files: dict[str, Path] = field(default_factory=dict)  # algorithm -> file
    used: set[tuple[str, str]] = field(default_factory=set)  # (algorithm, case id)
    partial: bool = False

    def read(self, golden_dir: Path, algorithm: str, case_id: str) -> str:
        """The golden output of a case, recorded as used; a missing one fails the test."""
        stored = read_golden(golden_path(golden_dir, algorithm), algorithm)
        if stored is None or case_id not in stored:
            pytest.fail(f"missing golden {algorithm}:{case_id} "
                        f"(run: portcheck golden update {algorithm} --new-only)", pytrace=False)
        self.used.add((algorithm, case_id))
        return stored[case_id].output

    def stale(self) -> list[str]:
        if self.partial:
            return []
        stored = {algorithm: list(read_golden(path, algorithm) or {})
                  for algorithm, path in self.golden_files.items()}
        return [f"{self.golden_files[algorithm].parent.name}/"
                f"{self.golden_files[algorithm].name}: case {case_id}"
                for algorithm, case_id in stale_cases(stored, self.used)]


USAGE_KEY = pytest.StashKey[GoldenUsage]()


def is_partial(config: pytest.Config) -> bool:
    option = config.option
    return bool(getattr(option, "keyword", "") or getattr(option, "markexpr", "")
                or getattr(option, "lf", False) or getattr(option, "deselect", None)
                or (getattr(option, "last_failed_no_failures", "all") != "all"
                and getattr(option, "lf", False)))

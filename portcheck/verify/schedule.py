"""The order in which ``verify`` starts its ports: the slowest first, as the last verify
measured them (``$PORTCHECK_CACHE/timings.json``), so that no long port starts last while
the other cores sit idle ("longest processing time first").  Ports never timed yet start
first of all.  Only the order of work changes: the report is always in the ports' order.
The file is a hint: one that cannot be read or written is ignored."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Mapping, Sequence
from pathlib import Path

from portcheck.files.cache_root import cache_root
from portcheck.suite.ports import Port

TIMINGS = "timings.json"
UNKNOWN = float("inf")


def timings_path() -> Path:
    return cache_root() / TIMINGS


def load_timings(path: Path | None = None) -> dict[str, float]:
    try:
        data = json.loads((path or timings_path()).read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}
    if not isinstance(data, dict):
        return {}
    return {k: float(v) for k, v in data.items() if isinstance(v, int | float)}


def slowest_first(ports: Sequence[Port], timings: Mapping[str, float]) -> list[Port]:
    """``ports`` by their last time, longest (or never timed) first; ties keep their order."""
    return sorted(ports, key=lambda port: -timings.get(port.id, UNKNOWN))


def save_timings(measured: Mapping[str, float], path: Path | None = None) -> None:
    """Merge ``measured`` (seconds by port id) into the file, atomically; errors ignored."""
    target = path or timings_path()
    merged = {**load_timings(target), **{k: round(v, 3) for k, v in measured.items()}}
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(prefix=".timings-", dir=target.parent)
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            json.dump(merged, out, indent=0, sort_keys=True)
        os.replace(temporary, target)
    except OSError:
        return

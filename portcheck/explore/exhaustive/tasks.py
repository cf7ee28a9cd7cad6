"""What a worker runs for one span: the port's range-mode program, or the fast reference.
Plain functions of picklable values, importable wherever portcheck is installed."""

from __future__ import annotations

import time

from portcheck.explore.exhaustive.fast_reference import fast_reference
from portcheck.explore.exhaustive.program import RangeProgram, run_span
from portcheck.explore.exhaustive.ranges import Span
from portcheck.explore.exhaustive.state import ShardRecord
from portcheck.verify.execution import RunSettings


def port_span(program: RangeProgram, span: Span, settings: RunSettings) -> ShardRecord:
    """Raises :class:`portcheck.explore.exhaustive.program.ShardError` when the run fails."""
    started = time.perf_counter()
    count, digest = run_span(program, span, settings)
    return ShardRecord(count, digest, time.perf_counter() - started)


def reference_span(algorithm: str, span: Span) -> ShardRecord:
    started = time.perf_counter()
    digest = fast_reference(algorithm).range_digest(span.first, span.last)
    return ShardRecord(span.size, digest, time.perf_counter() - started)

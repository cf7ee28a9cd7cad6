"""The readable report of ``verify``: a matrix of algorithms × ports, then every failure with
its diff, every skip with its reason, and the warnings the runs printed."""

from __future__ import annotations

from collections.abc import Callable

from portcheck.suite.ports import Port
from portcheck.terminal.words import plural
from portcheck.verify.checks import CHECKS
from portcheck.verify.results import FAIL, NA, PASS, SKIP, CheckResult, Reason

ORDER = tuple(CHECKS)


def cell(results: list[CheckResult]) -> str:
    """One word for a port: FAIL, ok, or how much of it could be checked."""
    by_kind = {r.kind: r for r in results}
    if any(r.status == FAIL for r in results):
        return "FAIL"
    run = by_kind.get("run")
    if run and run.status == SKIP:
        return "transcript only" if run.reason == Reason.TRANSCRIPT_ONLY else "no runtime"
    return "ok (some n/a)" if any(r.status == NA for r in results) else "ok"


def matrix(ports: list[Port], results: dict[str, list[CheckResult]]) -> str:
    """Algorithms down, port folders across, one word a cell."""
    columns = sorted({p.folder.name for p in ports})
    cells = {(p.algorithm, p.folder.name): cell(results.get(p.id, [])) for p in ports}
    table = [["algorithm", *columns]] + [
        [algorithm, *(cells.get((algorithm, c), "-") for c in columns)]
        for algorithm in sorted({p.algorithm for p in ports})]
    widths = [max(len(row[n]) for row in table) + 2 for n in range(len(table[0]))]
    return "\n".join("".join(word.ljust(w) for word, w in zip(row, widths, strict=True)).rstrip()
                     for row in table)


def details(results: dict[str, list[CheckResult]], verbose: bool = False,
            paint: Callable[[str], str] = str) -> str:
    """Every failure with its diff (through ``paint``), the skips of runs, the warnings."""
    out: list[str] = []
    for port_id, checks in results.items():
        for result in sorted(checks, key=lambda r: ORDER.index(r.kind) if r.kind in ORDER else 9):
            if result.status == FAIL:
                out.append(f"FAIL {port_id}::{result.kind}: {result.message}")
                detail = paint(result.detail.rstrip())
                out.extend("    " + line for line in detail.splitlines())
            elif result.status == SKIP and (verbose or result.kind == "run"):
                out.append(f"skip {port_id}::{result.kind}: {result.message}")
            elif result.status == NA:
                out.append(f"n/a  {port_id}::{result.kind}: {result.message}")
            elif verbose:
                out.append(f"ok   {port_id}::{result.kind}: {result.message}")
            out.extend(f"     {w}" for w in result.warnings)
    return "\n".join(out)


def summary(results: dict[str, list[CheckResult]]) -> str:
    flat = [r for checks in results.values() for r in checks]
    counts = {s: sum(1 for r in flat if r.status == s) for s in (PASS, FAIL, SKIP, NA)}
    not_applicable = f", {counts[NA]} with cases not applicable" if counts[NA] else ""
    return (f"{plural(len(results), 'port')}: {plural(counts[PASS], 'check')} passed, "
            f"{counts[FAIL]} failed, {counts[SKIP]} skipped{not_applicable}")

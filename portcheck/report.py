"""The readable report of ``verify``: a matrix of algorithms × ports, then every failure with
its diff, every skip with its reason, and the warnings the runs printed."""

from __future__ import annotations

from collections import defaultdict

from portcheck.checks import FAIL, PASS, SKIP, CheckResult
from portcheck.ports import Port

ORDER = ("transcript", "run", "fresh", "deep")


def cell(results: list[CheckResult]) -> str:
    """One word for a port: FAIL, ok, or how much of it could be checked."""
    by_kind = {r.kind: r for r in results}
    if any(r.status == FAIL for r in results):
        return "FAIL"
    run = by_kind.get("run")
    if run and run.status == SKIP:
        return "transcript only" if "transcript only" in run.message else "no runtime"
    return "ok"


def matrix(ports: list[Port], results: dict[str, list[CheckResult]]) -> str:
    columns = sorted({p.folder.name for p in ports})
    rows: dict[str, dict[str, str]] = defaultdict(dict)
    for port in ports:
        rows[port.algorithm][port.folder.name] = cell(results.get(port.id, []))
    width = max([len(c) for c in columns] + [len("ok")]) + 2
    first = max([len(a) for a in rows] + [len("algorithm")]) + 2
    lines = ["algorithm".ljust(first) + "".join(c.ljust(max(width, len(c) + 2))
                                                for c in columns)]
    for algorithm, cells in sorted(rows.items()):
        lines.append(algorithm.ljust(first) + "".join(
            cells.get(c, "-").ljust(max(width, len(c) + 2)) for c in columns))
    return "\n".join(line.rstrip() for line in lines)


def details(results: dict[str, list[CheckResult]], verbose: bool = False) -> str:
    out: list[str] = []
    for port_id, checks in results.items():
        for result in sorted(checks, key=lambda r: ORDER.index(r.kind) if r.kind in ORDER else 9):
            if result.status == FAIL:
                out.append(f"FAIL {port_id}::{result.kind}: {result.message}")
                out.extend("    " + line for line in result.detail.rstrip().splitlines())
            elif result.status == SKIP and (verbose or result.kind == "run"):
                out.append(f"skip {port_id}::{result.kind}: {result.message}")
            elif verbose:
                out.append(f"ok   {port_id}::{result.kind}: {result.message}")
            out.extend(f"     {w}" for w in result.warnings)
    return "\n".join(out)


def summary(results: dict[str, list[CheckResult]]) -> str:
    flat = [r for checks in results.values() for r in checks]
    counts = {s: sum(1 for r in flat if r.status == s) for s in (PASS, FAIL, SKIP)}
    return (f"{len(results)} ports: {counts[PASS]} checks passed, {counts[FAIL]} failed, "
            f"{counts[SKIP]} skipped")

"""Where the time of ``portcheck verify`` goes: every check of every port, one at a time,
with its wall time and the CPU time of the processes it started (build and run), so the
figures mean something on a loaded machine too.  Prints the ports slowest first, the sum by
language and by check, and the load average; asserts nothing.

    python benchmarks/profile_verify.py [ALGO ...] [--lang L ...] [--top 25]
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections import defaultdict

from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.suite.selection import Selection, select_ports
from portcheck.verify.checks import CheckContext, run_check
from portcheck.verify.execution import RunSettings
from portcheck.verify.plan import plan_port


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def own_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return usage.ru_utime + usage.ru_stime


def profile(context: CheckContext, ports: list) -> list[tuple[str, str, str, float, float]]:
    """(port, language, check, wall seconds, CPU seconds of portcheck and its children)."""
    rows = []
    for port in ports:
        plan = plan_port(port, context.deep)
        for kind in plan.kinds:
            wall, cpu = time.perf_counter(), children_cpu() + own_cpu()
            result = run_check(kind, context, plan)
            rows.append((port.id, port.language, f"{kind} {result.status}",
                         time.perf_counter() - wall, children_cpu() + own_cpu() - cpu))
    return rows


def sums(rows: list, column: int) -> list[tuple[str, float, float]]:
    wall: dict[str, float] = defaultdict(float)
    cpu: dict[str, float] = defaultdict(float)
    for row in rows:
        key = row[column].split()[0]
        wall[key] += row[3]
        cpu[key] += row[4]
    return sorted(((key, wall[key], cpu[key]) for key in wall), key=lambda r: -r[2])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("algorithms", nargs="*")
    parser.add_argument("--lang", action="append", default=[])
    parser.add_argument("--top", type=int, default=25)
    args = parser.parse_args()
    project = find_project()
    ports = select_ports(find_ports(project), Selection(tuple(args.algorithms),
                                                        tuple(args.lang)),
                         project.languages)
    load = os.getloadavg()[0]
    rows = profile(CheckContext(project, RunSettings()), ports)
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} after; "
          f"{len(ports)} ports, {len(rows)} checks, one at a time")
    print(f"{'port::check':48} {'wall s':>7} {'cpu s':>7}")
    for port, _, kind, wall, cpu in sorted(rows, key=lambda r: -r[4])[:args.top]:
        print(f"{port + '::' + kind:48} {wall:7.2f} {cpu:7.2f}")
    for title, column in (("language", 1), ("check", 2)):
        print(f"\nby {title}:")
        for key, wall, cpu in sums(rows, column):
            print(f"  {key:22} {wall:7.2f} {cpu:7.2f}")
    print(f"\ntotal {sum(r[3] for r in rows):.2f} s wall, {sum(r[4] for r in rows):.2f} s CPU")


if __name__ == "__main__":
    main()

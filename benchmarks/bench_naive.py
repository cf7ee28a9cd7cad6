"""portcheck against the naive way, in one run: the whole matrix verified as a team would
script it without portcheck — for every port and every case: the program rendered for that
case alone (template ports; an article's program as it is), compiled for that case
(``javac``, ``fpc``; the embedded interpreters start with an empty compile cache), run in a
process of its own with that case's arguments and input, its output compared with the
case's golden — one case after another; then ``portcheck verify`` of the whole matrix with
an empty build cache (cold) and again (warm); then ``portcheck fuzz`` throughput per
language.  Prints a table with wall and CPU seconds and the load average (``--write``: also
on docs/benchmarks.md, block ``naive``); asserts nothing.

    python benchmarks/bench_naive.py [ALGO ...] [--sample K] [--fuzz-algorithm A]
                                     [--fuzz-count N] [--write]

The naive way takes most of an hour here, so ``--sample K`` (default 3) makes it on K cases
of each port (the first, the last, and between them) and scales each port's time by its
number of cases over K: an estimate, said so in the table.  ``--sample 0`` runs every case.
"""

from __future__ import annotations

import argparse
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _page import Measurement, add_write_option, table

from portcheck.explore.fuzz import fuzz_port
from portcheck.runners import java as java_runner
from portcheck.runners import pascal as pascal_runner
from portcheck.suite.algorithms import Case
from portcheck.suite.compare import Segment, compare
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import find_project
from portcheck.suite.render import render_template
from portcheck.verify.checks import CheckContext, golden_segments
from portcheck.verify.execution import RunSettings, planned_runs, runner_for

ROOT = Path(__file__).resolve().parents[1]


def cpu() -> float:
    """CPU seconds of this process and of its finished children."""
    own, children = (resource.getrusage(who) for who in (resource.RUSAGE_SELF,
                                                          resource.RUSAGE_CHILDREN))
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def sample(cases: list, k: int) -> list:
    if k <= 0 or len(cases) <= k:
        return list(cases)
    picks = sorted({round(i * (len(cases) - 1) / (k - 1)) for i in range(k)}) if k > 1 else [0]
    return [cases[i] for i in picks]


def naive_case(port: Port, case: Case | None, folder: Path) -> tuple[str, str]:
    """Render (or copy), compile and run the port for one case: (stdout, expected)."""
    project = find_project()
    cases = [case] if case is not None else port.applicable
    program = folder / port.program.name
    if port.template is not None and case is not None:
        text = render_template(port.template, project.templates_dir, port.reference, cases)
    else:
        text = port.program.read_text(encoding="utf-8")
    program.write_text(text, encoding="utf-8")
    os.environ["PORTCHECK_CACHE"] = str(folder / "cache")  # nothing compiled before
    (run,) = planned_runs(port, cases if case is not None else None)
    runner = runner_for(port, RunSettings(), run.options)
    work = folder / "build"
    work.mkdir()
    if port.language == "java":  # portcheck's own javac and fpc commands, without a cache
        java_runner._javac(program, work)
        built = work / f"{program.stem}.class"
    elif port.language == "pascal":
        pascal_runner._fpc(program, work)
        built = work / program.stem
    else:
        built = program  # the interpreter compiles it when it starts
    result = runner.run(built, stdin=run.stdin, args=run.args)
    expected = golden_segments(project, port)
    wanted = [s for s in expected if case is None or s.case_id == case.id]
    return port.normalize.apply(result.stdout), "".join(s.text for s in wanted)


def naive(ports: list[Port], k: int) -> tuple[float, float, int, int, int]:
    """(wall, CPU, cases run, cases in all, mismatches), scaled to every case."""
    wall = cpu_total = 0.0
    ran = total = bad = 0
    keep = os.environ.get("PORTCHECK_CACHE")
    for port in ports:
        if not port.runnable or not port.program.exists():
            continue
        units: list[Case | None] = list(port.applicable) if port.template or \
            port.runs == "per-case" else [None]
        chosen = sample(units, k)
        start, used = time.perf_counter(), cpu()
        for case in chosen:
            with tempfile.TemporaryDirectory(prefix="naive-") as folder:
                printed, expected = naive_case(port, case, Path(folder))
            bad += compare([Segment("case", expected)], printed, port.compare) is not None
        scale = len(units) / len(chosen)
        wall += (time.perf_counter() - start) * scale
        cpu_total += (cpu() - used) * scale
        ran, total = ran + len(chosen), total + len(units)
    if keep is None:
        os.environ.pop("PORTCHECK_CACHE", None)
    else:
        os.environ["PORTCHECK_CACHE"] = keep
    return wall, cpu_total, ran, total, bad


def timed(argv: list[str], env: dict[str, str]) -> tuple[float, float, int]:
    start, used = time.perf_counter(), cpu()
    done = subprocess.run(argv, cwd=ROOT, env=env, capture_output=True, check=False)
    return time.perf_counter() - start, cpu() - used, done.returncode


def fuzz_rates(algorithm: str, count: int) -> list[tuple[str, float]]:
    project = find_project()
    context = CheckContext(project, RunSettings())
    ports = [p for p in find_ports(project) if p.algorithm == algorithm and p.template]
    return [(port.folder.name, fuzz_port(context, port, count, seed=1).rate) for port in ports]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("algorithms", nargs="*", help="default: the whole matrix")
    parser.add_argument("--sample", type=int, default=3)
    parser.add_argument("--fuzz-algorithm", default="freecell")
    parser.add_argument("--fuzz-count", type=int, default=2000)
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    rows = []
    ports = [p for p in find_ports(find_project())
             if not args.algorithms or p.algorithm in args.algorithms]
    wall, used, ran, total, bad = naive(ports, args.sample)
    how = "every case" if ran == total else f"{ran} of {total} cases run, scaled"
    rows.append((f"naive: a compile and a process per case ({how}; {bad} mismatches)",
                 wall, used))
    with tempfile.TemporaryDirectory(prefix="bench-naive-") as folder:
        env = dict(os.environ, PORTCHECK_CACHE=str(Path(folder) / "cache"))
        verify = [sys.executable, "-m", "portcheck", "verify", *args.algorithms]
        for label in ("cold", "warm"):
            seconds, spent, code = timed(verify, env)
            rows.append((f"portcheck verify, {label} cache (exit {code})", seconds, spent))
    matrix = table(("what", "wall s", "CPU s", "naive ÷ this, wall (CPU)"),
                   [(name, f"{seconds:.1f}", f"{spent:.1f}",
                     f"{rows[0][1] / seconds:.1f}× ({rows[0][2] / spent:.1f}×)")
                    for name, seconds, spent in rows])
    rates = table((f"portcheck fuzz {args.fuzz_algorithm} --count {args.fuzz_count}",
                   "inputs per second"),
                  [(folder, f"{rate:,.0f}") for folder, rate in
                   fuzz_rates(args.fuzz_algorithm, args.fuzz_count)])
    measurement.publish("naive", matrix + "\n\n" + rates, args.write)


if __name__ == "__main__":
    main()

"""Throughput of ``portcheck fuzz freecell --range``: deals a second on one core.

For each language with a range-mode program (Java, Free Pascal, C, Python), renders it, builds
it and runs it on one span of games through its contained runner — as a shard runs on a
worker, the program's start included — and the NumPy reference on a span of its own; then
the time of the whole range 1..2^31-1 extrapolated for this machine (one worker a core, each
running the port and the reference of its shard one after the other) and for a small
cluster.  Every digest is checked against the NumPy reference's.  ``--c2`` also times the Java
program with the JVM's optimising compiler (the runner stops at C1, which starts faster), and
the C program built without the undefined-behaviour sanitizer that portcheck's C builds
have (what the sanitizer costs).

Usage: ``python benchmarks/bench_exhaustive.py [--games N] [--python-games N] [--c2]
[--write]``.  Prints two tables, the rates and the whole range extrapolated (``--write``:
also on docs/benchmarks.md, block ``exhaustive``); asserts nothing.
"""

from __future__ import annotations

import argparse
import dataclasses
import os
import resource
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from _page import Measurement, add_write_option, table  # noqa: E402

from portcheck.explore.exhaustive.freecell_numpy import range_digest  # noqa: E402
from portcheck.explore.exhaustive.program import (  # noqa: E402
    RangeProgram,
    range_languages,
    render_range_program,
    run_span,
)
from portcheck.explore.exhaustive.ranges import Span  # noqa: E402
from portcheck.runners import get_runner  # noqa: E402
from portcheck.runners.base import run_command  # noqa: E402
from portcheck.runners.jdk import JAVA_OPTIONS  # noqa: E402
from portcheck.suite.project import Project  # noqa: E402
from portcheck.verify.execution import RunSettings  # noqa: E402

PROJECT = Project(REPO)
FREECELL = PROJECT.algorithm("freecell")
WHOLE = 2**31 - 1
SETTINGS = RunSettings(timeout=3600)
RATES: list[tuple[str, ...]] = []  # a row per program timed
WHOLE_RANGE: list[tuple[str, ...]] = []  # a row per language: the range extrapolated


def rate(games: int, seconds: float) -> str:
    return f"{games / seconds:,.0f}"


def children_cpu() -> float:
    """CPU seconds of the finished child processes (the programs run, and reaped)."""
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def line(name: str, games: int, wall: float, cpu: float, note: str) -> None:
    RATES.append((name, f"{games:,}", f"{wall:.2f}", rate(games, wall), f"{cpu:.2f}",
                  rate(games, cpu), note))


def time_port(program: RangeProgram, span: Span, expected: int) -> float:
    run_span(program, Span(1, 1), SETTINGS)  # builds it (cached): the build is not timed
    started, cpu = time.perf_counter(), children_cpu()
    count, digest = run_span(program, span, SETTINGS)
    seconds, cpu = time.perf_counter() - started, children_cpu() - cpu
    agrees = "agrees" if (count, digest) == (span.size, expected) else "DIFFERS"
    line(program.language, span.size, seconds, cpu, f"digest {agrees} with the reference")
    return span.size / cpu


def time_java_c2(program: RangeProgram, span: Span) -> None:
    """The Java program with the JVM's defaults (tiered up to C2) instead of the runner's."""
    with tempfile.TemporaryDirectory() as folder:
        built = get_runner("java").build(_write(program, Path(folder)))
        options = [o for o in JAVA_OPTIONS if not o.startswith("-XX:TieredStopAtLevel")]
        started, cpu = time.perf_counter(), children_cpu()
        run_command(["java", *options, "-cp", str(built.parent), built.stem,
                     str(span.first), str(span.last)], timeout=3600)
        seconds, cpu = time.perf_counter() - started, children_cpu() - cpu
    line("java C2", span.size, seconds, cpu, "(JVM defaults, not the runner's C1)")


def time_c_plain(program: RangeProgram, span: Span) -> None:
    """The C program built with ``gcc -O2`` alone: the declaration's build without
    -fsanitize=undefined."""
    plain = dataclasses.replace(program.declaration, name="c-plain", build=(
        ("gcc", "-O2", "-o", "{executable}", "{source}"),))
    runner = get_runner(plain)
    with tempfile.TemporaryDirectory() as folder:
        built = runner.build(_write(program, Path(folder)))
        started, cpu = time.perf_counter(), children_cpu()
        runner.run(built, timeout=3600, args=[str(span.first), str(span.last)])
        seconds, cpu = time.perf_counter() - started, children_cpu() - cpu
    line("c, gcc -O2 alone", span.size, seconds, cpu, "(without -fsanitize=undefined)")


def _write(program: RangeProgram, folder: Path) -> Path:
    path = folder / program.name
    path.write_text(program.text, encoding="utf-8")
    return path


def whole_range(name: str, port: float, reference: float, cores: int) -> None:
    """The range's time when each core runs a shard's port, then its reference (from the
    CPU-time rates: what a core does when it is not shared)."""
    per_core = 1 / (1 / port + 1 / reference)
    seconds = WHOLE / (cores * per_core)
    WHOLE_RANGE.append((name, f"{per_core:,.0f}", f"{seconds / 60:.1f}",
                        f"{seconds * cores / 8 / 60:.1f}", f"{WHOLE / (cores * port) / 60:.1f}"))


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=1 << 24, help="games a compiled run")
    parser.add_argument("--python-games", type=int, default=1 << 16)
    parser.add_argument("--c2", action="store_true", help="also Java with the C2 compiler, "
                        "and C without the sanitizer")
    add_write_option(parser)
    args = parser.parse_args(argv)
    measurement = Measurement()
    span = Span(1, args.games)
    started, cpu = time.perf_counter(), time.process_time()
    expected = range_digest(span.first, span.last)
    seconds, cpu = time.perf_counter() - started, time.process_time() - cpu
    line("numpy", span.size, seconds, cpu, "(the reference, in this process)")
    reference = span.size / cpu
    rates = {}
    for language in range_languages(PROJECT, "freecell"):
        program = render_range_program(PROJECT, FREECELL, language)
        toolchain = get_runner(language).toolchain()
        if not toolchain.ok:
            RATES.append((language, "skipped", "", "", "", "", toolchain.detail))
            continue
        mine = span if language != "python" else Span(1, args.python_games)
        wanted = expected if mine == span else range_digest(mine.first, mine.last)
        rates[language] = time_port(program, mine, wanted)
        if language == "java" and args.c2:
            time_java_c2(program, span)
        if language == "c" and args.c2:
            time_c_plain(program, span)
    cores = os.cpu_count() or 1
    for language, port in rates.items():
        whole_range(language, port, reference, cores)
    measurement.publish("exhaustive", table(
        ("program", "games", "wall s", "deals/s (wall)", "CPU s", "deals/s per core (CPU)",
         "digest"), RATES) + "\n\n" + table(
        ("whole range 1..2^31−1, extrapolated", "port + reference, deals/s a core",
         f"minutes on {cores} cores", "minutes on 8 cores", f"port alone, minutes on {cores}"),
        WHOLE_RANGE), args.write)


if __name__ == "__main__":
    main()

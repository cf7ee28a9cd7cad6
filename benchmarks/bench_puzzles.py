"""Times the run of every puzzle-book port (queens, queens-block, domino-chain, ruler) in
each language: the committed program, built once (cached), run with all its cases; the
median of N runs.  Prints a table (``--write``: also on docs/benchmarks.md, block
``puzzles``); asserts nothing.

    python benchmarks/bench_puzzles.py [--repeat 3] [--write]
"""

from __future__ import annotations

import argparse
import statistics
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _page import Measurement, add_write_option, table  # noqa: E402

from portcheck.runners import get_runner  # noqa: E402
from portcheck.suite.ports import find_ports  # noqa: E402
from portcheck.suite.project import Project  # noqa: E402

ALGORITHMS = ("queens", "queens-block", "domino-chain", "ruler")
LANGUAGES = ("pascal", "java", "python", "bsl", "kumir", "arsac")


def seconds(port, repeat: int) -> float:
    runner = get_runner(port.language, **port.options_for(None))
    built = runner.build(port.program)
    times = []
    for _ in range(repeat):
        result = runner.run(built, timeout=300.0)
        if result.returncode != 0:
            sys.exit(f"{port.id}: exit code {result.returncode}\n{result.stderr}")
        times.append(result.seconds)
    return statistics.median(times)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    ports = {(p.algorithm, p.language): p for p in find_ports(Project(ROOT))
             if p.algorithm in ALGORITHMS and p.origin == "template"}
    rows = [(algorithm, *(f"{seconds(ports[algorithm, lang], args.repeat):.2f}"
                          for lang in LANGUAGES)) for algorithm in ALGORITHMS]
    measurement.publish("puzzles", table(("seconds", *LANGUAGES), rows), args.write)


if __name__ == "__main__":
    main()

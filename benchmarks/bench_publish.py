"""Time the publishing commands on this project: ``portcheck report`` (every port checked,
every page written) with a warm build cache, and one listing in each format.

    python benchmarks/bench_publish.py [--write] [ROUNDS]

Each figure is the median of ROUNDS (default 3) runs of the real command in a fresh
process; the build cache is warmed by one run first.  Prints a table (``--write``: also on
docs/benchmarks.md, block ``publish``).
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _page import Measurement, table

ROOT = Path(__file__).resolve().parents[1]


def seconds(words: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "portcheck", *words], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    write = "--write" in sys.argv[1:]
    numbers = [a for a in sys.argv[1:] if a != "--write"]
    rounds = int(numbers[0]) if numbers else 3
    measurement = Measurement()
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        commands = {
            "report -o DIR (all ports)": ["report", "-o", str(out / "site")],
            "listing --format md": ["listing", "freecell", "--lang", "java"],
            "listing --format html": ["listing", "freecell", "--lang", "kumir", "--format",
                                      "html", "-o", str(out / "l.html")],
            "listing --format tex": ["listing", "freecell", "--lang", "pascal", "--format",
                                     "tex", "-o", str(out / "l.tex")],
            "listing --format pdf": ["listing", "freecell", "--lang", "bsl", "--format",
                                     "pdf", "-o", str(out / "l.pdf")],
            "listing --all-languages html": ["listing", "freecell", "--all-languages",
                                             "--format", "html", "-o", str(out / "a.html")],
        }
        seconds(commands["report -o DIR (all ports)"])  # warm the build cache
        rows = []
        for name, words in commands.items():
            try:
                times = [seconds(words) for _ in range(rounds)]
            except subprocess.CalledProcessError:
                rows.append((name, "failed (PDF needs portcheck[pdf] and Pango)"))
                continue
            rows.append((name, f"{statistics.median(times):.2f}"))
    measurement.publish("publish", table(("command", f"seconds (median of {rounds})"), rows),
                        write)


if __name__ == "__main__":
    main()

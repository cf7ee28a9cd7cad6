"""Time the publishing commands on this project: ``portcheck report`` (every port checked,
every page written) with a warm build cache, and one listing in each format.

    python benchmarks/bench_publish.py [ROUNDS]

Each figure is the median of ROUNDS (default 3) runs of the real command in a fresh
process; the build cache is warmed by one run first.
"""

from __future__ import annotations

import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def seconds(words: list[str]) -> float:
    started = time.perf_counter()
    subprocess.run([sys.executable, "-m", "portcheck", *words], cwd=ROOT, check=True,
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> None:
    rounds = int(sys.argv[1]) if len(sys.argv) > 1 else 3
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
        print(f"{'command':34} median of {rounds}")
        for name, words in commands.items():
            try:
                times = [seconds(words) for _ in range(rounds)]
            except subprocess.CalledProcessError:
                print(f"{name:34} failed (PDF needs portcheck[pdf] and Pango)")
                continue
            print(f"{name:34} {statistics.median(times):.2f} s")


if __name__ == "__main__":
    main()

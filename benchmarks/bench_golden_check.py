"""The reference's golden check before and after a change: the CPU seconds of
``portcheck golden check ALGO`` for each algorithm (a process of its own: portcheck's
start-up included, as a user runs it), of ``golden check`` of every algorithm at once, the
reference's own seconds per algorithm in one process (start-up left out), and, with
``--verify``, the wall and CPU seconds of a warm ``portcheck verify`` of the whole matrix.
The code before is the tree of a git revision (``git archive REV``), the code after this
working tree (or, with ``--after REV``, another revision's tree); the two run alternately,
``--rounds`` times, so that a change in the machine's load hits both.  Prints medians (and
the range); asserts nothing.

    python benchmarks/bench_golden_check.py --before REV [--after REV] [--rounds 3] [--verify]
                                            [--cache DIR] [ALGO ...]
"""

from __future__ import annotations

import argparse
import io
import os
import resource
import statistics
import subprocess
import sys
import tarfile
import tempfile
import time
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
IN_PROCESS = """
import sys, time
from portcheck.suite.project import find_project
algorithms = find_project().algorithms
for name in sys.argv[1:]:
    algorithm, started = algorithms[name], time.process_time()
    for case in algorithm.cases.values():
        algorithm.output(case.params)
    print(name, time.process_time() - started)
"""


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def timed(argv: list[str], tree: Path, cache: Path,
          ok: tuple[int, ...] = (0,)) -> tuple[float, float, str]:
    """(wall seconds, CPU seconds of the process and its children, its output); an exit
    code not in ``ok`` ends the benchmark."""
    env = dict(os.environ, PYTHONPATH=str(tree), PORTCHECK_CACHE=str(cache))
    cpu, wall = children_cpu(), time.perf_counter()
    done = subprocess.run(argv, cwd=tree, env=env, capture_output=True, text=True, check=False)
    seconds, used = time.perf_counter() - wall, children_cpu() - cpu
    if done.returncode not in ok:
        sys.exit(f"{tree}: {' '.join(argv)} failed ({done.returncode}):\n"
                 f"{done.stdout[-3000:]}{done.stderr[-3000:]}")
    return seconds, used, done.stdout


def extract(revision: str, into: Path) -> Path:
    """The tree of ``revision`` of this repository, unpacked into ``into``."""
    archive = subprocess.run(["git", "archive", revision], cwd=ROOT, capture_output=True,
                             check=True).stdout
    with tarfile.open(fileobj=io.BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def algorithms_of(tree: Path) -> list[str]:
    return sorted(path.stem for path in (tree / "golden").glob("*.yaml"))


def portcheck(*words: str) -> list[str]:
    return [sys.executable, "-m", "portcheck", *words]


def one_round(trees: dict[str, Path], caches: dict[str, Path], names: list[str],
              verify: bool, rows: dict[tuple[str, str], list[float]]) -> None:
    for label, tree in trees.items():
        for name in names:
            _, cpu, _ = timed(portcheck("golden", "check", name), tree, caches[label])
            rows[(f"golden check {name} (CPU s)", label)].append(cpu)
        _, cpu, _ = timed(portcheck("golden", "check"), tree, caches[label])
        rows[("golden check, every algorithm (CPU s)", label)].append(cpu)
        _, _, out = timed([sys.executable, "-c", IN_PROCESS, *names], tree, caches[label])
        for line in out.splitlines():
            name, seconds = line.split()
            rows[(f"  reference of {name}, in process (CPU s)", label)].append(float(seconds))
        if verify:
            wall, cpu, out = timed(portcheck("verify"), tree, caches[label], ok=(0, 1))
            rows[("verify, warm (wall s)", label)].append(wall)
            rows[("verify, warm (CPU s)", label)].append(cpu)
            rows[("verify, warm (checks failed)", label)].append(failed(out))


def failed(report: str) -> int:
    """The failed checks of a verify report (a run past its time limit on a loaded machine
    fails; its time still counts)."""
    for line in reversed(report.splitlines()):
        if " failed, " in line:
            return int(line.split(" failed, ")[0].split()[-1])
    return 0


def shown(values: list[float]) -> str:
    return f"{statistics.median(values):6.2f} ({min(values):.2f}–{max(values):.2f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--before", required=True, help="git revision of the code before")
    parser.add_argument("--after", help="git revision of the code after (default: this tree)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--verify", action="store_true", help="also time a warm verify")
    parser.add_argument("--cache", type=Path, help="a warm PORTCHECK_CACHE both trees share "
                        "(builds are keyed by content: the same ports build the same); no "
                        "warm-up run then (default: a new cache for each tree, warmed first)")
    parser.add_argument("algorithms", nargs="*")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="portcheck-bench-golden-") as folder:
        after = extract(args.after, Path(folder) / "after") if args.after else ROOT
        trees = {"before": extract(args.before, Path(folder) / "before"), "after": after}
        caches = {label: args.cache or Path(folder) / f"cache-{label}" for label in trees}
        names = args.algorithms or algorithms_of(ROOT)
        if args.verify and not args.cache:  # warm each tree's cache (builds, programs) first
            for label, tree in trees.items():
                timed(portcheck("verify"), tree, caches[label], ok=(0, 1))
        rows: dict[tuple[str, str], list[float]] = defaultdict(list)
        load = os.getloadavg()[0]
        for done in range(1, args.rounds + 1):
            one_round(trees, caches, names, args.verify, rows)
            table(rows, done, load)  # after every round: a long run stopped keeps its figures


def table(rows: dict[tuple[str, str], list[float]], rounds: int, load: float) -> None:
    print(f"load average {load:.1f} before, {os.getloadavg()[0]:.1f} now; "
          f"median (range) of {rounds} rounds, before and after alternating")
    what = list(dict.fromkeys(key for key, _ in rows))
    width = max(len(key) for key in what)
    print(f"{'':{width}}  {'before':>18}  {'after':>18}")
    for key in what:
        print(f"{key:{width}}  {shown(rows[(key, 'before')]):>18}  "
              f"{shown(rows[(key, 'after')]):>18}")
    print(flush=True)


if __name__ == "__main__":
    main()

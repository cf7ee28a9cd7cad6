"""Times `portcheck verify` cold (empty build cache) and warm (its verdicts remembered, and
with ``--fresh``: every port run again, the builds warm), and `portcheck run freecell
--lang java` against its two parts, javac and java.  Prints a table (``--write``: also on
docs/benchmarks.md, block ``verify``); asserts nothing.

    python benchmarks/bench_verify.py [--repeat 3] [--write] [ALGO ...]
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _page import Measurement, add_write_option, table

ROOT = Path(__file__).resolve().parents[1]


def timed(argv: list[str], env: dict[str, str], cwd: Path = ROOT) -> float:
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return seconds


def median_of(repeat: int, action) -> float:
    return statistics.median(action() for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("algorithms", nargs="*", default=["freecell"])
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    portcheck = [sys.executable, "-m", "portcheck"]
    verify = [*portcheck, "verify", *args.algorithms]
    with tempfile.TemporaryDirectory(prefix="portcheck-bench-") as folder:
        env = dict(os.environ, PORTCHECK_CACHE=str(Path(folder) / "cache"))

        def cold() -> float:
            shutil.rmtree(Path(folder) / "cache", ignore_errors=True)
            return timed(verify, env)

        label = "verify " + " ".join(args.algorithms)
        rows = [(f"{label}, cold cache", median_of(args.repeat, cold)),
                (f"{label}, warm cache", median_of(args.repeat, lambda: timed(verify, env))),
                (f"{label} --fresh, warm cache",
                 median_of(args.repeat, lambda: timed([*verify, "--fresh"], env)))]
        rows += java_parts(portcheck, env, Path(folder), args.repeat)
    measurement.publish("verify", table(("what", f"seconds (median of {args.repeat})"),
                                        [(name.strip(), f"{s:.3f}") for name, s in rows]),
                        args.write)


def java_parts(portcheck: list[str], env: dict[str, str], folder: Path,
               repeat: int) -> list[tuple[str, float]]:
    """`portcheck run freecell --lang java game=617`, cold and warm, against javac and java
    run by hand on the same rendered program."""
    if not shutil.which("javac"):
        return [("java: javac not found, skipped", 0.0)]
    run = [*portcheck, "run", "freecell", "--lang", "java", "game=617"]

    def cold() -> float:
        shutil.rmtree(folder / "cache", ignore_errors=True)
        return timed(run, env)

    source = folder / "src" / "Freecell.java"
    source.parent.mkdir(exist_ok=True)
    text = (ROOT / "ports" / "freecell" / "java" / "Freecell.java").read_text(encoding="utf-8")
    source.write_text(text, encoding="utf-8")
    javac = median_of(repeat, lambda: timed(["javac", "-encoding", "UTF-8", "-d",
                                             str(source.parent), str(source)], env))
    java = median_of(repeat, lambda: timed(["java", "-Dfile.encoding=UTF-8",
                                            "-Dstdout.encoding=UTF-8", "-cp",
                                            str(source.parent), "Freecell"], env))
    return [("run freecell --lang java, cold cache", median_of(repeat, cold)),
            ("run freecell --lang java, warm cache", median_of(repeat, lambda: timed(run, env))),
            ("  javac Freecell.java (the committed port)", javac),
            ("  java Freecell (the committed port)", java)]


if __name__ == "__main__":
    main()

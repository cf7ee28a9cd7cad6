"""Times `portcheck verify` cold (empty build cache) and warm (its verdicts remembered, and
with ``--fresh``: every port run again, the builds warm), and `portcheck run freecell
--lang java` against its two parts, javac and java.  With ``--whole``, first the whole
matrix (`portcheck verify`, every port): cold once, then warm (every verdict and golden
check from the cache), beside its target of 1.5 s, with the CPU seconds of its processes.
Python's bytecode is kept (``PYTHONPYCACHEPREFIX``, even where ``PYTHONDONTWRITEBYTECODE``
is set), as an installed portcheck has it.  Prints a table (``--write``: also on
docs/benchmarks.md, block ``verify``); asserts nothing.

    python benchmarks/bench_verify.py [--repeat 3] [--whole] [--write] [ALGO ...]
"""

from __future__ import annotations

import argparse
import os
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _page import Measurement, add_write_option, table

ROOT = Path(__file__).resolve().parents[1]


CPU: list[float] = []  # the CPU seconds of each timed run's processes, in order


def timed(argv: list[str], env: dict[str, str], cwd: Path = ROOT) -> float:
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(argv, cwd=cwd, env=env, capture_output=True, text=True, check=False)
    seconds = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    CPU.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
    if done.returncode != 0:
        sys.exit(f"{' '.join(argv)} failed ({done.returncode}):\n{done.stdout}{done.stderr}")
    return seconds


def cpu_median(runs: int) -> float:
    return statistics.median(CPU[-runs:])


def median_of(repeat: int, action) -> float:
    return statistics.median(action() for _ in range(repeat))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--whole", action="store_true",
                        help="also the whole matrix, cold once and warm --repeat times")
    parser.add_argument("algorithms", nargs="*", default=["freecell"])
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    portcheck = [sys.executable, "-m", "portcheck"]
    verify = [*portcheck, "verify", *args.algorithms]
    rows: list[tuple[str, str, float, str]] = []  # what, target, seconds, CPU seconds
    with tempfile.TemporaryDirectory(prefix="portcheck-bench-") as folder:
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        env = dict(base, PORTCHECK_CACHE=str(Path(folder) / "cache"),
                   PYTHONPYCACHEPREFIX=str(Path(folder) / "pycache"))

        def cold(argv: list[str]) -> float:
            shutil.rmtree(Path(folder) / "cache", ignore_errors=True)
            return timed(argv, env)

        def row(what: str, target: str, runs: int, action) -> None:  # type: ignore[no-untyped-def]
            seconds = median_of(runs, action)
            rows.append((what, target, seconds, f"{cpu_median(runs):.2f}"))

        if args.whole:
            whole = [*portcheck, "verify"]
            row("verify (the whole matrix), cold cache", "", 1, lambda: cold(whole))
            row("verify (the whole matrix), warm cache", "≤ 1.5", args.repeat,
                lambda: timed(whole, env))
        label = "verify " + " ".join(args.algorithms)
        row(f"{label}, cold cache", "", args.repeat, lambda: cold(verify))
        row(f"{label}, warm cache", "", args.repeat, lambda: timed(verify, env))
        row(f"{label} --fresh, warm cache", "", args.repeat,
            lambda: timed([*verify, "--fresh"], env))
        rows += [(what, "", seconds, cpu) for what, seconds, cpu in
                 java_parts(portcheck, env, Path(folder), args.repeat)]
    measurement.publish("verify", table(
        ("what", "target, s", f"wall seconds (median of {args.repeat})", "CPU seconds"),
        [(name.strip(), target, f"{s:.3f}", cpu) for name, target, s, cpu in rows]),
        args.write)


def java_parts(portcheck: list[str], env: dict[str, str], folder: Path,
               repeat: int) -> list[tuple[str, float, str]]:
    """`portcheck run freecell --lang java game=617`, cold and warm, against javac and java
    run by hand on the same rendered program, each with its CPU seconds: a JVM that runs
    the port alone starts from the JDK's shared class archive in a few hundredths of a
    second, which only its CPU seconds, the same under load, show to be no artefact."""
    if not shutil.which("javac"):
        return [("java: javac not found, skipped", 0.0, "")]

    def with_cpu(what: str, action) -> tuple[str, float, str]:  # type: ignore[no-untyped-def]
        seconds = median_of(repeat, action)
        return what, seconds, f"{cpu_median(repeat):.3f}"

    run = [*portcheck, "run", "freecell", "--lang", "java", "game=617"]

    def cold() -> float:
        shutil.rmtree(folder / "cache", ignore_errors=True)
        return timed(run, env)

    source = folder / "src" / "Freecell.java"
    source.parent.mkdir(exist_ok=True)
    text = (ROOT / "ports" / "freecell" / "java" / "Freecell.java").read_text(encoding="utf-8")
    source.write_text(text, encoding="utf-8")
    javac = with_cpu("  javac Freecell.java (the committed port)",
                     lambda: timed(["javac", "-encoding", "UTF-8", "-d", str(source.parent),
                                    str(source)], env))
    java = with_cpu("  java Freecell (the committed port)",
                    lambda: timed(["java", "-Dfile.encoding=UTF-8", "-Dstdout.encoding=UTF-8",
                                   "-cp", str(source.parent), "Freecell"], env))
    return [with_cpu("run freecell --lang java, cold cache", cold),
            with_cpu("run freecell --lang java, warm cache", lambda: timed(run, env)),
            javac, java]


if __name__ == "__main__":
    main()

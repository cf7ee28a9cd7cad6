"""What the box costs per run (``portcheck.processes.sandbox``, ``.limits``): wall seconds
of one run of ``true`` and of a Python hello-world through ``run_command`` (the way every
port's run is made), three ways — neither box nor limits, the limits alone (``prlimit`` in
front, the resident-memory watch), and the box with the limits (what ``--sandbox auto``
gives where bubblewrap works) — alternating run by run so that a change in the machine's
load hits all three.  Prints the medians (``--write``: also on docs/benchmarks.md, block
``sandbox``); asserts nothing.

    python benchmarks/bench_sandbox.py [--runs 30] [--write]
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
import time
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from _page import Measurement, add_write_option, table

from portcheck.processes import limits, sandbox
from portcheck.runners.base import run_command

WAYS = ("no box, no limits", "limits only", "box + limits")


def one_run(argv: list[str], way: str, readable: list[Path]) -> float:
    sandbox.configure("on" if way == "box + limits" else "off")
    quiet: AbstractContextManager[None] = limits.building() if way == WAYS[0] else nullcontext()
    started = time.perf_counter()
    with quiet:
        result = run_command(argv, readable=readable)
    seconds = time.perf_counter() - started
    assert result.returncode == 0, result.stderr
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    if sandbox.probe() is not None:
        raise SystemExit(f"bubblewrap is not usable here: {sandbox.probe()}")
    with tempfile.TemporaryDirectory() as folder:
        hello = Path(folder) / "hello.py"
        hello.write_text("print('hello')\n")
        programs = {"`true`": (["true"], []),
                    "Python hello-world": ([sys.executable, str(hello)], [hello])}
        rows = []
        for name, (argv, readable) in programs.items():
            times: dict[str, list[float]] = {way: [] for way in WAYS}
            for _ in range(args.runs):
                for way in WAYS:
                    times[way].append(one_run(argv, way, readable))
            medians = {way: statistics.median(times[way]) * 1000 for way in WAYS}
            rows.append([name, *(f"{medians[way]:.1f}" for way in WAYS),
                         f"+{medians[WAYS[2]] - medians[WAYS[0]]:.1f}"])
    body = table(["program (median ms per run)", *WAYS, "the box's cost"], rows)
    measurement.publish("sandbox", body + f"\n\n{args.runs} runs each way.", args.write)


if __name__ == "__main__":
    main()

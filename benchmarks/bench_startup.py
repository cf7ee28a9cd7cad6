"""The embedded interpreters' start-up per run, as verify runs them (forked from its zygote,
``portcheck.runners.zygote``; or, with ``PORTCHECK_ZYGOTE=0``, a ``python -m
portinterp.<language> FILE`` process each with its bytecode session,
``portcheck.runners.bytecode``) and as every other command does (a process each): the CPU
seconds per run of the processes it took (user + system of the children; for the zygote,
its own start and its children, counted when it is reaped at the session's end) and the
wall time per run, the three ways alternating so that a change in the machine's load hits
them all.  Asserts nothing.

    python benchmarks/bench_startup.py [--runs 20] [--rounds 2]
"""

from __future__ import annotations

import argparse
import os
import resource
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from portcheck.runners import bytecode, get_runner, zygote

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = {  # small programs of the tests' corpora: start-up is most of their run
    "bsl": ROOT / "interpreters" / "tests" / "bsl" / "corpus" / "english.bsl",
    "kumir": ROOT / "interpreters" / "tests" / "kumir" / "corpus" / "int_power.kum",
    "arsac": ROOT / "interpreters" / "tests" / "arsac" / "corpus" / "jumps.arsac",
}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


WAYS = ("as run/pytest", "verify, no zygote", "verify (zygote)")


def measure(run: Callable[[], None], runs: int,
            around: Callable[[], AbstractContextManager[object]] = nullcontext
            ) -> tuple[float, float]:
    """CPU and wall seconds per run, of ``runs`` runs within ``around()``."""
    cpu, wall = children_cpu(), time.perf_counter()
    with around():
        for _ in range(runs):
            run()
    return (children_cpu() - cpu) / runs, (time.perf_counter() - wall) / runs


def one_way(language: str, way: str, runs: int) -> tuple[float, float]:
    runner = get_runner(language, engine="embedded")
    built = runner.build(PROGRAMS[language])

    def run() -> None:
        result = runner.run(built, stdin="", args=())
        if result.returncode != 0:
            raise SystemExit(f"{built}: exit {result.returncode}\n{result.stderr}")

    if way == WAYS[0]:
        return measure(run, runs)
    with bytecode.session():
        run()  # the first run writes the bytecode
        return measure(run, runs, zygote.session if way == WAYS[2] else nullcontext)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print("language  round  way                 CPU s/run  wall s/run  load average")
    for language in PROGRAMS:
        for round_ in range(1, args.rounds + 1):
            for way in WAYS:
                cpu, wall = one_way(language, way, args.runs)
                load = os.getloadavg()[0]
                print(f"{language:8}  {round_:5}  {way:18}  {cpu:9.3f}  {wall:10.3f}  {load:12.1f}")


if __name__ == "__main__":
    main()

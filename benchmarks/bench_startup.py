"""The embedded interpreters' start-up per run, as verify runs them (forked from its zygote,
``portcheck.runners.zygote``; or, with ``PORTCHECK_ZYGOTE=0``, a ``python -m
portinterp.<language> FILE`` process each with its bytecode session,
``portcheck.runners.bytecode``) and as every other command does (a process each): the CPU
seconds per run of the processes it took (user + system of the children; for the zygote,
its own start and its children, counted when it is reaped at the session's end) and the
wall time per run, the three ways alternating so that a change in the machine's load hits
them all.  Prints a table, the median of the rounds with their range (``--write``: also on
docs/benchmarks.md, block ``startup``); asserts nothing.

    python benchmarks/bench_startup.py [--runs 20] [--rounds 2] [--write]
"""

from __future__ import annotations

import argparse
import resource
import statistics
import time
from collections.abc import Callable
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from _page import Measurement, add_write_option, table

from portcheck.runners import get_runner
from portcheck.runners.environment import PLAIN, RunEnvironment, run_environment

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


def measure(run_in: Callable[[RunEnvironment], Callable[[], None]], runs: int,
            around: Callable[[], AbstractContextManager[RunEnvironment]] = lambda: nullcontext(
                PLAIN)) -> tuple[float, float]:
    """CPU and wall seconds per run, of ``runs`` runs in the environment ``around()`` opens
    (and closes: a zygote's end is counted)."""
    cpu, wall = children_cpu(), time.perf_counter()
    with around() as environment:
        run = run_in(environment)
        for _ in range(runs):
            run()
    return (children_cpu() - cpu) / runs, (time.perf_counter() - wall) / runs


def one_way(language: str, way: str, runs: int) -> tuple[float, float]:
    built = get_runner(language, engine="embedded").build(PROGRAMS[language])

    def run_in(environment: RunEnvironment) -> Callable[[], None]:
        runner = get_runner(language, engine="embedded", environment=environment)

        def run() -> None:
            result = runner.run(built, stdin="", args=())
            if result.returncode != 0:
                raise SystemExit(f"{built}: exit {result.returncode}\n{result.stderr}")
        return run

    if way == WAYS[0]:
        return measure(run_in, runs)
    with run_environment(embedded_bytecode=True) as warm:
        run_in(warm)()  # the first run writes the bytecode
    return measure(run_in, runs, lambda: run_environment(
        embedded_bytecode=True, fork_embedded=way == WAYS[2]))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    rows = []
    for language in PROGRAMS:
        figures: dict[str, list[tuple[float, float]]] = {way: [] for way in WAYS}
        for _ in range(args.rounds):
            for way in WAYS:  # the ways alternate: a change of load hits them all
                figures[way].append(one_way(language, way, args.runs))
        for index, unit in ((0, "CPU"), (1, "wall")):
            rows.append((f"{language}, {unit}", *(shown([f[index] for f in figures[way]])
                                                  for way in WAYS)))
    measurement.publish("startup", table((f"one run of a small program, s ({args.runs} runs, "
                                          f"median of {args.rounds} rounds)", *WAYS), rows),
                        args.write)


def shown(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


if __name__ == "__main__":
    main()

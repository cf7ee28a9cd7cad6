"""The embedded interpreters' start-up per run, as verify runs them (its bytecode session,
``portcheck.runners.bytecode``) and as every other command does: the CPU seconds of each
``python -m portcheck.interp.<language> FILE`` process (user + system, of the child) and
its wall time, the two ways alternating so that a change in the machine's load hits both.
Asserts nothing.

    python benchmarks/bench_startup.py [--runs 20] [--rounds 2]
"""

from __future__ import annotations

import argparse
import resource
import time
from collections.abc import Callable
from pathlib import Path

from portcheck.runners import bytecode, get_runner

ROOT = Path(__file__).resolve().parents[1]
PROGRAMS = {  # small programs of the tests' corpora: start-up is most of their run
    "bsl": ROOT / "tests" / "bsl" / "corpus" / "english.bsl",
    "kumir": ROOT / "tests" / "kumir" / "corpus" / "int_power.kum",
    "arsac": ROOT / "tests" / "arsac" / "corpus" / "jumps.arsac",
}


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def measure(run: Callable[[], None], runs: int) -> tuple[float, float]:
    """CPU and wall seconds per run."""
    cpu, wall = children_cpu(), time.perf_counter()
    for _ in range(runs):
        run()
    return (children_cpu() - cpu) / runs, (time.perf_counter() - wall) / runs


def one_way(language: str, session: bool, runs: int) -> tuple[float, float]:
    runner = get_runner(language, engine="embedded")
    built = runner.build(PROGRAMS[language])

    def run() -> None:
        result = runner.run(built, stdin="", args=())
        if result.returncode != 0:
            raise SystemExit(f"{built}: exit {result.returncode}\n{result.stderr}")

    if not session:
        return measure(run, runs)
    with bytecode.session():
        run()  # the first run writes the bytecode
        return measure(run, runs)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--runs", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print("language  round  way                 CPU s/run  wall s/run")
    for language in PROGRAMS:
        for round_ in range(1, args.rounds + 1):
            for session, way in ((False, "as run/pytest"), (True, "verify (bytecode)")):
                cpu, wall = one_way(language, session, args.runs)
                print(f"{language:8}  {round_:5}  {way:18}  {cpu:9.3f}  {wall:10.3f}")


if __name__ == "__main__":
    main()

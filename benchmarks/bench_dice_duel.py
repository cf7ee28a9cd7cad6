"""Time the dice duel (quasi-optimal against exact, seeds 1 to 1000: 2000 games, each with
its own exact solution) in the reference and in every language's port.

For each language the template is rendered for the one case ``seed=1 games=1000``, built once
(not timed: a warm build cache) and run ``--repeat`` times with the portcheck runner (a fresh
process each time, start-up included).  The reference is timed in this process.

Usage: ``python benchmarks/bench_dice_duel.py [--repeat N] [--games N] [--write]``.  Prints
a table (``--write``: also on docs/benchmarks.md, block ``dice-duel``); asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from _page import Measurement, add_write_option, table

from portcheck.runners import get_runner
from portcheck.runners.cache import BuildCache
from portcheck.suite.algorithms import Case
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.project import Project
from portcheck.suite.render import render_template, template_for

REPO = Path(__file__).resolve().parent.parent
PROJECT = Project(REPO)
DUEL = PROJECT.algorithm("dice-duel")


def median_seconds(samples: list[float]) -> str:
    return f"{statistics.median(samples):.2f} (min {min(samples):.2f})"


def time_reference(case: Case, repeat: int) -> list[float]:
    samples = []
    for _ in range(repeat):
        started = time.perf_counter()
        DUEL.output(case.params)
        samples.append(time.perf_counter() - started)
    return samples


def time_language(language: str, case: Case, repeat: int, folder: Path) -> list[float] | str:
    runner = get_runner(language, cache=BuildCache(folder / "cache"))
    if not runner.toolchain().ok:
        return f"skipped ({runner.toolchain().detail})"
    template = template_for(PROJECT.templates_dir, language, DUEL.name)
    program = folder / builtin_languages().get(language).program_name(DUEL.name)
    program.write_text(render_template(template, PROJECT.templates_dir, DUEL, [case]),
                       encoding="utf-8")
    built = runner.build(program)
    expected = DUEL.output(case.params)
    samples = []
    for _ in range(repeat):
        result = runner.run(built, timeout=300)
        if result.stdout != expected:
            return "output differs from the reference"
        samples.append(result.seconds)
    return samples


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=1000)
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    case = Case("bench", {"seed": 1, "games": args.games})
    rows = [("reference (in process)", median_seconds(time_reference(case, args.repeat)))]
    with tempfile.TemporaryDirectory(prefix="bench-dice-") as folder:
        for language in builtin_languages():
            if not any((PROJECT.templates_dir / language).glob(f"{DUEL.name}.*.j2")):
                continue  # no dice-duel port in this language (the book's language)
            figure = time_language(language, case, args.repeat, Path(folder))
            rows.append((language, figure if isinstance(figure, str)
                         else median_seconds(figure)))
    measurement.publish("dice-duel", table(
        ("dice-duel seed=1 games=" + str(args.games),
         f"seconds, median of {args.repeat} (min)"), rows), args.write)


if __name__ == "__main__":
    main()

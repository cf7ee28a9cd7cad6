"""Time the dice duel (quasi-optimal against exact, seeds 1 to 1000: 2000 games, each with
its own exact solution) in the reference and in every language's port.

For each language the template is rendered for the one case ``seed=1 games=1000``, built once
(not timed: a warm build cache) and run ``--repeat`` times with the portcheck runner (a fresh
process each time, start-up included).  The reference is timed in this process.

Usage: ``python benchmarks/bench_dice_duel.py [--repeat N] [--games N]``.  Prints figures;
asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from portcheck.runners import get_runner
from portcheck.runners.cache import BuildCache
from portcheck.suite.algorithms import Case
from portcheck.suite.languages import LANGUAGES
from portcheck.suite.project import Project
from portcheck.suite.render import render_template, template_for

REPO = Path(__file__).resolve().parent.parent
PROJECT = Project(REPO)
DUEL = PROJECT.algorithm("dice-duel")


def median_seconds(samples: list[float]) -> str:
    return f"{statistics.median(samples):7.2f} s (min {min(samples):.2f})"


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
    program = folder / LANGUAGES[language].program_name(DUEL.name)
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
    args = parser.parse_args()
    case = Case("bench", {"seed": 1, "games": args.games})
    print(f"dice-duel seed=1 games={args.games}, {args.repeat} runs each (median)")
    print(f"  {'reference (in process)':24} {median_seconds(time_reference(case, args.repeat))}")
    with tempfile.TemporaryDirectory(prefix="bench-dice-") as folder:
        for language in LANGUAGES:
            figure = time_language(language, case, args.repeat, Path(folder))
            shown = figure if isinstance(figure, str) else median_seconds(figure)
            print(f"  {language:24} {shown}")


if __name__ == "__main__":
    main()

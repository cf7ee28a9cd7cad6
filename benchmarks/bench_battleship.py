"""Time every battleship port placing the classic fleet with touching forbidden.

The issue's target: under 1 s for every compiled port (Java, Free Pascal) and under 10 s
for the embedded interpreters (1C, the school language).  For each language the template is
rendered with one case per program and built once (not timed); each program then runs
``--repeat`` times in a fresh process and the median wall time is printed, start-up
included (a JVM, a Python interpreter), as a user would see it.  Seeds: 0 (unshuffled
rails), 7, and the seed of 1..``--search`` whose search tries the most keys (found with the
reference).  A second figure leaves start-up out: one program placing the fleet for seeds
1..``--batch``, less the one-seed program, per placement.

    python benchmarks/bench_battleship.py [--repeat 3] [--search 2000] [--batch 100]

Prints a table; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

from portcheck.runners import get_runner
from portcheck.runners.cache import BuildCache
from portcheck.suite.algorithms import Case
from portcheck.suite.languages import LANGUAGES
from portcheck.suite.project import Project
from portcheck.suite.render import render_template

ROOT = Path(__file__).resolve().parents[1]
PROJECT = Project(ROOT)
BATTLESHIP = PROJECT.algorithm("battleship")


def case(seed: int) -> Case:
    return Case(f"seed-{seed}", {"fleet": "classic", "seed": seed, "touching": "forbidden"})


def hardest_seed(search: int) -> tuple[int, int]:
    """(seed, keys tried) of the seed in 1..search whose first placement costs most keys."""
    tried = {seed: keys_tried(seed) for seed in range(1, search + 1)}
    seed = max(tried, key=lambda s: (tried[s], -s))
    return seed, tried[seed]


def keys_tried(seed: int) -> int:
    text = BATTLESHIP.output(case(seed).params)
    return int(text.splitlines()[-1].removeprefix("keys tried: "))


def program(language: str, seeds: list[int], folder: Path) -> Path:
    template = PROJECT.templates_dir / language / f"battleship{LANGUAGES[language].suffixes[0]}.j2"
    source = folder / "-".join(map(str, seeds[:2])) / LANGUAGES[language].program_name(
        "battleship")
    source.parent.mkdir(parents=True, exist_ok=True)
    source.write_text(render_template(template, PROJECT.templates_dir, BATTLESHIP,
                                      [case(seed) for seed in seeds]), encoding="utf-8")
    return source


def median_run(runner, built: Path, repeat: int) -> float:
    times = []
    for _ in range(repeat):
        result = runner.run(built, timeout=120)
        if result.returncode != 0:
            sys.exit(f"{built} failed: {result.stderr}")
        times.append(result.seconds)
    return statistics.median(times)


def measure(language: str, seeds: list[int], batch: int, repeat: int,
            folder: Path) -> list[float] | None:
    runner = get_runner(language, cache=BuildCache(folder / "cache"))
    if not runner.toolchain().ok:
        print(f"{language}: skipped ({runner.toolchain().detail})")
        return None
    figures = [median_run(runner, runner.build(program(language, [seed], folder)), repeat)
               for seed in seeds]
    many = runner.build(program(language, list(range(1, batch + 1)), folder))
    single = runner.build(program(language, [1], folder))
    per_placement = (median_run(runner, many, repeat) - median_run(runner, single, repeat)) \
        / (batch - 1)
    return [*figures, per_placement]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--search", type=int, default=2000)
    parser.add_argument("--batch", type=int, default=100)
    args = parser.parse_args()
    worst, worst_keys = hardest_seed(args.search)
    seeds = [0, 7, worst]
    print(f"classic fleet, touching forbidden; seed {worst} tries the most keys of seeds "
          f"1..{args.search} ({worst_keys}); seconds, median of {args.repeat} runs")
    heads = [f"seed {seed} ({keys_tried(seed)} keys)" for seed in seeds]
    heads.append(f"per placement, {args.batch} seeds, no start-up")
    print(f"{'language':10}" + "".join(f"  {head:>20}" for head in heads))
    with tempfile.TemporaryDirectory(prefix="bench-battleship-") as scratch:
        for language in LANGUAGES:
            figures = measure(language, seeds, args.batch, args.repeat, Path(scratch))
            if figures is not None:
                print(f"{language:10}" + "".join(f"  {f:20.3f}" for f in figures))


if __name__ == "__main__":
    main()

"""Time every battleship port placing the classic fleet with touching forbidden.

The issue's target: under 1 s for every compiled port (Java, Free Pascal) and under 10 s
for the embedded interpreters (1C, the school language).  For each language the template is
rendered with one case per program and built once (not timed); each program then runs
``--repeat`` times in a fresh process and the median wall time is printed, start-up
included (a JVM, a Python interpreter), as a user would see it.  Seeds: 0 (unshuffled
rails), 7, and the seed of 1..``--search`` whose search tries the most keys (found with the
reference).  A second figure leaves start-up out: one program placing the fleet for seeds
1..``--batch``, less the one-seed program, per placement.

    python benchmarks/bench_battleship.py [--repeat 3] [--search 2000] [--batch 100] [--write]

Prints a table (``--write``: also on docs/benchmarks.md, block ``battleship``); asserts
nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from collections.abc import Iterable
from pathlib import Path

from _page import Measurement, add_write_option, table

from portcheck.runners import get_runner
from portcheck.runners.cache import BuildCache
from portcheck.suite.algorithms import Case
from portcheck.suite.declarations import builtin_languages
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


def with_template(languages: Iterable[str]) -> list[str]:
    """The languages that have a battleship template (the book's language has none)."""
    return [language for language in languages if (PROJECT.templates_dir / language /
            f"battleship{builtin_languages().get(language).suffixes[0]}.j2").is_file()]


def program(language: str, seeds: list[int], folder: Path) -> Path:
    declared = builtin_languages().get(language)
    template = PROJECT.templates_dir / language / f"battleship{declared.suffixes[0]}.j2"
    source = folder / "-".join(map(str, seeds[:2])) / declared.program_name("battleship")
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
            folder: Path) -> list[float] | str:
    runner = get_runner(language, cache=BuildCache(folder / "cache"))
    if not runner.toolchain().ok:
        return f"skipped ({runner.toolchain().detail})"
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
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    worst, worst_keys = hardest_seed(args.search)
    seeds = [0, 7, worst]
    heads = ["language", *(f"seed {seed} ({keys_tried(seed)} keys)" for seed in seeds),
             f"per placement without start-up ({args.batch} seeds)"]
    rows = []
    with tempfile.TemporaryDirectory(prefix="bench-battleship-") as scratch:
        for language in with_template(builtin_languages()):
            figures = measure(language, seeds, args.batch, args.repeat, Path(scratch))
            rows.append((language, figures) if isinstance(figures, str)
                        else (language, *(f"{f:.3f}" for f in figures)))
    note = (f"Classic fleet, touching forbidden; seconds a run in a fresh process, start-up "
            f"included, median of {args.repeat}; seed {worst} tries the most keys of seeds "
            f"1..{args.search} ({worst_keys}).")
    measurement.publish("battleship", note + "\n\n" + table(heads, rows), args.write)


if __name__ == "__main__":
    main()

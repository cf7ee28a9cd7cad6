"""Times `portcheck verify` of the card-shuffling algorithms (seeds/002): all five together
cold (empty build cache) and warm, with `--deep 5` as tox runs them, each algorithm alone,
and the heaviest program, shuffle-bias (every draw sequence for 3 to 7 cards), in each
language.  Prints a table (``--write``: also on docs/benchmarks.md, block ``shuffle``);
asserts nothing.

    python benchmarks/bench_shuffle.py [--repeat 3] [--write]
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from _page import Measurement, add_write_option, table
from bench_verify import median_of, timed

ALGORITHMS = ["javarandom", "reshuffle", "fisher-yates", "shuffle-bias", "derangement"]
LANGUAGES = ["java", "pascal", "python", "bsl", "kumir"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=3)
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    verify = [sys.executable, "-m", "portcheck", "verify"]
    with tempfile.TemporaryDirectory(prefix="portcheck-bench-") as folder:
        cache = Path(folder) / "cache"
        env = dict(os.environ, PORTCHECK_CACHE=str(cache))

        def cold() -> float:
            shutil.rmtree(cache, ignore_errors=True)
            return timed([*verify, *ALGORITHMS], env)

        def warm(*words: str) -> Callable[[], float]:
            return lambda: timed([*verify, *words], env)

        rows = [("verify of the 5 algorithms (27 ports), cold cache",
                 median_of(args.repeat, cold)),
                ("verify of the 5 algorithms, warm cache",
                 median_of(args.repeat, warm(*ALGORITHMS))),
                ("verify of the 5 algorithms --deep 5, warm cache",
                 median_of(args.repeat, warm(*ALGORITHMS, "--deep", "5")))]
        rows += [(f"  verify {name}, warm", median_of(args.repeat, warm(name)))
                 for name in ALGORITHMS]
        rows += [(f"  verify shuffle-bias --lang {language}, warm",
                  median_of(args.repeat, warm("shuffle-bias", "--lang", language)))
                 for language in LANGUAGES]
    measurement.publish("shuffle", table(("what", f"seconds (median of {args.repeat})"),
                                         [(name.strip(), f"{s:.2f}") for name, s in rows]),
                        args.write)


if __name__ == "__main__":
    main()

"""Deals per second: the FreeCell 1C template on the embedded interpreter versus the Python
reference dealing the same games, in one run.  Prints figures; asserts nothing.

    python benchmarks/bench_bsl_interp.py [GAMES]

Parse and compile time is reported separately; the timed part is the run alone.  The
target is the interpreter at no less than a third of the reference's speed.
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import jinja2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from portcheck.interp.bsl import compile_text, run_program  # noqa: E402
from reference.freecell import output  # noqa: E402

DEFAULT_GAMES = 2000


def render_program(games: list[int]) -> str:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(ROOT / "templates"),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
    )
    cases = [SimpleNamespace(id=f"game-{g}", params={"game": g}) for g in games]
    return environment.get_template("bsl/freecell.bsl.j2").render(cases=cases,
                                                                   algorithm="freecell")


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_GAMES
    games = list(range(1, count + 1))
    source = render_program(games)

    started = time.perf_counter()
    program = compile_text(source, "freecell.bsl")
    compile_seconds = time.perf_counter() - started

    printed = io.StringIO()
    started = time.perf_counter()
    run_program(program, stdin=io.StringIO(), stdout=printed)
    interpreter_seconds = time.perf_counter() - started

    started = time.perf_counter()
    expected = "".join(output(game) for game in games)
    reference_seconds = time.perf_counter() - started

    same = printed.getvalue() == expected
    interpreter_rate = count / interpreter_seconds
    reference_rate = count / reference_seconds
    print(f"games: {count} (1..{count}); outputs identical: {same}")
    print(f"parse + lower + compile: {compile_seconds * 1000:.1f} ms")
    print(f"embedded 1C interpreter: {interpreter_rate:,.0f} deals/s")
    print(f"Python reference:        {reference_rate:,.0f} deals/s")
    print(f"ratio interpreter/reference: {interpreter_rate / reference_rate:.2f} "
          f"(target >= 0.33)")


if __name__ == "__main__":
    main()

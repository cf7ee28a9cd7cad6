"""Deals per second: the FreeCell 1C template on the embedded interpreter versus the Python
reference dealing the same games, in one run.  Prints a table (``--write``: also on
docs/benchmarks.md, block ``bsl-interp``); asserts nothing.

    python benchmarks/bench_bsl_interp.py [--write] [GAMES] [ROUNDS]

Parse and compile time is reported separately; the timed part is the run alone.  The
target is the interpreter at no less than a third of the reference's speed.  The machine
is shared and noisy, so each round times the interpreter and then the reference on the
same games, and the ratio of each round is shown with their median.  Times are the
process's CPU seconds (both run in this process), so other jobs on the machine do not
skew them; the target of issue 27 is a ratio past 0.7.  Last, the start-up
of ``python -m portinterp.bsl`` on the FreeCell port (a fresh process, as the
runner starts it: imports, parser, compile and the run of its nine games), best of three.
"""

from __future__ import annotations

import io
import statistics
import subprocess
import sys
import time
from pathlib import Path
from types import SimpleNamespace

import jinja2

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from _page import Measurement, table  # noqa: E402

from portcheck.suite.reference_loader import load_modules  # noqa: E402
from portinterp.bsl import compile_text, run_program  # noqa: E402

output = load_modules(ROOT)["freecell"].output  # the reference, in this process

DEFAULT_GAMES = 2000
DEFAULT_ROUNDS = 5
PORT = ROOT / "ports" / "freecell" / "bsl" / "freecell.bsl"


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


def timed_round(program: object, games: list[int]) -> tuple[float, float, bool]:
    """Seconds of the interpreter, then of the reference, on ``games``; same output?"""
    printed = io.StringIO()
    started = time.process_time()
    run_program(program, stdin=io.StringIO(), stdout=printed)  # type: ignore[arg-type]
    interpreter_seconds = time.process_time() - started

    started = time.process_time()
    expected = "".join(output(game) for game in games)
    reference_seconds = time.process_time() - started
    return interpreter_seconds, reference_seconds, printed.getvalue() == expected


def startup_seconds() -> float:
    """Best of three: a fresh ``python -m portinterp.bsl`` running the port."""
    times = []
    for _ in range(3):
        started = time.perf_counter()
        subprocess.run([sys.executable, "-m", "portinterp.bsl", str(PORT)], cwd=ROOT,
                       check=True, capture_output=True)
        times.append(time.perf_counter() - started)
    return min(times)


def main() -> None:
    write = "--write" in sys.argv[1:]
    numbers = [a for a in sys.argv[1:] if a != "--write"]
    count = int(numbers[0]) if numbers else DEFAULT_GAMES
    rounds = int(numbers[1]) if len(numbers) > 1 else DEFAULT_ROUNDS
    measurement = Measurement()
    games = list(range(1, count + 1))
    source = render_program(games)

    started = time.perf_counter()
    program = compile_text(source, "freecell.bsl")
    compile_seconds = time.perf_counter() - started
    ratios, same, rows = [], True, []
    for n in range(1, rounds + 1):
        interpreter_seconds, reference_seconds, identical = timed_round(program, games)
        same &= identical
        interpreter_rate = count / interpreter_seconds
        reference_rate = count / reference_seconds
        ratios.append(interpreter_rate / reference_rate)
        rows.append((n, f"{interpreter_rate:,.0f}", f"{reference_rate:,.0f}",
                     f"{ratios[-1]:.2f}"))
    note = (f"FreeCell games 1..{count}, {rounds} rounds; outputs identical: {same}; "
            f"ratio interpreter/reference: **median {statistics.median(ratios):.2f}** "
            f"(min {min(ratios):.2f}, max {max(ratios):.2f}; target ≥ 0.33, issue 27: > 0.7); "
            f"parse + lower + compile {compile_seconds * 1000:.1f} ms; start-up + run of "
            f"`{PORT.relative_to(ROOT)}` in a fresh process "
            f"{startup_seconds() * 1000:.0f} ms (best of 3).")
    measurement.publish("bsl-interp", note + "\n\n" + table(
        ("round", "embedded 1C, deals per CPU s", "Python reference, deals per CPU s",
         "ratio"), rows), write)


if __name__ == "__main__":
    main()

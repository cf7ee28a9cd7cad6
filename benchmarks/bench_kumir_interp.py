"""FreeCell deals per second: the KuMir template on the embedded interpreter against the
Python reference, in the same run.  Target: the interpreter at least 1/3 of the reference
(issue 27: past 0.7).  Times are the process's CPU seconds (the interpreter and the
reference both run in this process), so other jobs on a shared machine do not skew them;
each round times the interpreter and then the reference on the same deals, and the figure
is the median of the rounds' ratios.  Then the start-up of ``python -m portinterp.kumir``
on the FreeCell port: a bare Python, a first run (empty compile cache) and a run that finds
its compiled program cached.

    python benchmarks/bench_kumir_interp.py [--write | --rates-only] [DEALS] [ROUNDS]

``--rates-only``: the deals per second alone, no start-up (for runs alternating with
other code; nothing written).

To compare with other code of the interpreter, put its folder first on ``PYTHONPATH``
(``PYTHONPATH=/tmp/before/interpreters python benchmarks/bench_kumir_interp.py``).

Prints a table (``--write``: also on docs/benchmarks.md, block ``kumir-interp``).
"""

from __future__ import annotations

import io
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from _page import Measurement, table  # noqa: E402

from portcheck.suite.algorithms import Case  # noqa: E402
from portcheck.suite.project import Project  # noqa: E402
from portcheck.suite.reference_loader import load_modules  # noqa: E402
from portcheck.suite.render import render_template  # noqa: E402
from portinterp.kumir import compile_text, run_program  # noqa: E402

FREECELL = Project(ROOT).algorithm("freecell")
freecell = load_modules(ROOT)["freecell"]  # the reference, in this process

TEMPLATE = ROOT / "templates" / "kumir" / "freecell.kum.j2"
PORT = ROOT / "ports" / "freecell" / "kumir" / "freecell.kum"
ROUNDS = 5
STARTS = 9


def _games(count: int) -> list[int]:
    return [1 + (n * 2654435761) % (2**31 - 1) for n in range(count)]


def _seconds(action: object) -> float:
    started = time.process_time()
    action()  # type: ignore[operator]
    return time.process_time() - started


def main() -> None:
    write = "--write" in sys.argv[1:]
    rates_only = "--rates-only" in sys.argv[1:]
    numbers = [a for a in sys.argv[1:] if not a.startswith("--")]
    count = int(numbers[0]) if numbers else 2000
    rounds = int(numbers[1]) if len(numbers) > 1 else ROUNDS
    measurement = Measurement()
    games = _games(count)
    cases = [Case(f"game-{g}", {"game": g}) for g in games]
    program = compile_text(render_template(TEMPLATE, ROOT / "templates", FREECELL, cases))
    expected = "".join(freecell.output(g) for g in games)

    def interpreted() -> None:
        out = io.StringIO()
        run_program(program, stdin=io.StringIO(), stdout=out)
        assert out.getvalue() == expected, "the interpreter dealt differently"

    def reference() -> None:
        for game in games:
            freecell.output(game)

    rows, ratios = [], []
    for n in range(1, rounds + 1):
        interp_rate = count / _seconds(interpreted)
        reference_rate = count / _seconds(reference)
        ratios.append(interp_rate / reference_rate)
        rows.append((str(n), f"{interp_rate:,.0f}", f"{reference_rate:,.0f}",
                     f"{ratios[-1]:.2f}"))
    note = (f"{count} deals, {rounds} rounds, outputs identical; ratio interpreter/reference: "
            f"**median {statistics.median(ratios):.2f}** (min {min(ratios):.2f}, max "
            f"{max(ratios):.2f}; target ≥ 0.33, issue 27: > 0.7).")
    rates = table(("round", "embedded KuMir, deals per CPU s",
                   "Python reference, deals per CPU s", "ratio"), rows)
    if rates_only:
        print(note + "\n\n" + rates)
        return
    measurement.publish("kumir-interp", note + "\n\n" + rates + "\n\n" + startup(), write)


def _start_seconds(command: list[str], env: dict[str, str], fresh_cache: bool) -> list[float]:
    times = []
    for _ in range(STARTS):
        if fresh_cache:
            env = {**env, "PORTCHECK_CACHE": tempfile.mkdtemp(dir=env["PORTCHECK_CACHE"])}
        started = time.perf_counter()
        subprocess.run(command, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
        times.append(time.perf_counter() - started)
    return times


def startup() -> str:
    """Wall time of whole processes: median and best of STARTS runs each."""
    run = [sys.executable, "-m", "portinterp.kumir", str(PORT)]
    with tempfile.TemporaryDirectory() as cache:
        env = {**os.environ, "PORTCHECK_CACHE": cache}
        subprocess.run(run, env=env, cwd=ROOT, stdout=subprocess.DEVNULL, check=True)
        rows = [("python -c pass", _start_seconds([sys.executable, "-c", "pass"], env, False)),
                ("first run (cache empty)", _start_seconds(run, env, True)),
                ("run with cached program", _start_seconds(run, env, False))]
    return table((f"start-up of `python -m portinterp.kumir {PORT.name}`, "
                  f"{STARTS} runs each", "median", "best"),
                 [(label, f"{statistics.median(times) * 1000:.0f} ms",
                   f"{min(times) * 1000:.0f} ms") for label, times in rows])


if __name__ == "__main__":
    main()

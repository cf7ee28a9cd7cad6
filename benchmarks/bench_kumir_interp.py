"""FreeCell deals per second: the KuMir template on the embedded interpreter against the
Python reference, in the same run.  Target: the interpreter at least 1/3 of the reference
(issue 27: past 0.7).  Times are the process's CPU seconds (the interpreter and the
reference both run in this process), so other jobs on a shared machine do not skew them.
Then the start-up of ``python -m portinterp.kumir`` on the FreeCell port: a bare
Python, a first run (empty compile cache) and a run that finds its compiled program cached.

    python benchmarks/bench_kumir_interp.py [--write] [DEALS]

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
ROUNDS = 3
STARTS = 9


def _games(count: int) -> list[int]:
    return [1 + (n * 2654435761) % (2**31 - 1) for n in range(count)]


def _best_seconds(action: object) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.process_time()
        action()  # type: ignore[operator]
        best = min(best, time.process_time() - started)
    return best


def main() -> None:
    write = "--write" in sys.argv[1:]
    numbers = [a for a in sys.argv[1:] if a != "--write"]
    count = int(numbers[0]) if numbers else 2000
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

    interp_rate = count / _best_seconds(interpreted)
    reference_rate = count / _best_seconds(reference)
    rates = table((f"{count} deals, best of {ROUNDS} rounds", "deals per CPU second"),
                  [("embedded KuMir interpreter", f"{interp_rate:,.0f}"),
                   ("Python reference", f"{reference_rate:,.0f}"),
                   ("ratio interpreter/reference (target ≥ 0.33; issue 27: > 0.7)",
                    f"**{interp_rate / reference_rate:.2f}**")])
    measurement.publish("kumir-interp", rates + "\n\n" + startup(), write)


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

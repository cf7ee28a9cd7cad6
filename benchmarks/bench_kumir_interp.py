"""FreeCell deals per second: the KuMir template on the embedded interpreter against the
Python reference, in the same run.  Target: the interpreter at least 1/3 of the reference.

    python benchmarks/bench_kumir_interp.py [DEALS]
"""

from __future__ import annotations

import io
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from portcheck.algorithms import Case  # noqa: E402
from portcheck.interp.kumir import compile_text, run_program  # noqa: E402
from portcheck.render import render_template  # noqa: E402
from reference import freecell  # noqa: E402

TEMPLATE = ROOT / "templates" / "kumir" / "freecell.kum.j2"
ROUNDS = 3


def _games(count: int) -> list[int]:
    return [1 + (n * 2654435761) % (2**31 - 1) for n in range(count)]


def _best_seconds(action: object) -> float:
    best = float("inf")
    for _ in range(ROUNDS):
        started = time.perf_counter()
        action()  # type: ignore[operator]
        best = min(best, time.perf_counter() - started)
    return best


def main() -> None:
    count = int(sys.argv[1]) if len(sys.argv) > 1 else 2000
    games = _games(count)
    cases = [Case(f"game-{g}", {"game": g}) for g in games]
    program = compile_text(render_template(TEMPLATE, ROOT / "templates", "freecell", cases))
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
    print(f"deals: {count}, best of {ROUNDS} rounds")
    print(f"embedded KuMir interpreter: {interp_rate:10.0f} deals/s")
    print(f"Python reference:           {reference_rate:10.0f} deals/s")
    print(f"ratio interpreter/reference: {interp_rate / reference_rate:.2f} (target >= 0.33)")


if __name__ == "__main__":
    main()

"""``portcheck mutate`` before and after a change: the same mutants, their fates one by one,
and the wall and CPU time of each port's run (``/usr/bin/time``), ``--jobs 1``.

    python benchmarks/mutate_speed.py --label after              # this tree's code
    python benchmarks/mutate_speed.py --label before --code DIR  # another copy's code
    python benchmarks/mutate_speed.py --label full --full-runs   # this code, no early stop
    python benchmarks/mutate_speed.py --compare before after     # the table, from the file

Each port is measured in a process of its own under ``/usr/bin/time``; the process runs
``score_port`` of the code on its PYTHONPATH on this project's suite and prints every
mutant's fate.  Results go to ``benchmarks/mutate_speed.json`` under the label.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path

DATA = Path(__file__).resolve().parent / "mutate_speed.json"
PORTS = ("freecell/bsl", "dice-move/kumir", "queens/arsac", "battleship/java",
         "fisher-yates/pascal")
TIME_FORMAT = "TIME %e %U %S"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--label", help="the name of this measurement in the file")
    parser.add_argument("--code", type=Path, help="the portcheck source tree to run "
                        "(default: this one)")
    parser.add_argument("--port", action="append", help="ALGO/LANG (default: the five)")
    parser.add_argument("--limit", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--full-runs", action="store_true",
                        help="no early stop, the former time limit (this code only)")
    parser.add_argument("--factor", type=float, help="the time limit: this times the "
                        "original's run (this code only; default: the engine's)")
    parser.add_argument("--margin", type=float, help="... plus this many seconds")
    parser.add_argument("--compare", nargs=2, metavar=("A", "B"))
    parser.add_argument("--one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.one:
        return one_port(args)
    if args.compare:
        print(compare(json.loads(DATA.read_text(encoding="utf-8")), *args.compare))
        return 0
    if not args.label:
        parser.error("--label is needed to measure")
    measure(args)
    return 0


def one_port(args: argparse.Namespace) -> int:
    """In the child: every mutant's fate, as JSON on stdout."""
    from portcheck.mutate import engine
    from portcheck.suite.ports import find_ports
    from portcheck.suite.project import find_project
    from portcheck.verify.execution import RunSettings

    project = find_project()
    port = next(p for p in find_ports(project) if p.id == f"ports/{args.one}")
    extra = {"early_stop": False, "time_factor": 5.0, "time_margin": 0.0} if args.full_runs \
        else {}
    extra |= {name: value for name, value in (("time_factor", args.factor),
                                              ("time_margin", args.margin)) if value is not None}
    plan = engine.Plan(jobs=1, limit=args.limit, seed=args.seed, **extra)
    result = engine.score_port(project, port, RunSettings(), plan)
    print(json.dumps({"fates": {v.mutant.key: str(v.fate) for v in result.verdicts},
                      "time_limit": round(result.time_limit, 2),
                      "original": round(getattr(result, "original_seconds", 0.0), 2),
                      "seconds": {v.mutant.key: round(getattr(v, "seconds", 0.0), 2)
                                  for v in result.verdicts if getattr(v, "seconds", 0.0)}},
                     ensure_ascii=False))
    return 0


def measure(args: argparse.Namespace) -> None:
    code = (args.code or Path(__file__).resolve().parent.parent).resolve()
    measured: dict[str, dict] = {}
    for port in args.port or PORTS:
        measured[port] = result = timed(port, code, args)
        print(f"{args.label} {port}: {result['wall']} s wall, {result['cpu']} s CPU, "
              f"load {result['load']}", file=sys.stderr, flush=True)
        data = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {}
        data[args.label] = {**data.get(args.label, {}), **measured}  # others may write too
        DATA.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                        encoding="utf-8")


def timed(port: str, code: Path, args: argparse.Namespace) -> dict:
    argv = ["/usr/bin/time", "-f", TIME_FORMAT, sys.executable, __file__, "--one", port,
            "--limit", str(args.limit), "--seed", str(args.seed)]
    if args.full_runs:
        argv.append("--full-runs")
    for option, value in (("--factor", args.factor), ("--margin", args.margin)):
        if value is not None:
            argv += [option, str(value)]
    env = {**os.environ, "PYTHONPATH": str(code)}
    load = os.getloadavg()[0]
    done = subprocess.run(argv, capture_output=True, text=True, env=env, check=False,
                          cwd=Path(__file__).resolve().parent.parent)
    timing = [line for line in done.stderr.splitlines() if line.startswith("TIME ")]
    if done.returncode or not timing:
        raise SystemExit(f"{port}: {done.stderr.strip()[-2000:]}")
    wall, user, system = (float(x) for x in timing[-1].split()[1:])
    found = json.loads(done.stdout)
    return {"wall": wall, "cpu": round(user + system, 2), "load": round(load, 1),
            **{key: found[key] for key in ("time_limit", "original", "fates", "seconds")
               if key in found}}


def compare(data: dict, before: str, after: str) -> str:
    """A Markdown table: each port's fates (the same, or how they changed) and times,
    before and after, with the load average when each started."""
    rows = ["| port | mutants run | fates | wall s | CPU s | load |", "|---|---|---|---|---|---|"]
    for port, then in data[before].items():
        now = data[after].get(port)
        if now is None:
            continue
        ran = sum(1 for f in then["fates"].values() if f in RAN)
        rows.append(f"| {port} | {ran} | {changes(then['fates'], now['fates'])} | "
                    f"{then['wall']:.0f} → {now['wall']:.0f} | "
                    f"{then['cpu']:.1f} → {now['cpu']:.1f} | {then['load']} → {now['load']} |")
    return "\n".join(rows)


RAN = ("killed", "survived", "timed out")


def changes(then: dict[str, str], now: dict[str, str]) -> str:
    """"the same", or how many mutants went from one fate to another."""
    if then.keys() != now.keys():
        return "other mutants"
    moved = Counter(f"{then[k]} → {now[k]}" for k in then if then[k] != now[k])
    return ", ".join(f"{n} {change}" for change, n in sorted(moved.items())) or "the same"


if __name__ == "__main__":
    raise SystemExit(main())

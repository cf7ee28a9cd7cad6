"""The mutation score of every port's golden cases (``portcheck mutate``), written to
``benchmarks/mutation_scores.json`` and printed as a table (with ``--write``, also on
docs/benchmarks.md, block ``mutation-scores``).

    python benchmarks/mutation_scores.py                      # every runnable port, all mutants
    python benchmarks/mutation_scores.py --limit 30 freecell  # a sample of 30 mutants a port
    python benchmarks/mutation_scores.py --table              # only print the table of the file
    python benchmarks/mutation_scores.py --table --write      # and put it on the page

A port already in the file, measured with the same plan, is not measured again (a long run
can be interrupted and resumed); ``--again`` measures it anew.  The file keeps, for each
port, the counts, the score, the survivors and how long the port took.  Each port's result
is merged into the file as it is now (two runs on other ports may share it).
"""

from __future__ import annotations

import argparse
import datetime
import fcntl
import json
import os
import platform
import sys
import time
from pathlib import Path

from _page import Measurement, add_write_option

from portcheck.errors import UsageError
from portcheck.mutate.engine import Plan, score_port
from portcheck.mutate.report import as_json, score_table
from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.verify.execution import RunSettings

DATA = Path(__file__).resolve().parent / "mutation_scores.json"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("algorithms", nargs="*", help="default: all")
    parser.add_argument("--port", action="append", help="only this port (ports/ALGO/LANG)")
    parser.add_argument("--limit", type=int, help="mutants a port, drawn at random")
    parser.add_argument("--jobs", type=int, default=os.cpu_count() or 1)
    parser.add_argument("--again", action="store_true", help="measure measured ports again")
    parser.add_argument("--table", action="store_true", help="only print the table")
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    data = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {"ports": {}}
    if not args.table:
        measure(data, args)
        data = json.loads(DATA.read_text(encoding="utf-8"))
    measurement.publish("mutation-scores", table(data), args.write, context=provenance(data))
    return 0


def provenance(data: dict) -> str:
    """The line above the table: where it comes from and when its ports were measured."""
    dates = sorted(r["measured"] for r in data["ports"].values() if "measured" in r)
    span = dates[0] if dates[:1] == dates[-1:] else f"{dates[0]} to {dates[-1]}"
    when = f", measured {span}" if dates else ""
    return (f"*Written by `python benchmarks/mutation_scores.py --table --write` from "
            f"`benchmarks/mutation_scores.json` ({len(data['ports'])} ports{when}; each port's "
            f"date and survivors are in the file).*")


def measure(data: dict, args: argparse.Namespace) -> None:
    project = find_project()
    plan = Plan(jobs=args.jobs, limit=args.limit)
    ports = [p for p in find_ports(project) if p.runnable and p.program.is_file()
             and (not args.algorithms or p.algorithm in args.algorithms)
             and (not args.port or p.id in args.port)]
    started = time.perf_counter()
    for port in ports:
        kept = data["ports"].get(port.id)
        if kept and kept.get("limit") == args.limit and not args.again:
            continue
        try:
            result = as_json(score_port(project, port, RunSettings(), plan))
        except UsageError as error:  # the port itself fails: noted, and the next one
            result = {"port": port.id, "error": str(error)}
        result["limit"] = args.limit
        result["measured"] = datetime.date.today().isoformat()
        data["ports"][port.id] = result
        print(f"{port.id}: {result.get('score', result.get('error'))}", file=sys.stderr,
              flush=True)
        _save({port.id: result})
    _save({}, {"seconds": round(time.perf_counter() - started, 1), "ports": len(ports),
               "jobs": args.jobs, "limit": args.limit,
               "machine": f"{platform.machine()}, {os.cpu_count()} cores",
               "date": datetime.date.today().isoformat()})


def _save(ports: dict, last_run: dict | None = None) -> None:
    """``ports`` merged into the file as it is now, written atomically; runs on other
    ports at the same time take turns (a lock beside the file), so none loses another's."""
    with open(DATA.with_suffix(".lock"), "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        data = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {"ports": {}}
        data["ports"] = dict(sorted({**data["ports"], **ports}.items()))
        if last_run is not None:
            data["last_run"] = last_run
        temporary = DATA.with_suffix(f".{os.getpid()}.tmp")
        temporary.write_text(json.dumps(data, ensure_ascii=False, indent=1) + "\n",
                             encoding="utf-8")
        os.replace(temporary, DATA)


def table(data: dict) -> str:
    """The table of the scores: one row a port (the table ``mutate --all`` prints)."""
    return score_table(data["ports"])


if __name__ == "__main__":
    sys.exit(main())

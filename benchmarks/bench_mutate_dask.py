"""``portcheck mutate --all`` on a local Dask cluster: the wall time of a selection of ports
on 1 and on 2 workers, and the whole suite — measured, or extrapolated from a sample of
each port's mutants (labelled so) — kept in ``benchmarks/mutate_dask.json`` and printed as
a table (with ``--write``, also on docs/benchmarks.md, block ``mutate-dask``).

    python benchmarks/bench_mutate_dask.py --scaling                 # freecell's cheap ports
    python benchmarks/bench_mutate_dask.py --scaling --port ports/freecell/java --repeat 2
    python benchmarks/bench_mutate_dask.py --suite --limit 10        # every port, a sample
    python benchmarks/bench_mutate_dask.py --suite                   # every port, every mutant
    python benchmarks/bench_mutate_dask.py --suite --algorithm ruler # a part: whole algorithms
    python benchmarks/bench_mutate_dask.py --suite --journal DIR     # the suite, in segments
    python benchmarks/bench_mutate_dask.py --serial                  # the selection, serially
    python benchmarks/bench_mutate_dask.py --table --write

Every run starts from an empty journal (a cache folder of its own), so nothing is resumed —
except ``--suite --journal DIR``: the whole suite, every mutant, on 2 workers, measured in
segments where it does not fit one sitting (``_suite_segments``): each run resumes the
journal in DIR, may be stopped (Ctrl-C, SIGTERM) and run again, on the same commit; the
row, written when a segment ends the run, is the segments' wall and CPU time summed.  Run
every segment alike — the same Python by the same path (``venv/bin/python3`` is not
``venv/bin/python`` to the journal: its key holds the Python runner's interpreter, by path),
the same environment — or a segment starts those ports again under a key of its own.
Every mode gives its runs the box and limits ``portcheck mutate --all`` gives them by
default (the suite's folder and the cache hidden), so its journal is the command's.
Each row says the load average before and after it: the machine is shared, and a wall time
means little without it.  The time to start the local cluster is measured apart.

The extrapolation of a sample (``--suite --limit N``): for each port, the workers' time
for its original and its N mutants (``PortScore.seconds``: the tasks' own wall time), scaled
by the port's mutants that change code over the N drawn; the suite's wall time is then the
sample's wall time scaled by the same ratio summed over the ports.  It assumes a sampled
mutant costs what an average one does (a sample of loops that time out would not), and it
scales the parent's own work (making and lexing every mutant, which it does in full even
for a sample) as if it grew too: an over-estimate there.

A part of the suite (``--suite --algorithm A``, repeatable): every mutant of those
algorithms' ports on 2 workers, kept as a row of its own beside the serial times that
``benchmarks/mutation_scores.py`` recorded for the same ports; each part's fates are
compared with those recorded there (the counts of killed or timed out, survived,
equivalent, stillborn and duplicate mutants, port by port).  The whole suite is then
**extrapolated** as the measured parts' wall time over their recorded serial times, times
every port's recorded serial time.  The load average is sampled every 30 s during a run.

Where not even a sample of every port can run (a loaded machine: the parent's lexing of
every port's mutants alone takes minutes of CPU), ``--serial`` runs the selection as a
plain ``portcheck mutate --jobs 2`` does, one port after another, so that the cluster's
wall time on 2 workers can be set against the serial run's on the same ports at about the
same load; the whole suite is then **extrapolated** as that ratio times the serial times
of every port in ``benchmarks/mutation_scores.json`` (each measured once, at its own load).
"""

from __future__ import annotations

import argparse
import datetime
import json
import os
import resource
import sys
import tempfile
import threading
import time
from pathlib import Path

from _page import Measurement, add_write_option, table
from _suite_segments import SegmentedRun, SegmentError, now

from portcheck.cli.main import parse
from portcheck.cli.options import apply_sandbox
from portcheck.errors import UsageError
from portcheck.mutate import engine
from portcheck.mutate.cluster.run import BATCH, mutate_all
from portcheck.mutate.engine import Plan, choose, score_port
from portcheck.mutate.operators import mutants
from portcheck.processes.cluster import dask_client
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import find_project
from portcheck.terminal.signals import stop_on_signals
from portcheck.verify.execution import RunSettings

DATA = Path(__file__).resolve().parent / "mutate_dask.json"
DATA_SCORES = DATA.parent / "mutation_scores.json"
SCALING = ("ports/freecell/pascal", "ports/freecell/python", "ports/freecell/kumir",
           "ports/freecell/bsl", "ports/freecell/java")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--scaling", action="store_true", help="a selection on 1 and 2 workers")
    parser.add_argument("--suite", action="store_true", help="every runnable port, 2 workers")
    parser.add_argument("--serial", action="store_true",
                        help="the selection as a serial mutate --jobs 2 runs it")
    parser.add_argument("--port", action="append", help="the selection (default: "
                        f"{', '.join(p.removeprefix('ports/') for p in SCALING)})")
    parser.add_argument("--limit", type=int, help="--suite: mutants a port, drawn at random")
    parser.add_argument("--algorithm", action="append",
                        help="--suite: only these algorithms' ports (a part of the suite)")
    parser.add_argument("--journal", type=Path,
                        help="--suite: keep the journal in this folder and resume from it; "
                             "each run is one segment of one measurement (stop one with "
                             "Ctrl-C or SIGTERM), the row is written when the last ends")
    parser.add_argument("--repeat", type=int, default=1, help="--scaling: runs of each")
    parser.add_argument("--workers", type=int, action="append",
                        help="--scaling: these numbers of workers (default: 1 and 2)")
    parser.add_argument("--batch", type=int, default=BATCH,
                        help=f"mutants a task (default {BATCH})")
    parser.add_argument("--table", action="store_true", help="only print the table")
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    data = json.loads(DATA.read_text(encoding="utf-8")) if DATA.exists() else {}
    try:
        project = find_project()
    except UsageError as error:
        print(f"bench_mutate_dask.py: {error}", file=sys.stderr)
        return 2
    ports = [p for p in find_ports(project) if p.runnable and p.program.is_file()]
    if args.scaling:
        chosen = [p for p in ports if p.id in (args.port or SCALING)]
        kept = data.get("scaling", {})
        rows = kept.get("rows", []) if kept.get("ports") == [p.id for p in chosen] else []
        for _ in range(args.repeat):
            for workers in args.workers or (1, 2):
                rows.append(_measure(project, chosen, workers, Plan(), args.batch))
                print(rows[-1], file=sys.stderr, flush=True)
        data["scaling"] = {"ports": [p.id for p in chosen], "rows": rows}
    if args.serial:
        chosen = [p for p in ports if p.id in (args.port or SCALING)]
        data["serial"] = _serial(project, chosen)
        print(data["serial"], file=sys.stderr, flush=True)
    if args.suite and args.algorithm:
        chosen = [p for p in ports if p.algorithm in args.algorithm]
        row = _measure(project, chosen, 2, Plan(), args.batch)
        row["algorithms"] = sorted(args.algorithm)
        row["recorded"] = _recorded(chosen, row)
        print(row, file=sys.stderr, flush=True)
        parts = [r for r in data.get("suite_parts", []) if r["algorithms"] != row["algorithms"]]
        data["suite_parts"] = [*parts, row]
    elif args.suite and args.journal:
        try:
            run = SegmentedRun.open(args.journal, project.root)
        except SegmentError as error:
            print(f"bench_mutate_dask.py: {error}", file=sys.stderr)
            return 2
        row = _segment(project, ports, run, args.batch)
        if row is None:
            return 1
        data["suite"] = row
    elif args.suite:
        row = _measure(project, ports, 2, Plan(limit=args.limit), args.batch)
        if args.limit is not None:
            row["extrapolated"] = _extrapolate(ports, row, args.limit)
        data["suite"] = row
    if args.scaling or args.suite or args.serial:
        DATA.write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")
    measurement.publish("mutate-dask", _table(data), args.write,
                        context=f"*Written by `python benchmarks/bench_mutate_dask.py "
                                f"--table --write` from `benchmarks/mutate_dask.json`; "
                                f"{os.cpu_count()} cores, shared with other jobs (each row: "
                                f"its load average before and after).*")
    return 0


def _measure(project, ports: list[Port], workers: int, plan: Plan,  # type: ignore[no-untyped-def]
             batch: int) -> dict:
    """One run of ``ports`` on a new local cluster of ``workers``, from an empty journal."""
    load = os.getloadavg()[0]
    when = datetime.datetime.now().isoformat(timespec="minutes")
    cpu_before = _cpu()
    with tempfile.TemporaryDirectory(prefix="bench-mutate-dask-") as cache, \
            _LoadSamples() as loads:
        os.environ["PORTCHECK_CACHE"] = cache
        _box_as_the_command()
        started = time.perf_counter()
        with dask_client(None, workers) as client:
            client.wait_for_workers(workers)
            ready = time.perf_counter()
            outcome = mutate_all(client, project, ports, RunSettings(), plan, quiet=True,
                                 batch=batch)
            wall = time.perf_counter() - ready
    return {"when": when, "workers": workers, "ports": len(ports), "batch": batch,
            **_scored(outcome), "ran": outcome.ran,
            "start_s": round(ready - started, 1), "wall_s": round(wall, 1),
            "per_port_worker_s": {s.port.id: [round(s.seconds, 2),
                                              len(s.verdicts) - _layout(s)]
                                  for s in outcome.scores},
            "load_before": round(load, 1), "load_after": round(os.getloadavg()[0], 1),
            "load_mean": loads.mean(), "load_max": loads.most(),
            "cpu_s": round(_cpu() - cpu_before, 1)}


def _segment(project, ports: list[Port], run: SegmentedRun,  # type: ignore[no-untyped-def]
             batch: int) -> dict | None:
    """One segment of a whole-suite measurement kept in ``run``: the whole suite's row
    when this segment ends the run, ``None`` when it was stopped (kept, to be resumed)."""
    segment = {"start": now(), "how": "bench_mutate_dask.py --suite --journal"}
    cpu_before, outcome, loads = _cpu(), None, _LoadSamples()
    os.environ["PORTCHECK_CACHE"] = str(run.folder.resolve())
    _box_as_the_command()
    started = time.perf_counter()
    try:
        with stop_on_signals(), loads:
            with dask_client(None, 2) as client:
                client.wait_for_workers(2)
                outcome = mutate_all(client, project, ports, RunSettings(), Plan(),
                                     quiet=False, batch=batch)
    except KeyboardInterrupt:
        pass
    segment.update(end=now(), wall_s=round(time.perf_counter() - started, 1),
                   cpu_s=round(_cpu() - cpu_before, 1), load_samples=loads.samples,
                   ended="finished" if outcome is not None else "stopped")
    run.add(segment)
    done = run.totals()
    print(f"segment {done['segments']}: {segment['ended']}, {segment['wall_s']} s; the "
          f"measurement so far {done['wall_s']} s of wall time, {done['cpu_s']} s of CPU "
          f"({run.folder / 'segments.json'})", file=sys.stderr)
    if outcome is None:
        return None
    row = {"when": done["first"], "workers": 2, "ports": len(ports), "batch": batch,
           **_scored(outcome), **done}
    row["recorded"] = _recorded(ports, row)
    return row


def _scored(outcome) -> dict:  # type: ignore[no-untyped-def]
    """What a row keeps of a cluster run's outcome: each port's fate counts and CPU limit,
    the mutants, the workers' time, the ports failed or skipped."""
    scores = outcome.scores
    return {"counts": {s.port.id: [s.count(f) for f in engine.Fate] for s in scores},
            "mutants": sum(len(s.verdicts) for s in scores),
            "failed": outcome.failed, "skipped": outcome.skipped,
            "worker_s": round(sum(s.seconds for s in scores), 1),
            "cpu_limits": {s.port.id: s.cpu_limit for s in scores}}


def _box_as_the_command() -> None:
    """The box and limits ``portcheck mutate --all`` gives its runs by default (the suite's
    folder and the cache hidden from them; ``PORTCHECK_CACHE`` set first): the runs
    measured are the command's, and ``--journal`` resumes the command's own journal (its
    key holds the box)."""
    apply_sandbox(parse(["mutate", "--all"]))


def _cpu() -> float:
    """CPU time of this process and of its ended children: once the local cluster has
    shut down, its workers (reaped) and everything they ran — their runs, the zygotes and
    what those forked — are in it; unlike wall time, it does not stretch with the load."""
    own, ended = resource.getrusage(resource.RUSAGE_SELF), \
        resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + ended.ru_utime + ended.ru_stime


class _LoadSamples:
    """The 1-minute load average every 30 s while the block runs."""

    def __init__(self) -> None:
        self.samples: list[float] = []
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._sample, daemon=True)

    def __enter__(self) -> _LoadSamples:
        self._thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self._done.set()
        self._thread.join()

    def _sample(self) -> None:
        while True:
            self.samples.append(os.getloadavg()[0])
            if self._done.wait(30):
                return

    def mean(self) -> float:
        return round(sum(self.samples) / len(self.samples), 1) if self.samples else 0.0

    def most(self) -> float:
        return round(max(self.samples), 1) if self.samples else 0.0


FATE_GROUPS = (("detected", ("killed", "timed_out")), ("survived", ("survived",)),
               ("equivalent", ("equivalent",)), ("stillborn", ("stillborn",)),
               ("duplicate", ("duplicate",)))


def _recorded(ports: list[Port], row: dict) -> dict:
    """What ``mutation_scores.json`` recorded for these ports (serial, wall-time limits):
    the sum of their serial times, and the ports whose fates differ from this run's."""
    scores = json.loads(DATA_SCORES.read_text(encoding="utf-8"))["ports"]
    order = [f.value for f in engine.Fate]
    serial, differ, missing = 0.0, {}, []
    for port in ports:
        kept = scores.get(port.id)
        if kept is None or kept.get("limit") is not None or port.id not in row["counts"]:
            missing.append(port.id)
            continue
        serial += kept.get("seconds", 0.0)
        now = dict(zip(order, row["counts"][port.id], strict=True))
        now = {k.replace(" ", "_"): v for k, v in now.items()}
        mine = {g: sum(now[n] for n in names) for g, names in FATE_GROUPS}
        theirs = {g: sum(kept.get(n, 0) for n in names) for g, names in FATE_GROUPS}
        if mine != theirs:
            differ[port.id] = {"now": mine, "recorded": theirs}
    return {"serial_s": round(serial, 1), "differ": differ, "missing": missing}


def _serial(project, ports: list[Port]) -> dict:  # type: ignore[no-untyped-def]
    """The selection scored one port after another, as ``portcheck mutate --jobs 2``."""
    load = os.getloadavg()[0]
    when = datetime.datetime.now().isoformat(timespec="minutes")
    with tempfile.TemporaryDirectory(prefix="bench-mutate-serial-") as cache:
        os.environ["PORTCHECK_CACHE"] = cache
        _box_as_the_command()
        started = time.perf_counter()
        scores = [score_port(project, port, RunSettings(), Plan(jobs=2)) for port in ports]
        wall = time.perf_counter() - started
    return {"when": when, "ports": [p.id for p in ports],
            "mutants": sum(len(s.verdicts) for s in scores), "wall_s": round(wall, 1),
            "cpu_limits": {s.port.id: s.cpu_limit for s in scores},
            "counts": {s.port.id: [s.count(f) for f in engine.Fate] for s in scores},
            "load_before": round(load, 1), "load_after": round(os.getloadavg()[0], 1)}


def _layout(score) -> int:  # type: ignore[no-untyped-def]
    return sum(1 for v in score.verdicts if v.why == "changes only comments or layout")


def _extrapolate(ports: list[Port], row: dict, limit: int) -> dict:
    """The whole suite's workers' time and wall time from a sample (see the module's doc)."""
    full = 0.0
    for port in ports:
        measured = row["per_port_worker_s"].get(port.id)
        if measured is None:
            continue
        seconds, drawn = measured
        text = port.program.read_text(encoding="utf-8")
        _, code = choose(port, Plan(), text, mutants(text, port.lang))
        full += seconds * (len(code) / drawn if drawn else 1.0)
    ratio = full / row["worker_s"] if row["worker_s"] else 0.0
    return {"limit": limit, "worker_s": round(full), "wall_s": round(row["wall_s"] * ratio)}


def _minutes(seconds: float) -> str:
    return f"{seconds:.0f} s" if seconds < 120 else f"{seconds / 60:.1f} min"


def _table(data: dict) -> str:
    rows = []
    scaling = data.get("scaling")
    if scaling:
        which = ", ".join(p.removeprefix("ports/") for p in scaling["ports"])
        for r in scaling["rows"]:
            rows.append([f"selection ({which}), batches of {r.get('batch', BATCH)}",
                         r["workers"], r["mutants"],
                         f"{r['wall_s']} s", f"{r['worker_s']} s", f"{r['start_s']} s",
                         _load(r), "measured" + (", CPU-time limits" if "cpu_limits" in r
                                                 else ", wall-time limits"), r["when"]])
    suite = data.get("suite")
    if suite and "segments" in suite:
        rows.append(_segmented_row(suite))
    elif suite:
        sample = "every mutant" if "extrapolated" not in suite else \
            f"a sample of {suite['extrapolated']['limit']} mutants a port"
        rows.append([f"whole suite, {sample} ({suite['ports']} ports)", suite["workers"],
                     suite["mutants"], _minutes(suite["wall_s"]), _minutes(suite["worker_s"]),
                     f"{suite['start_s']} s", f"{suite['load_before']} → "
                     f"{suite['load_after']}", "measured", suite["when"]])
        if "extrapolated" in suite:
            e = suite["extrapolated"]
            rows.append([f"whole suite, every mutant ({suite['ports']} ports)",
                         suite["workers"], "", _minutes(e["wall_s"]), _minutes(e["worker_s"]),
                         "", f"{suite['load_before']} → {suite['load_after']}",
                         "**extrapolated** from the sample above", suite["when"]])
    rows += _part_rows(data.get("suite_parts", []))
    serial = data.get("serial")
    if serial:
        which = ", ".join(p.removeprefix("ports/") for p in serial["ports"])
        rows.append([f"selection ({which}), serial `mutate --jobs 2`", "", serial["mutants"],
                     f"{serial['wall_s']} s", "", "", f"{serial['load_before']} → "
                     f"{serial['load_after']}", "measured", serial["when"]])
        two = [r for r in (scaling or {}).get("rows", []) if r["workers"] == 2
               and r.get("batch", BATCH) == BATCH
               and ("cpu_limits" in r) == ("cpu_limits" in serial)]  # the same limits
        if two and DATA_SCORES.exists():
            scores = json.loads(DATA_SCORES.read_text(encoding="utf-8"))["ports"]
            whole = sum(r.get("seconds", 0.0) for r in scores.values())
            ratio = two[-1]["wall_s"] / serial["wall_s"]
            rows.append([f"whole suite, every mutant ({len(scores)} ports)", 2, "",
                         _minutes(ratio * whole), "", "", "",
                         f"**extrapolated**: {ratio:.2f} (2 workers' wall / the serial "
                         f"run's, the selection) × {whole / 3600:.1f} h (every port's "
                         "serial time in mutation_scores.json, each at its own load); "
                         "made 2026-11-27, its basis since found wanting (mutation.md, "
                         "\"On a cluster\")", ""])
    return table(["what", "workers", "mutants", "wall", "workers' time", "cluster start",
                  "load average", "how", "when"], rows)


def _segmented_row(suite: dict) -> list:
    """The whole suite, every mutant, measured in segments from one journal."""
    recorded = suite["recorded"]
    same = _fates_said(recorded)
    if recorded["missing"]:
        same += f" ({len(recorded['missing'])} of its ports with no recorded serial time)"
    left = f"; not scored: {len(suite['failed'])} failed, {len(suite['skipped'])} " \
        "skipped" if suite["failed"] or suite["skipped"] else ""
    segments = f"{suite['segments']} segment" + ("s" if suite["segments"] != 1 else "")
    return [f"whole suite, every mutant ({suite['ports']} ports)", suite["workers"],
            suite["mutants"], _minutes(suite["wall_s"]), _minutes(suite["worker_s"]), "",
            f"mean {suite['load_mean']}, most {suite['load_max']}",
            f"**measured**, in {segments} (resumed from the journal) of "
            f"commit {suite['tree'][:7]}; CPU {_minutes(suite['cpu_s'])}; serial sum "
            f"recorded {_minutes(recorded['serial_s'])}; {same}{left}",
            f"{suite['first'][:16]} – {suite['last'][:16]}"]


def _fates_said(recorded: dict) -> str:
    return "the same fates as recorded" if not recorded["differ"] else \
        f"fates differ from those recorded in {len(recorded['differ'])} ports"


def _load(row: dict) -> str:
    said = f"{row['load_before']} → {row['load_after']}"
    return f"{said} (mean {row['load_mean']}, most {row['load_max']})" if "load_mean" in row \
        else said


def _part_rows(parts: list[dict]) -> list[list]:
    """A row for each measured part of the suite, and the whole suite extrapolated from
    them (their wall time over their recorded serial time, times every port's)."""
    rows = []
    for r in parts:
        recorded = r["recorded"]
        same = _fates_said(recorded)
        cpu = f"; CPU {_minutes(r['cpu_s'])}" if "cpu_s" in r else ""
        ports = f"{r['ports']} port" + ("s" if r["ports"] != 1 else "")
        rows.append([f"{', '.join(r['algorithms'])}: every mutant ({ports})",
                     r["workers"], r["mutants"], _minutes(r["wall_s"]),
                     _minutes(r["worker_s"]), f"{r['start_s']} s", _load(r),
                     f"measured{cpu}; serial sum recorded {_minutes(recorded['serial_s'])}; "
                     f"{same}", r["when"]])
    if parts and DATA_SCORES.exists():
        scores = json.loads(DATA_SCORES.read_text(encoding="utf-8"))["ports"]
        whole = sum(r.get("seconds", 0.0) for r in scores.values())
        wall = sum(r["wall_s"] for r in parts)
        serial = sum(r["recorded"]["serial_s"] for r in parts)
        if serial:
            ratio = wall / serial
            ports = sum(r["ports"] for r in parts)
            rows.append([f"whole suite, every mutant ({len(scores)} ports)", 2, "",
                         _minutes(ratio * whole), "", "", "",
                         f"**extrapolated**: {ratio:.2f} (the {ports} ports above: 2 "
                         f"workers' wall / their recorded serial sum, "
                         f"{_minutes(wall)} / {_minutes(serial)}) × {whole / 3600:.1f} h "
                         "(every port's serial time in mutation_scores.json): at the parts' "
                         "load, and low for the algorithms whose goldens grew since "
                         "(mutation.md, \"On a cluster\")", ""])
    return rows


if __name__ == "__main__":
    sys.exit(main())

"""What the box costs per run (``portcheck.processes.sandbox``, ``.limits``): wall seconds
of one run of ``true`` and of a Python hello-world through ``run_command`` (the way every
port's run is made), five ways — neither box nor limits; the limits alone (``prlimit`` in
front, the run watch) without and with the run's control group (``cgroups``: made,
joined by a shell in front, removed); and the box with the limits, without and with the
group (what ``--sandbox auto`` gives where bubblewrap works) — alternating run by run so
that a change in the machine's load hits all of them.  The ways with a group are left out
where no group can be made here.  Then the two boxes of the embedded interpreters and the reference,
each unboxed and boxed, alternating: a 1C hello-world forked from verify's zygote (one
zygote a way, started before the runs are timed; its start is timed apart), and the
reference's process of a ``portcheck init`` suite started and asked one case.  Prints the
medians (``--write``: also on docs/benchmarks.md, block ``sandbox``); asserts nothing.

    python benchmarks/bench_sandbox.py [--runs 30] [--write]
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path

from _page import Measurement, add_write_option, table

from portcheck.processes import cgroups, limits, sandbox
from portcheck.runners import get_runner, zygote
from portcheck.runners.base import run_command
from portcheck.runners.interpreted import embedded_env
from portcheck.suite import reference_host

BOXES = ("unboxed (--sandbox off)", "boxed")
HELLO_1C = 'Сообщить("hello");\n'

WAYS = ("no box, no limits", "limits, no cgroup", "limits + cgroup", "box + limits, no cgroup",
        "box + limits + cgroup")
NO_GROUP = cgroups.Hierarchies(why="left out for the measurement")


def one_run(argv: list[str], way: str, readable: list[Path]) -> float:
    sandbox.configure("on" if way.startswith("box") else "off")
    quiet: AbstractContextManager[None] = limits.building() if way == WAYS[0] else nullcontext()
    found = cgroups.found()
    if "no cgroup" in way:
        cgroups._found[os.getpid()] = NO_GROUP
    started = time.perf_counter()
    try:
        with quiet:
            result = run_command(argv, readable=readable)
    finally:
        cgroups._found[os.getpid()] = found
    seconds = time.perf_counter() - started
    assert result.returncode == 0, result.stderr
    return seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=30)
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    if sandbox.probe() is not None:
        raise SystemExit(f"bubblewrap is not usable here: {sandbox.probe()}")
    with tempfile.TemporaryDirectory() as folder:
        hello = Path(folder) / "hello.py"
        hello.write_text("print('hello')\n")
        programs = {"`true`": (["true"], []),
                    "Python hello-world": ([sys.executable, str(hello)], [hello])}
        ways = [w for w in WAYS if "+ cgroup" not in w or cgroups.why_not() is None]
        rows = []
        for name, (argv, readable) in programs.items():
            times: dict[str, list[float]] = {way: [] for way in ways}
            for _ in range(args.runs):
                for way in ways:
                    times[way].append(one_run(argv, way, readable))
            medians = {way: statistics.median(times[way]) * 1000 for way in ways}
            group = (f"{medians[WAYS[4]] - medians[WAYS[3]]:+.1f}" if WAYS[4] in medians
                     else "—")
            rows.append([name, *(f"{medians[way]:.1f}" for way in ways),
                         f"{medians[ways[-1]] - medians[WAYS[0]]:+.1f}", group])
        rows_2 = embedded_rows(Path(folder), args.runs)
    body = table(["program (median ms per run)", *ways, "the box's cost",
                  "the cgroup's cost (boxed)"], rows)
    body_2 = table(["(median ms)", *BOXES, "the box's cost"], rows_2)
    measurement.publish("sandbox", body + "\n\n" + body_2
                        + f"\n\n{args.runs} runs each way.", args.write)


def embedded_rows(folder: Path, runs: int) -> list[list[str]]:
    """A 1C run forked from a zygote, the zygote's start, and the reference's start and
    first answer: each unboxed and boxed."""
    program = folder / "hello.bsl"
    program.write_text(HELLO_1C, encoding="utf-8")
    runner = get_runner("bsl", engine="embedded")
    built = runner.build(program)
    times: dict[tuple[str, str], list[float]] = {}
    sessions = {}
    for turn in range(max(3, runs // 4) + 1):
        for way in BOXES:
            sandbox.configure("on" if way == "boxed" else "off")
            session = zygote.session(readable=[folder])
            forks = session.__enter__()
            assert forks is not None, "no zygote on this platform"
            started = time.perf_counter()
            assert forks.zygote_for(embedded_env()) is not None, "the zygote did not start"
            if turn:  # the first turn warms the imports' bytecode up, for both ways
                times.setdefault(("zygote start", way), []).append(
                    time.perf_counter() - started)
            if way in sessions:
                session.__exit__(None, None, None)
            else:
                sessions[way] = (session, forks)
    try:
        for _ in range(runs):
            for way, (_, forks) in sessions.items():
                sandbox.configure("on" if way == "boxed" else "off")
                started = time.perf_counter()
                result = forks.take("bsl", runner.embedded_argv(built), stdin="", timeout=60,
                                    max_output=1 << 20, env=embedded_env())
                assert result is not None and result.stdout == "hello\n", result
                times.setdefault(("1C hello-world forked from the zygote", way),
                                 []).append(time.perf_counter() - started)
    finally:
        for session, _ in sessions.values():
            session.__exit__(None, None, None)
    suite = folder / "suite"
    subprocess.run([sys.executable, "-m", "portcheck", "init", str(suite)], check=True,
                   capture_output=True)
    for _ in range(max(3, runs // 4)):
        for way in BOXES:
            sandbox.configure("on" if way == "boxed" else "off")
            started = time.perf_counter()
            host = reference_host.ReferenceHost(suite)
            host.declarations()
            assert "value" in host.call("output", "collatz", {"n": 27})
            times.setdefault(("reference: start and one answer", way),
                             []).append(time.perf_counter() - started)
            host.close()
    rows = []
    for name in ("1C hello-world forked from the zygote", "zygote start",
                 "reference: start and one answer"):
        medians = [statistics.median(times[(name, way)]) * 1000 for way in BOXES]
        rows.append([name, *(f"{m:.1f}" for m in medians), f"{medians[1] - medians[0]:+.1f}"])
    return rows


if __name__ == "__main__":
    main()

"""The command line's start-up as a person at the terminal feels it: whole processes of
``portcheck --help``, ``portcheck verify --help`` and ``portcheck exec`` of a hello-world in
the school language and in 1C (OneScript's dialect) — boxed where bubblewrap works, as a
user's ``exec`` is, and with ``--sandbox off`` in portcheck's own process —, beside
``python -c pass`` and the embedded interpreter run alone (``python -m
portinterp.<language>``).  Each is run
``--runs`` times, the commands alternating so that a change in the machine's load hits
them all; the table gives the median (and range) of each one's CPU seconds (user + system of
the process) and wall seconds, beside its target.  The hello-world's compiled program is in
the cache before the first measured run, as it is for a person who ran it once, and so is
Python's bytecode of every module (in a folder of its own, ``PYTHONPYCACHEPREFIX``, even
where ``PYTHONDONTWRITEBYTECODE`` is set: an installed portcheck has its bytecode).

``--before DIR``: also the same commands run from another checkout's source folder (e.g.
``git archive main | tar -x -C /tmp/main``), on ``PYTHONPATH``, in a column of their own.
Prints the table (``--write``: also on docs/benchmarks.md, block ``cli-startup``); asserts
nothing.

    python benchmarks/bench_cli_startup.py [--runs 15] [--before DIR] [--write]
"""

from __future__ import annotations

import argparse
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from _page import Measurement, add_write_option, table

HELLO = {
    "hello.kum": 'алг\nнач\n  вывод "Привет, мир!", нс\nкон\n',
    "hello.bsl": 'Сообщить("Привет, мир!");\n',
}
PORTCHECK = [sys.executable, "-m", "portcheck"]
# (what the row says, the command, the target in seconds or None)
COMMANDS: list[tuple[str, list[str], float | None]] = [
    ("`python -c pass`", [sys.executable, "-c", "pass"], None),
    ("`portcheck --help`", [*PORTCHECK, "--help"], 0.08),
    ("`portcheck verify --help`", [*PORTCHECK, "verify", "--help"], None),
    ("`portcheck exec hello.kum`", [*PORTCHECK, "exec", "--engine", "embedded", "hello.kum"],
     0.12),
    ("`portcheck exec --sandbox off hello.kum` (in portcheck's process)",
     [*PORTCHECK, "exec", "--engine", "embedded", "--sandbox", "off", "hello.kum"], None),
    ("`python -m portinterp.kumir hello.kum`",
     [sys.executable, "-m", "portinterp.kumir", "hello.kum"], None),
    ("`portcheck exec --dialect onescript hello.bsl`",
     [*PORTCHECK, "exec", "--engine", "embedded", "--dialect", "onescript", "hello.bsl"], 0.12),
    ("`portcheck exec --sandbox off --dialect onescript hello.bsl`",
     [*PORTCHECK, "exec", "--engine", "embedded", "--sandbox", "off", "--dialect", "onescript",
      "hello.bsl"], None),
    ("`python -m portinterp.bsl --dialect onescript hello.bsl`",
     [sys.executable, "-m", "portinterp.bsl", "--dialect", "onescript", "hello.bsl"], None),
]


def one_run(command: list[str], folder: Path, env: dict[str, str]) -> tuple[float, float]:
    """CPU and wall seconds of one process running ``command`` in ``folder``."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    started = time.perf_counter()
    done = subprocess.run(command, cwd=folder, env=env, stdin=subprocess.DEVNULL,
                          stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, check=False)
    wall = time.perf_counter() - started
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode != 0:
        raise SystemExit(f"{' '.join(command)}: exit {done.returncode}\n{done.stderr.decode()}")
    return (after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime), wall


def shown(values: list[float]) -> str:
    return f"{statistics.median(values):.3f} ({min(values):.3f}–{max(values):.3f})"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=15)
    parser.add_argument("--before", type=Path, metavar="DIR",
                        help="another checkout's source folder, measured beside this one")
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as name:
        folder = Path(name)
        base = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
        ways = {"now": {**base, "PYTHONPYCACHEPREFIX": str(folder / "pycache-now")}}
        if args.before is not None:
            source = args.before.resolve()
            ways["before"] = {**base, "PYTHONPYCACHEPREFIX": str(folder / "pycache-before"),
                              "PYTHONPATH": os.pathsep.join([str(source),
                                                             str(source / "interpreters")])}
        for file, text in HELLO.items():
            (folder / file).write_text(text, encoding="utf-8")
        for env in ways.values():  # the compiled programs into the cache, the files read once
            for _, command, _ in COMMANDS:
                one_run(command, folder, env)
        figures: dict[tuple[str, int], list[tuple[float, float]]] = {
            (way, row): [] for way in ways for row in range(len(COMMANDS))}
        for _ in range(args.runs):
            for row, (_, command, _) in enumerate(COMMANDS):
                for way, env in ways.items():
                    figures[way, row].append(one_run(command, folder, env))
    head = ["whole process, s (median of the runs, range)", "target", "CPU", "wall"]
    if "before" in ways:
        head += ["CPU before", "wall before"]
    rows = []
    for row, (what, _, target) in enumerate(COMMANDS):
        cells = [what, "" if target is None else f"≤ {target:g}"]
        for way in ways:
            cells += [shown([cpu for cpu, _ in figures[way, row]]),
                      shown([wall for _, wall in figures[way, row]])]
        rows.append(cells)
    measurement.publish("cli-startup", table(head, rows), args.write)


if __name__ == "__main__":
    main()

"""What containing a port costs, and how quickly portcheck gets out of a hostile one.  Prints
a table (``--write``: also on docs/benchmarks.md, block ``hostile``); asserts nothing.

- one contained run (``run_command``) against a plain ``subprocess.run``, for ``true``;
- a program printing without end, stopped at the output limit (16 MiB);
- a ``verify`` of a port that loops for ever (time limit 600 s): from SIGTERM, and from
  SIGINT (Ctrl-C), to verify's exit;
- ``golden check`` of a 50 MB golden file (50,000 cases of 1 KB).

    python benchmarks/bench_hostile.py [--repeat 5] [--write]
"""

from __future__ import annotations

import argparse
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from _page import Measurement, add_write_option, table

from portcheck.runners.base import DEFAULT_MAX_OUTPUT, run_command


def median_of(repeat: int, action: Callable[[], float]) -> float:
    return statistics.median(action() for _ in range(repeat))


def timed(action: Callable[[], object]) -> float:
    started = time.perf_counter()
    action()
    return time.perf_counter() - started


def portcheck(*words: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "portcheck", *words], cwd=cwd, text=True,
                          capture_output=True, check=False)


def make_project(folder: Path) -> Path:
    """``portcheck init`` and a port that loops for ever, writing its pid first."""
    root = folder / "suite"
    portcheck("init", str(root), cwd=folder)
    port = root / "ports" / "collatz" / "loop"
    port.mkdir(parents=True)
    (port / "loop.py").write_text(f"import os\nopen({str(folder / 'pid')!r}, 'w').write("
                                  "str(os.getpid()))\nwhile True:\n    pass\n")
    (port / "port.yaml").write_text("algorithm: collatz\nlanguage: python\n"
                                    "origin: contributed\nprogram: loop.py\ncases: [n-1]\n")
    (port / "transcript.txt").write_text("1: 0 steps, peak 1\n")
    return root


def kill_latency(root: Path, signum: signal.Signals) -> float:
    """From the signal to verify's exit, once its port runs."""
    pid_file = root.parent / "pid"
    pid_file.unlink(missing_ok=True)
    verify = subprocess.Popen([sys.executable, "-m", "portcheck", "verify", "--lang", "loop",
                               "--timeout", "600"], cwd=root, stdout=subprocess.DEVNULL,
                              stderr=subprocess.DEVNULL)
    while not pid_file.is_file() or not pid_file.read_text():
        time.sleep(0.01)
    time.sleep(0.2)
    started = time.perf_counter()
    verify.send_signal(signum)
    verify.wait(timeout=60)
    return time.perf_counter() - started


def big_golden(root: Path) -> float:
    golden = root / "golden" / "collatz.yaml"
    text = golden.read_text()
    extra = "".join(f"  old-{n}:\n    params:\n      n: 5\n    output: |\n      {'z' * 1000}\n"
                    for n in range(50_000))
    golden.write_text(text + extra)
    try:
        return timed(lambda: portcheck("golden", "check", cwd=root))
    finally:
        golden.write_text(text)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--repeat", type=int, default=5)
    add_write_option(parser)
    args = parser.parse_args()
    repeat = args.repeat
    measurement = Measurement()
    rows = [
        ("subprocess.run(['true'])", median_of(repeat * 4, lambda: timed(
            lambda: subprocess.run(["true"], capture_output=True, check=False)))),
        ("run_command(['true']), contained", median_of(repeat * 4, lambda: timed(
            lambda: run_command(["true"])))),
        (f"endless output, stopped at {DEFAULT_MAX_OUTPUT >> 20} MiB", median_of(
            repeat, lambda: timed(lambda: run_command(["yes"], timeout=60)))),
    ]
    with tempfile.TemporaryDirectory(prefix="portcheck-bench-") as folder:
        os.environ["PORTCHECK_CACHE"] = str(Path(folder) / "cache")
        root = make_project(Path(folder))
        rows += [(f"verify of a looping port: {sig.name} to exit", median_of(
            repeat, lambda sig=sig: kill_latency(root, sig)))
            for sig in (signal.SIGTERM, signal.SIGINT)]
        rows.append(("golden check of a 50 MB golden (50,000 cases)", big_golden(root)))
    measurement.publish("hostile", table(("what", f"seconds (median of {repeat})"),
                                         [(name, f"{s:.3f}") for name, s in rows]),
                        args.write)


if __name__ == "__main__":
    main()

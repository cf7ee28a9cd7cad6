"""``portcheck grade`` of 30 generated submissions (tests/helpers/submissions.py: correct,
wrong, hanging, flooding, escaping, crashing, not a program…): the wall time against the
slowest students' own times, the target being "in the time of the slowest few" — the three
hanging students alone hold a job each for the time limit.

Graded in this process as the command grades them (``verify.grading.grade_all``, the box
and limits of ``--sandbox auto``), ``--jobs`` at once (default: one per core).  Prints the
table (``--write``: also on docs/benchmarks.md, block ``bench:grade``)::

    python benchmarks/bench_grade.py [--jobs N] [--timeout 5] [--write]
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from _page import Measurement, add_write_option, table

REPO = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(REPO))

from portcheck.files.cache_root import cache_root  # noqa: E402
from portcheck.processes import limits, sandbox  # noqa: E402
from portcheck.suite.ports import find_ports  # noqa: E402
from portcheck.suite.project import find_project  # noqa: E402
from portcheck.verify.execution import RunSettings  # noqa: E402
from portcheck.verify.grading import find_submissions, grade_all  # noqa: E402
from portcheck.verify.parallel import default_jobs  # noqa: E402
from tests.helpers.submissions import SECRET, make_submissions  # noqa: E402

SLOWEST = 3


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--jobs", type=int, default=None)
    parser.add_argument("--timeout", type=float, default=5.0)
    add_write_option(parser)
    args = parser.parse_args()
    measurement = Measurement()
    jobs = args.jobs or default_jobs()
    os.chdir(REPO)
    project = find_project()
    limits.configure(None)
    note = sandbox.configure("auto", hidden=[cache_root(), project.root])
    boxed = "boxed (bubblewrap)" if sandbox.boxing() else f"not boxed ({note})"
    with tempfile.TemporaryDirectory(prefix="bench-grade-") as folder:
        home = Path(folder) / "home"
        home.mkdir()
        (home / "secret.txt").write_text(SECRET, encoding="utf-8")
        os.environ["HOME"] = str(home)
        outside = Path(folder) / "outside"
        outside.mkdir()
        kinds = make_submissions(Path(folder) / "subs", REPO, outside)
        submissions = find_submissions(Path(folder) / "subs", project.languages)
        reference = project.algorithm("freecell")
        ports = find_ports(project)
        settings = RunSettings(timeout=args.timeout, max_output=256 * 1024)
        started = time.perf_counter()
        grades = grade_all(project, settings, submissions, reference, ports, jobs)
        wall = time.perf_counter() - started
    seconds = sorted((g.seconds for g in grades), reverse=True)
    slowest = sum(seconds[:SLOWEST])
    serial = sum(seconds)
    by_kind: dict[str, list[float]] = {}
    for grade in grades:
        by_kind.setdefault(kinds[grade.name], []).append(grade.seconds)
    rows = [[kind, len(times), f"{max(times):.2f}"] for kind, times in by_kind.items()]
    body = table(["students", "how many", "slowest (s)"], rows)
    summary = table(["what", "seconds"], [
        [f"wall time, {len(grades)} students, --jobs {jobs}", f"{wall:.2f}"],
        [f"the slowest {SLOWEST} students' own times, added", f"{slowest:.2f}"],
        ["every student's own time, added (one at a time)", f"{serial:.2f}"],
        [f"wall / slowest {SLOWEST}", f"{wall / slowest:.2f}"],
    ])
    passed = sum(1 for g in grades if g.ok)
    measurement.publish("grade", f"{summary}\n\n{body}\n\nTime limit {args.timeout:g} s, output "
                        f"limit 256 KiB, runs {boxed}; {passed} of {len(grades)} passed.",
                        args.write)


if __name__ == "__main__":
    main()

"""``portcheck grade ALGO SUBMISSIONS/``: every student's program checked against the
goldens of ALGO, each in its own box, several at once (``verify.grading``): a table per
student and per case on the terminal, ``--csv FILE``, ``--report DIR`` (a page), and
``--format json`` (one Exercism ``results.json`` object per student, keyed by student)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from portcheck.cli.options import (
    ALGO,
    add_engine,
    add_format,
    add_sandbox,
    add_timeout,
    check_engine,
    command,
    count,
    settings_of,
)
from portcheck.errors import CheckFailed
from portcheck.suite.project import find_project
from portcheck.terminal.progress import Progress

NAME = "grade"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "grade a folder of students' programs against the goldens, each "
                           "in its own box",
                "Check each student's program (a file in SUBMISSIONS, or a subfolder holding "
                "one program) against the goldens of ALGO, with the cases, compare mode and "
                "notation map of the suite's port in that language; a table per student and "
                "per case, each failure with its first differing line.",
                [("portcheck grade freecell submissions/", ""),
                 ("portcheck grade freecell submissions/ --csv grades.csv", ""),
                 ("portcheck grade freecell submissions/ --format json > results.json",
                  "one Exercism results.json object per student"),
                 ("portcheck grade freecell submissions/ --report grades", "a page")],
                ALGO, "SUBMISSIONS: a folder; each file in it (named by its stem) or "
                "subfolder holding exactly one program (named by the folder) is a student.",
                "DIR: the page's folder (--report): new, empty, or an earlier report.")
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("submissions", metavar="SUBMISSIONS")
    p.add_argument("--jobs", type=count(1), default=None,
                   help="students graded at once (default: one per core)")
    p.add_argument("--csv", metavar="FILE", help="also write one row per student and case")
    p.add_argument("--report", metavar="DIR",
                   help="also write the grades as a page (DIR/index.html)")
    add_format(p)
    p.add_argument("-v", "--verbose", action="store_true", help="list passing cases too")
    add_timeout(p)
    add_engine(p)
    add_sandbox(p)


def handle(args: argparse.Namespace) -> int:
    from portcheck.files.yamlio import write_atomic
    from portcheck.suite.ports import find_ports
    from portcheck.verify import grade_report
    from portcheck.verify.exercism import json_text
    from portcheck.verify.grading import find_submissions, grade_all
    from portcheck.verify.parallel import default_jobs

    project = find_project()
    reference = project.algorithm(args.algorithm)
    submissions = find_submissions(Path(args.submissions), project.languages)
    check_engine(args.engine, {s.language.name for s in submissions if s.language},
                 project.languages)
    if args.csv:  # refused before the grading, not after it (a link, a device, a folder)
        from portcheck.files.guarded import check_replaceable

        check_replaceable(Path(args.csv))
    if args.report:
        from portcheck.publish.site import check_target

        check_target(Path(args.report))
    ports = find_ports(project)
    started = time.perf_counter()
    json_mode = args.format == "json"
    with Progress(len(submissions), "students graded",
                  sys.stderr if json_mode else sys.stdout) as progress:
        grades = grade_all(project, settings_of(args), submissions, reference, ports,
                           args.jobs or default_jobs(), done=lambda _: progress.advance())
    seconds = time.perf_counter() - started
    if args.csv:
        write_atomic(Path(args.csv), grade_report.csv_text(grades))
    if args.report:
        from portcheck.publish.grades import write_grades

        write_grades(Path(args.report), reference.name, grades)
    if json_mode:
        print(json_text(grade_report.json_document(grades, reference.name)))
    else:
        print(grade_report.table(grades))
        text = grade_report.details(grades, verbose=args.verbose)
        if text:
            print()
            print(text)
        print()
        print(grade_report.summary(grades, seconds))
    notes = [f"wrote {path}" for path in (args.csv, args.report and
                                          str(Path(args.report) / "index.html")) if path]
    for note in notes:
        print(note, file=sys.stderr if json_mode else sys.stdout)
    if not all(grade.ok for grade in grades):
        raise CheckFailed()
    return 0

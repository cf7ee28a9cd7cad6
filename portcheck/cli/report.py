"""``portcheck report -o DIR``: every port verified as ``verify`` does, and the whole
verification written as a static site (``publish.site``)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from portcheck.cli.options import add_run_options, check_engine, command, count, settings_of
from portcheck.errors import CheckFailed
from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.terminal.progress import Progress
from portcheck.terminal.words import plural

NAME = "report"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "the whole verification as a static site",
                "Verify every port and write the results as a static site: the matrix, each "
                "port's listing, each algorithm side by side (on screen and printed), the "
                "failures' diffs, the goldens with their outputs, and a PDF handout per "
                "algorithm.",
                [("portcheck report -o site", ""),
                 ("portcheck report -o site && chromium site/index.html", "")],
                "DIR: the site's folder: new, empty, or an earlier report (nothing else is "
                "replaced).")
    p.add_argument("-o", "--output", metavar="DIR", required=True)
    p.add_argument("--no-handouts", dest="handouts", action="store_false",
                   help="write no PDF handouts (they need WeasyPrint: pip install "
                        "'portcheck[pdf]'; a few seconds each)")
    p.add_argument("--jobs", type=count(1), default=None,
                   help="ports checked at once (default: one per core)")
    add_run_options(p)


def handle(args: argparse.Namespace) -> int:
    # imported here: Jinja's templates and Pygments, which no other command needs, and the
    # checks, which `portcheck report --help` does without (portcheck.cli.commands)
    from portcheck.publish.site import check_target, write_site
    from portcheck.publish.verification import Outcome, verification_of
    from portcheck.verify.checks import CheckContext
    from portcheck.verify.parallel import verify

    project = find_project()
    target = Path(args.output)
    check_target(target)
    started = time.perf_counter()
    context = CheckContext(project, settings_of(args))
    ports = find_ports(project)
    check_engine(args.engine, (port.language for port in ports))
    with Progress(len(ports), "ports checked", sys.stdout) as progress:
        results = verify(context, ports, jobs=args.jobs, done=progress.advance)
    verifications = [verification_of(context, port, results[port.id]) for port in ports]
    matrix = write_site(project, context, ports, verifications, target, args.handouts)
    seconds = time.perf_counter() - started
    print(f"{plural(len(ports), 'port')}: {matrix.count(Outcome.PASSED)} passed, "
          f"{matrix.count(Outcome.FAILED)} failed, {matrix.count(Outcome.NOT_RUNNABLE)} not "
          f"runnable here, {matrix.count(Outcome.NOT_APPLICABLE)} not applicable "
          f"({seconds:.1f} s)")
    print(f"wrote {target / 'index.html'}")
    if matrix.count(Outcome.FAILED):
        raise CheckFailed()
    return 0

"""``portcheck report -o DIR``: every port verified as ``verify`` does, and the whole
verification written as a static site (``publish.site``)."""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from portcheck.cli.options import add_run_options, count, settings_of
from portcheck.errors import CheckFailed
from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.terminal.progress import Progress

NAME = "report"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(NAME, help="the whole verification as a static site")
    p.add_argument("-o", "--output", metavar="DIR", required=True)
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
    with Progress(len(ports), "ports checked", sys.stdout) as progress:
        results = verify(context, ports, jobs=args.jobs, done=progress.advance)
    verifications = [verification_of(context, port, results[port.id]) for port in ports]
    matrix = write_site(project, context, ports, verifications, target)
    seconds = time.perf_counter() - started
    print(f"{len(ports)} ports: {matrix.count(Outcome.PASSED)} passed, "
          f"{matrix.count(Outcome.FAILED)} failed, {matrix.count(Outcome.NOT_RUNNABLE)} not "
          f"runnable here, {matrix.count(Outcome.NOT_APPLICABLE)} not applicable "
          f"({seconds:.1f} s)")
    print(f"wrote {target / 'index.html'}")
    if matrix.count(Outcome.FAILED):
        raise CheckFailed()
    return 0

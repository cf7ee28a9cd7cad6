"""``portcheck verify [ALGO…] [--lang L…]``: every check of every selected port, and the
goldens of their algorithms, as one report (the main job)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from portcheck.cli.golden import fixes, print_report
from portcheck.cli.options import (
    ALGO,
    LANG,
    MAX_DEEP,
    add_color,
    add_engine,
    add_format,
    add_sandbox,
    add_selection,
    add_timeout,
    check_engine,
    command,
    count,
    settings_of,
)
from portcheck.errors import CheckFailed, UsageError
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import Project, find_project
from portcheck.suite.selection import Selection, select_ports
from portcheck.terminal.color import diff_painter, wants_color
from portcheck.terminal.progress import Progress

if TYPE_CHECKING:
    from portcheck.verify.results import CheckResult

NAME = "verify"
TRAILING = "algorithms"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "every check of every port (the main job)",
                "Check every selected port (its transcript against the goldens, a fresh run "
                "against its transcript, a template port rendered again) and the goldens of "
                "their algorithms, and report the matrix, each failure with its diff.",
                [("portcheck verify", "the whole suite"),
                 ("portcheck verify freecell --lang java", "one port"),
                 ("portcheck verify --deep 5", "also 5 other inputs per template port"),
                 ("portcheck verify -v", "passing checks, and every golden case no port "
                                         "prints")],
                ALGO, LANG)
    add_selection(p)
    p.add_argument("--require-runtimes", action="store_true",
                   help="a missing toolchain fails instead of being skipped")
    p.add_argument("--deep", type=count(0, MAX_DEEP), default=0, metavar="N",
                   help="also re-render template ports with N other inputs and compare "
                        "their runs with the reference")
    p.add_argument("--seed", type=int, default=1, help="seed of the --deep inputs")
    p.add_argument("--jobs", type=count(1), default=None,
                   help="ports checked at once (default: one per core)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="show passing checks too, and each golden case no port prints")
    p.add_argument("--junit-xml", metavar="FILE", help="also write the results as JUnit XML")
    p.add_argument("--fresh", action="store_true",
                   help="run every port again, none of its verdicts from the cache")
    add_timeout(p)
    add_engine(p)
    add_sandbox(p)
    add_color(p)
    add_format(p)


def handle(args: argparse.Namespace) -> int:
    # imported here, not at the top: `portcheck verify --help` and its usage errors do
    # without them (portcheck.cli.commands)
    from portcheck.golden.check import check_goldens
    from portcheck.golden.remembered import GoldenChecks
    from portcheck.processes import sandbox
    from portcheck.verify import report
    from portcheck.verify.checks import CheckContext
    from portcheck.verify.junit import junit_xml, write_junit
    from portcheck.verify.parallel import verify
    from portcheck.verify.results import FAIL
    from portcheck.verify.verdicts import VerdictCache
    from portcheck.verify.workers import alongside

    before = sandbox.tally()  # this command's runs are those counted from here
    project = find_project()
    selection = Selection(tuple(args.algorithms), tuple(args.lang or ()))
    for name in selection.algorithms:
        project.algorithm(name)
    every_port = find_ports(project)
    ports = select_ports(every_port, selection, project.languages)
    if not ports and not selection.algorithms and not selection.languages:
        raise UsageError(f"{project.relative(project.ports_dir)}: no ports to verify "
                         "(add one: see portcheck init)")
    check_engine(args.engine, (port.language for port in ports))
    algorithms = _verified_algorithms(project, selection, ports)
    context = CheckContext(project, settings_of(args), args.deep, args.seed)
    verdicts = VerdictCache(context, fresh=args.fresh)
    remembered = verdicts.recall(ports)
    to_run = [port for port in ports if port.id not in remembered]
    json_mode = args.format == "json"
    with Progress(len(to_run), "ports checked",
                  sys.stderr if json_mode else sys.stdout) as progress:
        goldens, ran = alongside(  # the reference's CPU work beside the ports' runs
            lambda: check_goldens(project, algorithms, [], every_port,
                                  GoldenChecks(project, fresh=args.fresh)),
            lambda: verify(context, to_run, jobs=args.jobs, done=progress.advance)
            if to_run else {})
    verdicts.remember(ran)
    results = {port.id: remembered[port.id].results if port.id in remembered
               else ran[port.id] for port in ports}
    if args.junit_xml:
        write_junit(Path(args.junit_xml), junit_xml(ports, results, goldens))
    if json_mode:
        return _print_json(ports, results, goldens.failures)
    paint = diff_painter(wants_color(args.color, sys.stdout))
    print_report(goldens, paint, quiet_ok=True, verbose=args.verbose)
    print(report.matrix(ports, results) if ports else "no ports selected")
    text = report.details(results, verbose=args.verbose, paint=paint)
    if text:
        print()
        print(text)
    print()
    print(report.summary(results))
    print(boxed_line(before))
    if remembered:
        made = sorted(entry.made for entry in remembered.values())
        print(f"from the cache: {len(remembered)} of {len(ports)} ports' verdicts, made "
              f"{made[0]}" + (f" to {made[-1]}" if made[-1] != made[0] else "")
              + " (nothing they depend on changed; --fresh runs them again"
              + ("): " + ", ".join(port.id for port in ports if port.id in remembered)
                 if args.verbose else "; -v names them)"))
    if goldens.remembered:
        made = sorted(goldens.remembered.values())
        print(f"from the cache: the golden check of {len(goldens.remembered)} of "
              f"{len(algorithms)} algorithms, made {made[0]}"
              + (f" to {made[-1]}" if made[-1] != made[0] else "")
              + " (the reference, its imports and the goldens unchanged"
              + ("): " + ", ".join(sorted(goldens.remembered)) if args.verbose else ")"))
    if goldens.failures:
        print(f"goldens or suite files need fixing (above); fix with: {fixes(goldens)}")
    if goldens.failures or any(r.status == FAIL for rs in results.values() for r in rs):
        raise CheckFailed()
    return 0


def boxed_line(before: dict[str, int]) -> str:
    """How many of this command's program runs (counted since ``before``) were boxed, and
    why the others were not."""
    from portcheck.processes import sandbox

    counted = {why: n - before.get(why, 0) for why, n in sandbox.tally().items()
               if n > before.get(why, 0)}
    boxed = counted.pop("", 0)
    total = boxed + sum(counted.values())
    if not total:
        return "runs: none this time (every verdict from the cache, or no runtime)"
    line = f"runs: {boxed} of {total} boxed (bubblewrap; builds counted too)"
    if counted:
        line += "; not boxed: " + "; ".join(f"{n} ({why})" for why, n in counted.items())
    return line


def _print_json(ports: list[Port], results: dict[str, list[CheckResult]],
                golden_failures: list[str]) -> int:
    """``--format json``: every check of every port (a check made case by case, each of its
    cases), and each golden failure, as the tests of one results.json object
    (``verify.exercism``)."""
    from portcheck.verify import exercism

    document = exercism.from_checks((r for port in ports for r in results[port.id]),
                                    {port.id: port for port in ports})
    failed = [exercism.test(f"goldens::{n + 1}", "fail", line,
                            test_code="portcheck golden check")
              for n, line in enumerate(golden_failures)]
    if failed:
        skipped = document.pop("skipped")
        document = {**exercism.results(document["tests"] + failed), "skipped": skipped}
    print(exercism.json_text(document))
    if document["status"] != "pass":
        raise CheckFailed()
    return 0


def _verified_algorithms(project: Project, selection: Selection,
                         ports: list[Port]) -> list[Algorithm]:
    """Whose goldens verify checks: the algorithms named; with no selection at all, every
    algorithm of the project (one with no port or no golden file is no less unchecked);
    with only ``--lang``, those of the selected ports."""
    if selection.algorithms:
        names = list(selection.algorithms)
    elif selection.languages:
        names = sorted({port.algorithm for port in ports})
    else:
        names = list(project.algorithms)
    return [project.algorithm(name) for name in names]

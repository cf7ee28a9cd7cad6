"""``portcheck golden check|update [ALGO…]``: the goldens against the reference, or written
from it; and how a golden report is printed (``verify`` prints one too)."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from portcheck.cli.options import ALGO, add_color, add_timeout, command
from portcheck.errors import CheckFailed, UsageError
from portcheck.golden.check import GoldenReport, check_goldens, unprinted_notes
from portcheck.golden.update import update_goldens
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.ports import find_ports
from portcheck.suite.project import Project, find_project
from portcheck.terminal.color import diff_painter, wants_color
from portcheck.terminal.controls import escape_controls

NAME = "golden"
TRAILING = "algorithms"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "check or update the golden outputs",
                "check: the goldens are what the reference computes now, and no golden, "
                "template or port folder is an orphan. update: write them from the reference "
                "(portcheck update also renders and records the ports).",
                [("portcheck golden check", ""),
                 ("portcheck golden update josephus", "add the new cases"),
                 ("portcheck golden update freecell --allow-changed", "rewrite changed ones"),
                 ("portcheck golden check -k game-617", "only matching case ids")],
                ALGO)
    p.add_argument("action", choices=("check", "update"))
    p.add_argument("algorithms", nargs="*", metavar="ALGO", help="default: all")
    p.add_argument("-k", action="append", metavar="PATTERN",
                   help="only case ids containing PATTERN (or matching it as a glob)")
    p.add_argument("--new-only", action="store_true", help="update: only add new cases")
    p.add_argument("--allow-changed", action="store_true",
                   help="update: rewrite cases whose output changed")
    p.add_argument("--prune", action="store_true",
                   help="update: remove cases the reference no longer has (and, of the "
                        "whole suite, golden files whose algorithm is gone)")
    p.add_argument("-v", "--verbose", action="store_true",
                   help="list each golden case no port prints (default: how many)")
    add_timeout(p)  # the reference's limits: each case is computed in its own process
    add_color(p)


def handle(args: argparse.Namespace) -> int:
    _check_flags(args)
    project = find_project()
    algorithms = _golden_algorithms(project, args.algorithms)
    paint = diff_painter(wants_color(args.color, sys.stdout))
    if args.action == "check":
        result = check_goldens(project, algorithms, args.k or [], find_ports(project))
        print_report(result, paint, verbose=args.verbose)
        if result.failures:
            print(f"golden check failed; fix with: {fixes(result)}")
            raise CheckFailed()
        print(f"golden check: {', '.join(a.name for a in algorithms)} match the reference")
        return 0
    result = update_goldens(project, algorithms, args.k or [], new_only=args.new_only,
                            allow_changed=args.allow_changed, prune=args.prune)
    print_report(result, paint)
    if result.failures:
        print(f"refused (those files are left as they were); fix with: {fixes(result)}")
        raise CheckFailed()
    if not result.written and not result.diffs:
        print("goldens already up to date")
    return 0


def _check_flags(args: argparse.Namespace) -> None:
    """The update's options only with ``update``, and none that contradicts another: an
    option that would be silently ignored is a usage error."""
    given = [flag for flag, on in (("--new-only", args.new_only),
                                   ("--allow-changed", args.allow_changed),
                                   ("--prune", args.prune)) if on]
    if args.action == "check" and given:
        raise UsageError(f"{', '.join(given)}: options of golden update, not of golden check")
    if args.new_only and len(given) > 1:
        raise UsageError("--new-only adds new cases and changes nothing else: it cannot go "
                         f"with {', '.join(given[1:])}")


def _golden_algorithms(project: Project, names: list[str]) -> list[Algorithm]:
    if names:
        return [project.algorithm(n) for n in names]
    if not project.algorithms:
        raise UsageError(f"{project.relative(project.reference_dir)}: no algorithms")
    return list(project.algorithms.values())


def fixes(result: GoldenReport) -> str:
    """The commands that fix the report's failures, in one line."""
    return "; ".join(sorted(result.fix))


def print_report(result: GoldenReport, paint: Callable[[str], str] = str,
                 quiet_ok: bool = False, verbose: bool = False) -> None:
    """The diffs, failures, notes and written files of a golden report, then a blank line
    (none with ``quiet_ok`` when there is nothing to say).  The golden cases no port prints
    are one line, or a line each when ``verbose``."""
    notes = [*result.notes, *unprinted_notes(result, verbose)]
    for diff in result.diffs:
        print(paint(escape_controls(diff.rstrip())))
    for line in result.failures:
        print(f"FAIL {escape_controls(line)}")
    for line in notes:
        print(f"note {escape_controls(line)}")
    for path in result.written:
        print(f"wrote {path}")
    if (result.diffs or result.failures or notes or result.written) or not quiet_ok:
        print()

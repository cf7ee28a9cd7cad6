"""``portcheck update [ALGO…] [--lang L…] [--accept]``: the suite brought up to date after
its reference (or a template) changed, in one command.

1. The goldens are written from the reference: new cases added, changed ones rewritten,
   cases the reference no longer has removed (every change printed as a diff: it is the
   reference's change, for review);
2. every selected template port is rendered again (a template with no port yet gets one);
3. every transcript is recorded again from a real run, and a run that disagrees with the
   new goldens is refused, shown with its diff (``--accept`` records it all the same).
"""

from __future__ import annotations

import argparse
import sys

from portcheck.cli.options import (
    ALGO,
    LANG,
    add_engine,
    add_selection,
    add_timeout,
    command,
    settings_of,
)
from portcheck.errors import CheckFailed, UsageError
from portcheck.suite.project import find_project
from portcheck.suite.selection import Selection
from portcheck.terminal.color import diff_painter, wants_color
from portcheck.terminal.words import plural

NAME = "update"
TRAILING = "algorithms"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "bring the suite up to date after the reference changed: "
                           "goldens, rendered programs, transcripts",
                "Write the goldens from the reference (every change shown as a diff), render "
                "every template port again and record each transcript from a real run that "
                "agrees with the new goldens.",
                [("portcheck update", "the whole suite, after the reference changed"),
                 ("portcheck update josephus", "one algorithm: its goldens and every port"),
                 ("portcheck update josephus --lang kumir", ""),
                 ("portcheck update freecell --accept", "record transcripts even where a run "
                                                        "differs")],
                ALGO, LANG, "Goldens are written by the reference only; transcripts only by "
                "real runs, and never one that disagrees with the goldens without --accept.")
    add_selection(p)
    p.add_argument("--accept", action="store_true",
                   help="record a transcript even when the run differs from the goldens")
    add_timeout(p)
    add_engine(p)


def handle(args: argparse.Namespace) -> int:
    # imported here, not at the top: `portcheck update --help` and its usage errors do
    # without the goldens, the templates and the checks (portcheck.cli.commands)
    from portcheck.cli.golden import print_report
    from portcheck.cli.render import selected_ports, write_port
    from portcheck.golden.update import update_goldens
    from portcheck.verify.checks import CheckContext

    project = find_project()
    selection = Selection(tuple(args.algorithms), tuple(args.lang or ()))
    for name in selection.algorithms:
        project.algorithm(name)
    ports = selected_ports(project, selection)
    if selection.algorithms:
        names = list(selection.algorithms)
    elif selection.languages:
        names = sorted({port.algorithm for port in ports})
    else:
        names = list(project.algorithms)
    if not names:
        raise UsageError("nothing to update: no algorithm is selected")
    goldens = update_goldens(project, [project.algorithm(n) for n in names], [],
                             allow_changed=True, prune=True)
    print_report(goldens, diff_painter(wants_color("auto", sys.stdout)), quiet_ok=True)
    context = CheckContext(project, settings_of(args))
    failed = [port for port in ports if not write_port(context, port, args.accept)]
    print()
    print(f"{plural(len(goldens.written), 'golden file')} written; "
          f"{len(ports) - len(failed)} of {plural(len(ports), 'port')} up to date"
          + (f"; not recorded: {', '.join(p.id for p in failed)}" if failed else ""))
    if failed:
        raise CheckFailed()
    return 0

"""``portcheck render check|write [ALGO…]``: the programs rendered from templates are what
the templates give now; ``write`` renders them and records transcripts from real runs."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from portcheck.cli.options import add_engine, add_selection, add_timeout, settings_of
from portcheck.errors import CheckFailed, UsageError
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import Project, find_project
from portcheck.suite.selection import Selection, select_ports

if TYPE_CHECKING:
    from portcheck.verify.execution import RunSettings

NAME = "render"
TRAILING = "algorithms"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(NAME, help="check or write the programs rendered from templates "
                                  "(write also records transcripts from real runs)")
    p.add_argument("action", choices=("check", "write"))
    add_selection(p)
    add_timeout(p)
    add_engine(p)


def handle(args: argparse.Namespace) -> int:
    # imported here, not at the top: `portcheck render --help` and its usage errors do
    # without them (portcheck.cli.commands)
    from portcheck.suite.render import check_rendered

    project = find_project()
    for name in args.algorithms:
        project.algorithm(name)
    ports = select_ports(find_ports(project),
                         Selection(tuple(args.algorithms), tuple(args.lang or ())),
                         project.languages)
    if args.action == "check":
        ports = [port for port in ports if port.template is not None]
    if not ports:
        raise UsageError("no port to render is selected"
                         if args.action == "check" else "no port is selected")
    failed = False
    for port in ports:
        if args.action == "check":
            state = check_rendered(port, project.templates_dir)
            print(f"{'ok  ' if state.fresh else 'FAIL'} {port.id}: "
                  f"{'up to date' if state.fresh else state.reason}")
            failed |= not state.fresh
        else:
            failed |= not write_port(project, port, settings_of(args))
    if failed:
        if args.action == "check":
            print("fix with: portcheck render write")
        raise CheckFailed()
    return 0


def write_port(project: Project, port: Port, settings: RunSettings) -> bool:
    """Render a template port's program and record a runnable port's transcript from a real
    run; False when the run failed."""
    from portcheck.suite.render import write_rendered
    from portcheck.verify.checks import record_transcript
    from portcheck.verify.results import FAIL

    if port.template is not None:
        changed = write_rendered(port, project.templates_dir)
        print(f"{'wrote' if changed else 'same '} {port.id}/{port.program.name}")
    if port.transcript_from != "run" or not port.runnable:
        return True
    result = record_transcript(port, settings)
    print(f"{'FAIL' if result.status == FAIL else '     '} {port.id}/transcript.txt: "
          f"{result.message}")
    return result.status != FAIL

"""``portcheck render check|write [ALGO…] [--lang L…]``: the programs rendered from templates
are what the templates give now; ``write`` renders them and records transcripts from real
runs, refusing a transcript that disagrees with the goldens (``--accept`` records it all
the same).  A template with no port folder yet is a port to make: ``write`` makes it."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from portcheck.cli.options import (
    ALGO,
    LANG,
    add_engine,
    add_sandbox,
    add_selection,
    add_timeout,
    check_engine,
    command,
    settings_of,
)
from portcheck.errors import CheckFailed, UsageError
from portcheck.suite.ports import Port, find_ports, unrendered_ports
from portcheck.suite.project import Project, find_project
from portcheck.suite.selection import Selection, select_ports

if TYPE_CHECKING:
    from portcheck.verify.checks import CheckContext

NAME = "render"
TRAILING = "algorithms"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "check or write the programs rendered from templates "
                           "(write also records transcripts from real runs)",
                "check: the committed programs are what their templates render now. write: "
                "render them and record each transcript from a real run, if it agrees with "
                "the goldens; a template with no port folder yet gets one.",
                [("portcheck render check", "every rendered program is its template's"),
                 ("portcheck render write josephus --lang java",
                  "render the Java port and record its transcript"),
                 ("portcheck render write freecell --accept",
                  "record even a run that differs from the goldens")],
                ALGO, LANG)
    p.add_argument("action", choices=("check", "write"))
    add_selection(p)
    p.add_argument("--accept", action="store_true",
                   help="write: record a transcript even when the run differs from the goldens")
    add_timeout(p)
    add_engine(p)
    add_sandbox(p)


def handle(args: argparse.Namespace) -> int:
    # imported here, not at the top: `portcheck render --help` and its usage errors do
    # without them (portcheck.cli.commands)
    from portcheck.suite.render import check_rendered
    from portcheck.verify.checks import CheckContext, write_command

    project = find_project()
    for name in args.algorithms:
        project.algorithm(name)
    selection = Selection(tuple(args.algorithms), tuple(args.lang or ()))
    ports = selected_ports(project, selection)
    if args.action == "check":
        ports = [port for port in ports if port.template is not None]
    if not ports:
        raise UsageError("no port to render is selected"
                         if args.action == "check" else "no port is selected")
    check_engine(args.engine, (port.language for port in ports))
    stale, failed = [], False
    context = CheckContext(project, settings_of(args))
    for port in ports:
        if args.action == "check":
            state = check_rendered(port, project.templates_dir)
            print(f"{'ok  ' if state.fresh else 'FAIL'} {port.id}: "
                  f"{'up to date' if state.fresh else state.reason}")
            stale += [] if state.fresh else [port]
        else:
            failed |= not write_port(context, port, args.accept)
    if stale:
        print(f"fix with: {'; '.join(write_command(port) for port in stale)} (a change "
              "belongs in the template: write renders it again)")
    if failed or stale:
        raise CheckFailed()
    return 0


def selected_ports(project: Project, selection: Selection) -> list[Port]:
    """The selected ports, and the template ports their templates make that have no folder
    yet."""
    ports = find_ports(project)
    return select_ports([*ports, *unrendered_ports(project, ports)], selection,
                        project.languages)


def write_port(context: CheckContext, port: Port, accept: bool = False) -> bool:
    """Render a template port's program and record a runnable port's transcript from a real
    run (if it agrees with the goldens, or ``accept``); False when nothing was recorded
    because the build, the run or the comparison failed."""
    from portcheck.suite.render import write_rendered
    from portcheck.verify.execution import compiler_messages
    from portcheck.verify.record import record_transcript
    from portcheck.verify.results import FAIL, Reason

    if port.template is not None:
        changed = write_rendered(port, context.project.templates_dir)
        print(f"{'wrote' if changed else 'same '} {port.id}/{port.program.name}")
    if port.transcript_from != "run" or not port.runnable:
        return True
    result = record_transcript(context, port, accept)
    print(f"{'FAIL' if result.status == FAIL else '     '} {port.id}/transcript.txt: "
          f"{result.message}")
    if result.status == FAIL:
        shown = (compiler_messages(result.detail) if result.reason == Reason.BUILD_FAILED
                 else result.detail.rstrip().splitlines())
        for line in shown:
            print(f"      {line}")
    for warning in result.warnings:
        print(f"      {warning}", file=sys.stderr)
    return result.status != FAIL

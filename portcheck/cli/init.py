"""``portcheck init DIR``: a new suite that passes ``portcheck verify`` at once.

The starter's files are copied (``suite.scaffold``); then the golden is written by the
reference (as ``golden update`` writes it) and the port its template makes, its program and
its transcript by a real run (as ``render write`` makes them), exactly as an author would
make them.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from portcheck.cli.options import command
from portcheck.errors import UsageError
from portcheck.suite.ports import find_ports, unrendered_ports
from portcheck.suite.project import Project

NAME = "init"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "create a minimal working suite in a new folder",
                "Create a suite of your own that verifies at once: a reference algorithm, "
                "its goldens, a Python template and its port, a README and a tox.ini.",
                [("portcheck init my-article", ""),
                 ("cd my-article && portcheck new josephus", "then your own algorithm")],
                "DIR: the new suite's folder (new, or empty).")
    p.add_argument("directory", metavar="DIR")


def handle(args: argparse.Namespace) -> int:
    # imported here, not at the top: `portcheck init --help` and its usage errors do
    # without them (portcheck.cli.commands)
    from portcheck.suite.scaffold import copy_starter

    target = Path(args.directory)
    project = copy_starter(target)
    _fill(project)
    print(f"created a portcheck suite in {target}: now run `portcheck verify` there")
    return 0


def _fill(project: Project) -> None:
    """The golden from the reference, the program from its template, the transcript from a
    real run of the program."""
    from portcheck.golden.update import update_goldens
    from portcheck.suite.render import write_rendered
    from portcheck.verify.checks import CheckContext
    from portcheck.verify.execution import RunSettings
    from portcheck.verify.record import record_transcript
    from portcheck.verify.results import FAIL

    written = update_goldens(project, list(project.algorithms.values()), [])
    for path in written.written:
        print(f"wrote {path}")
    context = CheckContext(project, RunSettings())
    for port in unrendered_ports(project, find_ports(project)):
        assert port.template is not None
        write_rendered(port, project.templates_dir)
        result = record_transcript(context, port)
        if result.status == FAIL:
            raise UsageError(f"{port.id}: the starter program did not run: {result.message}")
        print(f"wrote {port.id}/{port.program.name} and its transcript")

"""``portcheck style [ALGO…] [--lang L…]``: every template port's program in its language's
style, as a reader of that language expects it (``publish.style``: bslfmt for 1C, ruff for
Python, the documented rules for Java, Pascal, the school language and the puzzle book's
language).  Any suite can run it (its tox ``style`` env does)."""

from __future__ import annotations

import argparse
import os

from portcheck.cli.options import ALGO, LANG, add_selection, command
from portcheck.errors import CheckFailed, UsageError
from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.suite.selection import Selection, select_ports
from portcheck.terminal.words import plural

NAME = "style"
TRAILING = "algorithms"
REQUIRE_ENV = "PORTCHECK_REQUIRE_RUNTIMES"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "the template ports' programs in their languages' style "
                           "(bslfmt, ruff, the documented rules)",
                "Check that every program rendered from a template is written as its "
                "language's formatter or documented style wants it (docs/style.md).",
                [("portcheck style", "every template port of the suite"),
                 ("portcheck style freecell --lang java", "")],
                ALGO, LANG, "The gates need bslfmt and ruff (pip install 'portcheck[style]'); "
                "a gate whose tool is missing is skipped, naming it (with "
                "PORTCHECK_REQUIRE_RUNTIMES=1 it fails). Article and contributed ports are "
                "printed as their authors wrote them: no gate.")
    add_selection(p)
    p.add_argument("-v", "--verbose", action="store_true", help="list the ports that pass too")


def handle(args: argparse.Namespace) -> int:
    from portcheck.publish.style.gates import gate  # Pygments: only this command needs it

    project = find_project()
    for name in args.algorithms:
        project.algorithm(name)
    every = find_ports(project)
    selection = Selection(tuple(args.algorithms), tuple(args.lang or ()))
    ports = [p for p in select_ports(every, selection, project.languages)
             if p.template is not None]
    if not ports:
        raise UsageError("no template port is selected: only template ports have a style gate")
    articles = [p for p in every if p.origin == "article"]
    gates = [gate(port, articles) for port in ports]
    required = os.environ.get(REQUIRE_ENV, "") not in ("", "0")
    for result in gates:
        if result.status == "FAIL":
            print(f"FAIL {result.port.id}/{result.port.program.name} ({result.tool}):")
            print("\n".join(f"    {line}" for line in result.problems))
        elif result.status == "skip" and result.tool:
            print(f"{'FAIL' if required else 'skip'} {result.port.id}: {result.missing}")
        elif args.verbose:
            print(f"ok   {result.port.id} ({result.tool or 'no gate for this language'})")
    failed = sum(1 for g in gates if g.status == "FAIL")
    skipped = sum(1 for g in gates if g.status == "skip")
    print(f"{plural(len(gates), 'template port')}: {len(gates) - failed - skipped} in style, "
          f"{failed} not, {skipped} skipped")
    if failed or (required and any(g.missing for g in gates)):
        raise CheckFailed()
    return 0

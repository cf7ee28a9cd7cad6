"""``portcheck list``: the algorithms, their ports, and the runtimes found here."""

from __future__ import annotations

import argparse

from portcheck.cli.options import command
from portcheck.runners import get_runner
from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.terminal.words import plural

NAME = "list"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    command(sub, NAME, "algorithms, their ports, and the runtimes found here",
            "List the suite's algorithms (title, cases, inputs with their valid values and "
            "defaults), the ports of each, and which runtimes are installed here.",
            [("portcheck list", "everything"), ("portcheck list | grep queens", "")])


def handle(args: argparse.Namespace) -> int:
    project = find_project()
    ports = find_ports(project)
    print("algorithms and their ports:")
    width = max((len(name) for name in project.algorithms), default=8) + 1
    for algorithm in project.algorithms.values():
        mine = [f"{p.folder.name} ({p.origin}{'' if p.runnable else ', transcript only'})"
                for p in ports if p.algorithm == algorithm.name]
        cases = plural(len(algorithm.cases), "case")
        print(f"  {algorithm.name:{width}} {algorithm.title}; {cases}, "
              f"inputs {algorithm.inputs_help()}")
        print(f"  {'':{width}} ports: {', '.join(mine) or 'none'}")
    print("runtimes here:")
    for language in project.languages.values():
        toolchain = get_runner(language).toolchain()
        mark = "yes" if toolchain.ok else "BROKEN" if toolchain.broken else "no "
        print(f"  {language.name:10} {mark} {toolchain.name}: {toolchain.detail}")
    return 0

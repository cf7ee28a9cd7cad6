"""``portcheck reference ALGO NAME=VALUE…``: the reference's output of one case."""

from __future__ import annotations

import argparse

from portcheck.cli.options import add_timeout
from portcheck.suite.project import find_project
from portcheck.terminal import output

NAME = "reference"
TRAILING = "inputs"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser(NAME, help="print the reference output of one case")
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("inputs", nargs="*", metavar="NAME=VALUE")
    add_timeout(p)  # the reference's limits (it runs in a process of its own)


def handle(args: argparse.Namespace) -> int:
    algorithm = find_project().algorithm(args.algorithm)
    case = algorithm.case_from_args(args.inputs)
    output.write_program_text(algorithm.output(case.params))
    return 0

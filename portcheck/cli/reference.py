"""``portcheck reference ALGO NAME=VALUE…``: the reference's output of one case."""

from __future__ import annotations

import argparse

from portcheck.cli.options import ALGO, NAME_VALUE, add_sandbox, add_timeout, command
from portcheck.suite.project import find_project
from portcheck.terminal import output

NAME = "reference"
TRAILING = "inputs"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "print the reference output of one case",
                "Print what the Python reference prints for one case: the truth every port "
                "is compared with.",
                [("portcheck reference freecell game=617", "one deal"),
                 ("portcheck reference queens", "the book's eight queens (inputs' defaults)"),
                 ("portcheck reference ruler k=6", "method left out: the book's")],
                ALGO, NAME_VALUE)
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("inputs", nargs="*", metavar="NAME=VALUE")
    add_timeout(p)  # the reference's limits (it runs in a process of its own)
    add_sandbox(p)  # and its box


def handle(args: argparse.Namespace) -> int:
    algorithm = find_project().algorithm(args.algorithm)
    case = algorithm.case_from_args(args.inputs)
    output.write_program_text(algorithm.output(case.params))
    return 0

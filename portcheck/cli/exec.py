"""``portcheck exec FILE``: a file of an embedded interpreter's language (1C: .bsl, .os; the
school language: .kum; the puzzle book's: .arsac; the summary is made from the language
registry) run as a program, with this terminal's input (``runners.exec_file``)."""

from __future__ import annotations

import argparse
from pathlib import Path

from portcheck.cli.options import EXEC_CPU, add_engine, add_sandbox, command
from portcheck.errors import UsageError
from portcheck.runners.embedded import DEFAULT_ENCODING, run_options, text_encoding
from portcheck.suite.declarations import builtin_languages

NAME = "exec"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    kinds = ", ".join(f"{language.title} ({' '.join(language.suffixes)})"
                      for language in builtin_languages().values() if language.embedded)
    p = command(sub, NAME, f"run a file of an embedded interpreter's language: {kinds}",
                "Run a program file as a program, with this terminal's input and output: the "
                "embedded interpreter, or the real tool where --engine says so.",
                [("portcheck exec deal.bsl", ""), ("portcheck exec game.kum < moves.txt", ""),
                 ("portcheck exec queens.arsac --engine embedded", "")],
                "FILE: the program; its suffix says its language.",
                "Limits: no time limit (the program may wait for its input as long as it "
                f"likes; Ctrl-C ends it), {EXEC_CPU:g} s of CPU time (--max-cpu), and the "
                "memory, process and disk limits below; a program stopped by one ends with "
                "one line 'FILE: stopped: …' on stderr and exit code 1.")
    p.add_argument("file", metavar="FILE")
    add_engine(p)
    add_sandbox(p, cpu_default=EXEC_CPU)  # no time limit: a program may wait for its input
    p.add_argument("--encoding", type=text_encoding, default=DEFAULT_ENCODING,
                   help="source encoding (default: UTF-8, with or without a BOM; cp1251)")
    for option in run_options():
        p.add_argument(f"--{option.name}", type=option.type, default=option.default,
                       choices=option.choices, help=option.help)


def handle(args: argparse.Namespace) -> int:
    """Run any 1C or school-language file as a program, with this terminal's input."""
    path = Path(args.file)
    language = builtin_languages().of_file(path)
    if not path.is_file():
        raise UsageError(f"{path}: not a regular file (a folder, a FIFO or a device is no "
                         "program)" if path.exists() else f"{path}: no such file")
    from portcheck.runners.exec_file import exec_file

    options = {option.name: getattr(args, option.name) for option in run_options()}
    return exec_file(language, path, engine=args.engine, encoding=args.encoding, **options)

"""The subcommands by name, with the one line ``portcheck --help`` shows for each, known
without importing them: the top-level parser is made from this table, and only the module
of the subcommand asked for is imported (``load``), so ``portcheck --help`` or ``portcheck
exec FILE`` does not pay for the checks, Jinja2, Pygments or the interpreters of the others.

Each summary is the ``help=`` its module's ``add_parser`` gives: a test
(``tests/portcheck/cli/test_commands.py``) holds the two together.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable
from importlib import import_module
from typing import Protocol, cast

PACKAGE = "portcheck.cli"

COMMANDS: dict[str, str] = {  # in the order of ``portcheck --help``
    "list": "algorithms, their ports, and the runtimes found here",
    "languages": "every language, whether its toolchain is here, its version, and the "
                 "package to install where it is not",
    "reference": "print the reference output of one case",
    "run": "render a language's template for one case, build and run it",
    "fuzz": "run each template port on random inputs against the reference; shrink a "
            "failing input",
    "mutate": "the mutation score of a port's golden cases: mutants of its program, killed, "
              "survived, timed out, equivalent",
    "verify": "every check of every port (the main job)",
    "golden": "check or update the golden outputs",
    "render": "check or write the programs rendered from templates (write also records "
              "transcripts from real runs)",
    "exec": "run a 1C (.bsl, .os) or school-language (.kum) file",
    "check": "verify one program file against the goldens (no port folder needed)",
    "init": "create a minimal working suite in a new folder",
    "listing": "a port as a teaching listing: highlighted source, then its output as verified",
    "pages": "check or write the algorithms' reference pages (docs/algorithms/), generated "
             "from reference/",
    "report": "the whole verification as a static site",
}


class Subcommand(Protocol):
    """What a module of ``portcheck.cli`` is for one subcommand (module ``PACKAGE.NAME``)."""

    NAME: str
    # Where words left after the options go: `run freecell --lang java game=617` has its
    # NAME=VALUE words after an option, which argparse alone does not allow for a `*`
    # positional (None: such words are an error).
    TRAILING: str | None
    add_parser: Callable[[argparse._SubParsersAction], None]
    handle: Callable[[argparse.Namespace], int]


def load(name: str) -> Subcommand:
    """The module of the subcommand ``name`` (a key of ``COMMANDS``), imported now."""
    return cast(Subcommand, import_module(f"{PACKAGE}.{name}"))


def chosen(argv: list[str]) -> str | None:
    """The subcommand the words ask for, as the top-level parser will find it: the first
    word that is not an option (the top-level parser has no option that takes a value);
    None when there is none or it names no subcommand (the parser then says so)."""
    for word in argv:
        if not word.startswith("-"):
            return word if word in COMMANDS else None
    return None

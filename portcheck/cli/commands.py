"""The subcommands by name, with the one line ``portcheck --help`` shows for each, known
without importing them: the top-level parser is made from this table, and only the module
of the subcommand asked for is imported (``load``), so ``portcheck --help`` or ``portcheck
exec FILE`` does not pay for the checks, Jinja2, Pygments or the interpreters of the others.

Each summary is the ``help=`` its module's ``add_parser`` gives: a test
(``tests/portcheck/cli/test_commands.py``) holds the two together.  ``Parser`` is here too,
the class of the top-level parser and so of every subcommand's (argparse makes them of its
parent's class): ``options``, where the subcommands' shared options are, imports the
language registry and the runners' limits, which the top-level help does without.
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
    "new": "a new algorithm (reference skeleton, starter templates and ports that verify at "
           "once), or new ports of one",
    "update": "bring the suite up to date after the reference changed: goldens, rendered "
              "programs, transcripts",
    "verify": "every check of every port (the main job)",
    "golden": "check or update the golden outputs",
    "render": "check or write the programs rendered from templates (write also records "
              "transcripts from real runs)",
    "check": "verify one program file against the goldens (no port folder needed)",
    "grade": "grade a folder of students' programs against the goldens, each in its own box",
    "init": "create a minimal working suite in a new folder",
    "fuzz": "run each template port on random inputs against the reference; shrink a "
            "failing input",
    "mutate": "the mutation score of a port's golden cases: mutants of its program, killed, "
              "survived, timed out, equivalent",
    # made from the language registry by the module; here as it reads, the test holds them
    "exec": "run a file of an embedded interpreter's language: Псевдокод Арсака (.arsac), 1C "
            "(.bsl .os), КуМир (.kum)",
    "listing": "a port as a teaching listing: highlighted source, then its output as verified",
    "pages": "check or write the algorithms' reference pages (docs/algorithms/), generated "
             "from reference/",
    "report": "the whole verification as a static site",
    "style": "the template ports' programs in their languages' style (bslfmt, ruff, the "
             "documented rules)",
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


class StoreOnce(argparse._StoreAction):
    """An option that takes one value may be given once: ``--lang java --lang python``
    asks for two things a command that takes one cannot both do (argparse would keep the
    last).  Repeatable options (``verify --lang``) are declared ``append``."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace,
                 values: object, option_string: str | None = None) -> None:
        given = namespace.__dict__.setdefault("_given_once", set())
        if option_string is not None and self.dest in given:
            parser.error(f"{'/'.join(self.option_strings)} may be given once")
        given.add(self.dest)
        super().__call__(parser, namespace, values, option_string)


class Parser(argparse.ArgumentParser):
    """portcheck's argument parser (its subcommands' too): an option with one value is
    given at most once (:class:`StoreOnce`)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.register("action", None, StoreOnce)
        self.register("action", "store", StoreOnce)



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

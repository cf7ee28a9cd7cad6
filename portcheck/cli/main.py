"""``portcheck``: one parser made of each subcommand's own, and the run of the chosen
subcommand with every way it can fail turned into an exit status and one line."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Callable, Sequence
from typing import Protocol

from portcheck.cli import (
    check,
    fuzz,
    golden,
    init,
    languages,
    listing,
    mutate,
    new,
    pages,
    reference,
    render,
    report,
    run,
    style,
    update,
    verify,
)
from portcheck.cli import exec as exec_file
from portcheck.cli import list as list_suite
from portcheck.cli.options import Parser, apply_sandbox
from portcheck.errors import EXIT_FAILED, EXIT_USAGE, CheckFailed, UsageError, describe_exception
from portcheck.suite import reference_host
from portcheck.terminal import output
from portcheck.terminal.signals import exit_status, stop_on_signals

DESCRIPTION = ("Check that one algorithm, ported to many languages (1C, the school "
               "algorithmic language, Free Pascal, Java, Python, C, C++, C#, Go, Rust, "
               "JavaScript, Lua, Ruby, and any a suite declares), prints what its Python "
               "reference prints.")
DEBUG_ENV = "PORTCHECK_DEBUG"


class Subcommand(Protocol):
    """What a module of ``portcheck.cli`` is for one subcommand."""

    NAME: str
    # Where words left after the options go: `run freecell --lang java game=617` has its
    # NAME=VALUE words after an option, which argparse alone does not allow for a `*`
    # positional (None: such words are an error).
    TRAILING: str | None
    add_parser: Callable[[argparse._SubParsersAction], None]
    handle: Callable[[argparse.Namespace], int]


SUBCOMMANDS: tuple[Subcommand, ...] = (  # in the order of ``portcheck --help``
    list_suite, languages, reference, run, new, update, verify, golden, render, check, init,
    fuzz, mutate, exec_file, listing, pages, report, style)
BY_NAME = {command.NAME: command for command in SUBCOMMANDS}


def build_parser() -> argparse.ArgumentParser:
    parser = Parser(prog="portcheck", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for command in SUBCOMMANDS:
        command.add_parser(sub)
    return parser


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    target = BY_NAME[args.command].TRAILING
    if extra and (target is None or any(word.startswith("-") for word in extra)):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if extra:
        setattr(args, target, [*getattr(args, target), *extra])
    return args


def main(argv: Sequence[str] | None = None) -> int:
    closed = output.closed_streams()
    if closed:  # `portcheck list >&-`: what it would print could go nowhere, or anywhere
        _error(f"standard {closed} is closed; portcheck needs somewhere to print",
               EXIT_USAGE)
        return EXIT_USAGE
    args = parse(argv)
    output.escape_what_cannot_be_encoded()
    reference_host.configure(getattr(args, "timeout", None), getattr(args, "max_output", None))
    try:
        with stop_on_signals():
            apply_sandbox(args)
            status = BY_NAME[args.command].handle(args)
            output.flush()
            return status
    except UsageError as exc:
        return _error(str(exc), exc.exit_code)
    except CheckFailed as exc:
        output.flush()
        return exc.exit_code
    except KeyboardInterrupt as interrupt:  # Ctrl-C, SIGTERM, SIGHUP: the runs are ended
        return exit_status(interrupt)
    except BrokenPipeError:  # `portcheck list | head -1`: the reader has all it wants
        return output.quiet_after_broken_pipe()
    except OSError as exc:  # /dev/full, a disk that filled up, a folder that cannot be written
        return _error(output.describe_os_error(exc), EXIT_USAGE)
    except Exception as exc:
        if os.environ.get(DEBUG_ENV):
            raise
        return _error(f"internal error: {describe_exception(exc)} (run with {DEBUG_ENV}=1 "
                      "for the traceback, and please report it)", EXIT_FAILED)


def _error(message: str, status: int) -> int:
    output.say(f"portcheck: error: {message}")
    return status


if __name__ == "__main__":
    sys.exit(main())

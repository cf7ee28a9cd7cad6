"""``portcheck``: one parser made of each subcommand's own, and the run of the chosen
subcommand with every way it can fail turned into an exit status and one line."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from portcheck.cli.commands import COMMANDS, Parser, chosen, load
from portcheck.errors import EXIT_FAILED, EXIT_USAGE, CheckFailed, UsageError, describe_exception
from portcheck.terminal import output
from portcheck.terminal.signals import exit_status, stop_on_signals

DESCRIPTION = ("Check that one algorithm, ported to many languages (1C, the school "
               "algorithmic language, Free Pascal, Java, Python, C, C++, C#, Go, Rust, "
               "JavaScript, Lua, Ruby, and any a suite declares), prints what its Python "
               "reference prints.")
DEBUG_ENV = "PORTCHECK_DEBUG"


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The parser of every subcommand: the full one of ``command`` (its module imported),
    for the others only their name and line of help (``cli.commands``), all that the
    top-level help and its errors show."""
    parser = Parser(prog="portcheck", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name, summary in COMMANDS.items():
        if name == command:
            load(name).add_parser(sub)
        else:
            sub.add_parser(name, help=summary)
    return parser


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    words = sys.argv[1:] if argv is None else list(argv)
    parser = build_parser(chosen(words))
    args, extra = parser.parse_known_args(words)
    target = load(args.command).TRAILING
    if extra and (target is None or any(word.startswith("-") for word in extra)):
        # `listing ALGO n=10 k=2 -f pdf`: the inputs are fine, -f is not an option
        unknown = extra if target is None else [w for w in extra if w.startswith("-")]
        parser.error(f"unrecognized arguments: {' '.join(unknown)}")
    if extra:
        setattr(args, target, [*getattr(args, target), *extra])
    return args


def main(argv: Sequence[str] | None = None) -> int:
    closed = output.closed_streams()
    if closed:  # `portcheck list >&-`: what it would print could go nowhere, or anywhere
        _error(f"standard {closed} is closed; portcheck needs somewhere to print",
               EXIT_USAGE)
        return EXIT_USAGE
    try:  # Ctrl-C while the command's modules load: 130, no traceback
        args = parse(argv)
        output.escape_what_cannot_be_encoded()
        _limit_the_reference(args)
    except KeyboardInterrupt as interrupt:
        return exit_status(interrupt)
    except BrokenPipeError:  # `portcheck run ALGO --help | head -1`: the help was enough
        return output.quiet_after_broken_pipe()
    try:
        with stop_on_signals():
            if hasattr(args, "sandbox"):  # a command that runs programs: its box and limits
                from portcheck.cli.options import apply_sandbox

                apply_sandbox(args)
            status = load(args.command).handle(args)
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


def _limit_the_reference(args: argparse.Namespace) -> None:
    """The command's ``--timeout`` and ``--max-output`` bound the reference's process too;
    its host is imported only by a command that has them (``exec``, ``list`` do without)."""
    timeout, max_output = getattr(args, "timeout", None), getattr(args, "max_output", None)
    if timeout is None and max_output is None:
        return
    from portcheck.suite import reference_host

    reference_host.configure(timeout, max_output)


def _error(message: str, status: int) -> int:
    output.say(f"portcheck: error: {message}")
    return status


if __name__ == "__main__":
    sys.exit(main())

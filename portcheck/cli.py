"""The ``portcheck`` command line: parse the words, call ``portcheck.commands``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from portcheck import commands, output
from portcheck.arguments import MAX_DEEP, MAX_FUZZ, count, seconds, size
from portcheck.color import CHOICES
from portcheck.compare import MODES
from portcheck.errors import EXIT_FAILED, EXIT_USAGE, CheckFailed, UsageError, describe_exception
from portcheck.languages import all_engines
from portcheck.mutate import command as mutate_command
from portcheck.runners.base import DEFAULT_MAX_OUTPUT
from portcheck.runners.embedded import DEFAULT_ENCODING, run_options, text_encoding
from portcheck.signals import exit_status, stop_on_signals
from portcheck.sizes import size_text

DESCRIPTION = ("Check that one algorithm, ported to 1C, the school algorithmic language, "
               "Free Pascal, Java and Python, prints what its Python reference prints.")


def _timeout(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--timeout", type=seconds, default=20.0, metavar="SECONDS",
                        help="time limit of one program run (default 20)")
    parser.add_argument("--max-output", type=size, default=DEFAULT_MAX_OUTPUT, metavar="SIZE",
                        help="output limit of one program run: bytes read from its stdout, "
                             f"and from its stderr (default {size_text(DEFAULT_MAX_OUTPUT)}; "
                             "e.g. 64M)")


def _engine(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", choices=all_engines(),
                        help="for 1C and the school language: the embedded interpreter or "
                             "the real tool (default: the real tool when installed)")


def _color(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--color", choices=CHOICES, default="auto",
                        help="colour the diffs (default: auto, on a terminal without NO_COLOR)")


def _selection(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("algorithms", nargs="*", metavar="ALGO", help="default: all")
    parser.add_argument("--lang", action="append", metavar="L",
                        help="only this language or port folder (repeatable)")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="portcheck", description=DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    sub.add_parser("list", help="algorithms, their ports, and the runtimes found here")

    p = sub.add_parser("reference", help="print the reference output of one case")
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("inputs", nargs="*", metavar="NAME=VALUE")

    p = sub.add_parser("run", help="render a language's template for one case, build and run it")
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("inputs", nargs="*", metavar="NAME=VALUE")
    p.add_argument("--lang", required=True, metavar="LANG")
    _timeout(p)
    _engine(p)

    p = sub.add_parser("fuzz", help="run each template port on random inputs against the "
                       "reference; shrink a failing input")
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("--lang", action="append", metavar="L",
                   help="only this language (repeatable; default: every template port)")
    p.add_argument("--count", type=count(1, MAX_FUZZ), default=50, metavar="N",
                   help="random inputs per port, the ends of every range among them "
                   "(default 50)")
    p.add_argument("--seed", type=int, default=1, help="seed of the draws (default 1)")
    _run_options(p)
    _exhaustive_options(p)

    mutate_command.add_parser(sub)

    p = sub.add_parser("verify", help="every check of every port (the main job)")
    _selection(p)
    p.add_argument("--require-runtimes", action="store_true",
                   help="a missing toolchain fails instead of being skipped")
    p.add_argument("--deep", type=count(0, MAX_DEEP), default=0, metavar="N",
                   help="also re-render template ports with N other inputs and compare "
                        "their runs with the reference")
    p.add_argument("--seed", type=int, default=1, help="seed of the --deep inputs")
    p.add_argument("--jobs", type=count(1), default=None,
                   help="ports checked at once (default: one per core)")
    p.add_argument("-v", "--verbose", action="store_true", help="show passing checks too")
    p.add_argument("--junit-xml", metavar="FILE", help="also write the results as JUnit XML")
    _timeout(p)
    _engine(p)
    _color(p)

    p = sub.add_parser("golden", help="check or update the golden outputs")
    p.add_argument("action", choices=("check", "update"))
    p.add_argument("algorithms", nargs="*", metavar="ALGO", help="default: all")
    p.add_argument("-k", action="append", metavar="PATTERN",
                   help="only case ids containing PATTERN (or matching it as a glob)")
    p.add_argument("--new-only", action="store_true", help="update: only add new cases")
    p.add_argument("--allow-changed", action="store_true",
                   help="update: rewrite cases whose output changed")
    p.add_argument("--prune", action="store_true",
                   help="update: remove cases the reference no longer has")
    _color(p)

    p = sub.add_parser("render", help="check or write the programs rendered from templates "
                                      "(write also records transcripts from real runs)")
    p.add_argument("action", choices=("check", "write"))
    _selection(p)
    _timeout(p)
    _engine(p)

    p = sub.add_parser("exec", help="run a 1C (.bsl, .os) or school-language (.kum) file")
    p.add_argument("file", metavar="FILE")
    _engine(p)
    p.add_argument("--encoding", type=text_encoding, default=DEFAULT_ENCODING,
                   help="source encoding (default: UTF-8, with or without a BOM; cp1251)")
    for option in run_options():
        p.add_argument(f"--{option.name}", type=option.type, default=option.default,
                       choices=option.choices, help=option.help)

    p = sub.add_parser("check", help="verify one program file against the goldens "
                                     "(no port folder needed)")
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("file", metavar="FILE")
    p.add_argument("--cases", action="append", metavar="ID,ID",
                   help="the cases the program prints, in order (default with --args: all)")
    p.add_argument("--lang", metavar="LANG", help="default: from the file's suffix")
    p.add_argument("--args", nargs="+", metavar="WORD",
                   help='command-line arguments of one run a case, e.g. --args "{game}"')
    p.add_argument("--compare", choices=MODES, default="exact")
    p.add_argument("--normalize", metavar="FILE.yaml",
                   help="a reviewed presentation mapping (chars, words, drop_lines)")
    p.add_argument("--stdin", metavar="FILE", help="input fed to the program")
    _timeout(p)
    _engine(p)
    _color(p)

    p = sub.add_parser("init", help="create a minimal working suite in a new folder")
    p.add_argument("directory", metavar="DIR")

    _publishing(sub)
    return parser


def _publishing(sub: argparse._SubParsersAction) -> None:
    """``listing`` and ``report``: the suite published (``portcheck.publish``)."""
    from portcheck.publish.formats import FORMATS

    p = sub.add_parser("listing", help="a port as a teaching listing: highlighted source, "
                                       "then its output as verified")
    p.add_argument("algorithm", metavar="ALGO")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--lang", metavar="L", help="the language or port folder (bsl-article)")
    which.add_argument("--all-languages", action="store_true",
                       help="every port side by side (html or pdf)")
    p.add_argument("--format", choices=FORMATS, default="md")
    p.add_argument("--cases", action="append", metavar="ID,ID",
                   help="only these cases (a template port is rendered and run for them)")
    p.add_argument("--as-printed", action="store_true",
                   help="an article port as the article printed it, its errata marked")
    p.add_argument("-o", "--output", metavar="FILE", help="default: standard output")
    _run_options(p)

    p = sub.add_parser("pages", help="check or write the algorithms' reference pages "
                                     "(docs/algorithms/), generated from reference/")
    p.add_argument("action", choices=("check", "write"))
    p.add_argument("--dir", metavar="DIR", help="default: docs/algorithms of the project")

    p = sub.add_parser("report", help="the whole verification as a static site")
    p.add_argument("-o", "--output", metavar="DIR", required=True)
    p.add_argument("--jobs", type=count(1), default=None,
                   help="ports checked at once (default: one per core)")
    _run_options(p)


def _exhaustive_options(parser: argparse.ArgumentParser) -> None:
    """``fuzz --range``: every input of a range, in shards (``portcheck.exhaustive``)."""
    from portcheck.exhaustive.ranges import DEFAULT_SHARD_SIZE

    group = parser.add_argument_group("exhaustive runs (docs/exhaustive.md)")
    group.add_argument("--range", metavar="FIRST..LAST",
                       help="every input of the range instead of random ones, in shards "
                            "compared by digest with a fast reference (freecell); a shard's "
                            "--timeout is 1800 s unless given")
    group.add_argument("--shard-size", type=int, default=DEFAULT_SHARD_SIZE, metavar="N",
                       help=f"inputs a shard (default {DEFAULT_SHARD_SIZE:,})")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="a Dask scheduler, tcp://HOST:PORT (default: local, one worker "
                            "process per core)")
    group.add_argument("--workers", type=count(1), metavar="N",
                       help="local workers (default: one per core)")
    group.add_argument("--restart", action="store_true",
                       help="forget the shards recorded by an earlier, interrupted run")
    group.add_argument("-q", "--quiet", action="store_true", help="no progress line")
    parser.set_defaults(timeout=None)  # --range: a shard's limit; random inputs: 20 s


def _run_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--require-runtimes", action="store_true",
                        help="a missing toolchain fails instead of being skipped")
    _timeout(parser)
    _engine(parser)


HANDLERS = {
    "list": commands.cmd_list,
    "reference": commands.cmd_reference,
    "run": commands.cmd_run,
    "verify": commands.cmd_verify,
    "fuzz": commands.cmd_fuzz,
    "mutate": mutate_command.cmd_mutate,
    "golden": commands.cmd_golden,
    "render": commands.cmd_render,
    "exec": commands.cmd_exec,
    "check": commands.cmd_check,
    "init": commands.cmd_init,
    "listing": commands.cmd_listing,
    "report": commands.cmd_report,
    "pages": commands.cmd_pages,
}


# Where words left after the options go: `run freecell --lang java game=617` has its
# NAME=VALUE words after an option, which argparse alone does not allow for a `*` positional.
TRAILING = {"reference": "inputs", "run": "inputs", "verify": "algorithms",
            "golden": "algorithms", "render": "algorithms"}


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = build_parser()
    args, extra = parser.parse_known_args(argv)
    target = TRAILING.get(args.command)
    if extra and (target is None or any(word.startswith("-") for word in extra)):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if extra:
        setattr(args, target, [*getattr(args, target), *extra])
    return args


def main(argv: Sequence[str] | None = None) -> int:
    args = parse(argv)
    output.escape_what_cannot_be_encoded()
    try:
        with stop_on_signals():
            status = HANDLERS[args.command](args)
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


DEBUG_ENV = "PORTCHECK_DEBUG"


def _error(message: str, status: int) -> int:
    output.say(f"portcheck: error: {message}")
    return status


if __name__ == "__main__":
    sys.exit(main())

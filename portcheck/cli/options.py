"""What the subcommands' parsers share: the values options take, checked as they are parsed
(argparse types, for the command line and the pytest plugin alike: a bad value is one usage
line, never a run that cannot end: ``--timeout inf``, ``--deep 99999999999``), the option
groups several subcommands have (``--timeout``/``--max-output``, ``--engine``, ``--color``,
``ALGO… --lang``), and the run settings they give.
"""

from __future__ import annotations

import argparse
import math
import textwrap
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import TYPE_CHECKING

from portcheck.cli.inputs_help import HelpWithInputs
from portcheck.errors import UsageError
from portcheck.files.cache_root import cache_root
from portcheck.suite.declarations import builtin_languages
from portcheck.terminal import output
from portcheck.terminal.color import CHOICES
from portcheck.terminal.sizes import parse_size, size_text

if TYPE_CHECKING:  # imported when asked for: a parser is made without the checks
    from portcheck.suite.languages import Registry
    from portcheck.verify.execution import RunSettings

# What a parser shows of the runners' and the box's settings, as they define them (a test
# holds the two equal): ``exec`` makes its parser without importing a runner or the box
DEFAULT_TIMEOUT = 20.0  # portcheck.runners.base.DEFAULT_TIMEOUT
DEFAULT_MAX_OUTPUT = 16 * 1024 * 1024  # portcheck.runners.base.DEFAULT_MAX_OUTPUT
SANDBOX_MODES = ("auto", "on", "off")  # portcheck.processes.sandbox.MODES
SANDBOX_ENV = "PORTCHECK_SANDBOX"  # portcheck.processes.sandbox.ENV
DEFAULT_MEMORY = 512 * 1024**2  # portcheck.processes.limits.DEFAULT_MEMORY
MIN_MEMORY = 16 * 1024**2  # portcheck.processes.limits.MIN_MEMORY
DEFAULT_PROCESSES = 256  # portcheck.processes.limits.DEFAULT_PROCESSES
MIN_PROCESSES = 8  # portcheck.processes.limits.MIN_PROCESSES
DEFAULT_DISK = 64 * 1024**2  # portcheck.processes.limits.DEFAULT_DISK
MIN_DISK = 1024**2  # portcheck.processes.limits.MIN_DISK
MIN_CPU = 10.0  # portcheck.processes.limits.MIN_CPU

MAX_TIMEOUT = 3600.0

# What the words of the command lines stand for, said once for every subcommand's help.
ALGO = "ALGO: an algorithm's name (portcheck list shows them: freecell, queens, …)"
NAME_VALUE = ("NAME=VALUE: an input of ALGO, e.g. game=617 (ALGO --help shows its inputs, "
              "their valid values and defaults, as portcheck list does for all: portcheck "
              "reference queens --help; an input left out takes its default, the article's "
              "own choice)")
LANG = "L: a language (java, pascal, bsl, kumir, arsac, python) or a port folder (bsl-article)"


def command(sub: argparse._SubParsersAction, name: str, summary: str, description: str,
            examples: list[tuple[str, str]], *terms: str,
            inputs: bool = False) -> argparse.ArgumentParser:
    """A subcommand's parser: ``summary`` in ``portcheck --help``; its own ``--help`` says
    what it does, shows examples and says what its words (ALGO, NAME=VALUE, DIR) stand
    for, and after ALGO (a command taking NAME=VALUE, or ``inputs``) shows ALGO's inputs."""
    short = [example for example, _ in examples if len(example) <= EXAMPLE_WIDTH]
    width = max(map(len, short), default=0) + 2
    lines = ["examples:"]
    for example, what in examples:
        if len(example) <= EXAMPLE_WIDTH:
            lines.append(f"  {example:{width}}{what}".rstrip())
        else:
            lines += [f"  {example}", *([f"  {'':{width}}{what}"] if what else [])]
    if terms:
        lines += ["", *(textwrap.fill(term, 88, subsequent_indent="  ") for term in terms)]
    with_inputs = inputs or NAME_VALUE in terms  # its --help after ALGO: ALGO's inputs
    parser = sub.add_parser(name, help=summary, description=description,
                            epilog="\n".join(lines), add_help=not with_inputs,
                            formatter_class=argparse.RawDescriptionHelpFormatter)
    if with_inputs:
        parser.add_argument("-h", "--help", action=HelpWithInputs,
                            help="show this help (after ALGO: and ALGO's inputs) and exit")
    return parser


EXAMPLE_WIDTH = 46  # a longer example has its explanation on the next line


def case_ids(words: list[str] | None, option: str = "--cases") -> list[str] | None:
    """The case ids of a repeatable ``--cases ID,ID`` (None: not given).  Given, it must
    name at least one: ``--cases ''`` or ``--cases ,`` selects nothing, and a command that
    checks nothing must not pass."""
    if words is None:
        return None
    ids = [cid.strip() for word in words for cid in word.split(",") if cid.strip()]
    if not ids:
        raise UsageError(f"{option} {' '.join(map(repr, words))} names no case")
    return ids


def seconds(text: str) -> float:
    """A time limit: a number of seconds above 0 and at most an hour."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of seconds") from None
    if not math.isfinite(value) or not 0 < value <= MAX_TIMEOUT:
        raise argparse.ArgumentTypeError(f"{text!r}: a time limit is above 0 and at most "
                                         f"{MAX_TIMEOUT:g} s")
    return value


def percent(text: str) -> float:
    """A score to reach: a number of percent from 0 to 100 (a bar of -1 passes anything,
    one of 150 nothing)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{text!r} is not a number of percent") from None
    if not 0 <= value <= 100:
        raise argparse.ArgumentTypeError(f"{text!r}: a score is from 0 to 100 %")
    return value


MAX_DEEP = 1000  # other inputs a deep check draws: more is a typo, not a wish
MAX_FUZZ = 100_000  # inputs of one fuzz run: each is rendered into the program


def count(low: int, high: int | None = None) -> Callable[[str], int]:
    """A whole number from ``low`` (to ``high``) (argparse type)."""
    def parse(text: str) -> int:
        try:
            value = int(text)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{text!r} is not a whole number") from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{value} is below {low}")
        if high is not None and value > high:
            raise argparse.ArgumentTypeError(f"{value} is above {high}")
        return value
    return parse


MIN_OUTPUT = 1024


def add_timeout(parser: argparse.ArgumentParser, default: float | None = DEFAULT_TIMEOUT) -> None:
    """``--timeout`` and ``--max-output``: the limits of one program run."""
    parser.add_argument("--timeout", type=seconds, default=default, metavar="SECONDS",
                        help=f"time limit of one program run (default {DEFAULT_TIMEOUT:g})")
    parser.add_argument("--max-output", type=size, default=DEFAULT_MAX_OUTPUT, metavar="SIZE",
                        help="output limit of one program run: bytes read from its stdout, "
                             f"and from its stderr (default {size_text(DEFAULT_MAX_OUTPUT)}; "
                             "e.g. 64M)")


def at_least(low: int, what: str, read: Callable[[str], int] = parse_size,
             shown: Callable[[int], str] = size_text) -> Callable[[str], int]:
    """An argparse type: a value ``read`` from the text (a size by default: ``1G``), at
    least ``low``; ``what`` names it in the error (``a memory limit``)."""
    def parse(text: str) -> int:
        try:
            value = read(text)
        except ValueError as error:
            raise argparse.ArgumentTypeError(str(error)) from None
        if value < low:
            raise argparse.ArgumentTypeError(f"{text!r}: {what} is at least {shown(low)}")
        return value
    return parse


size = at_least(MIN_OUTPUT, "an output limit")  # --max-output: bytes, ``16M``


def _processes(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a number of processes") from None


# The limits of every program run (``portcheck.processes.limits``), one row each: option,
# its argparse type, metavar, and its help; exec's CPU default differs (it has no time
# limit: :data:`EXEC_CPU`)
LIMITS: tuple[tuple[str, Callable[[str], float], str, str], ...] = (
    ("--max-memory", at_least(MIN_MEMORY, "a memory limit"), "SIZE",
     f"memory limit of one program run (default {size_text(DEFAULT_MEMORY)}; e.g. 1G)"),
    ("--max-processes", at_least(MIN_PROCESSES, "a process limit", _processes, str), "N",
     f"processes and threads one program run may have at once (default {DEFAULT_PROCESSES})"),
    ("--max-cpu", seconds, "SECONDS",
     f"CPU time of one program run, all its processes together (default: its time limit, "
     f"at least {MIN_CPU:g} s)"),
    ("--max-disk", at_least(MIN_DISK, "a disk limit"), "SIZE",
     f"bytes one program run may write: in one file, in its folder, in its /tmp (default "
     f"{size_text(DEFAULT_DISK)})"),
)
EXEC_CPU = 60.0  # exec's CPU limit: it has no time limit (a program waiting for input uses none)


def add_sandbox(parser: argparse.ArgumentParser, *, cpu_default: float | None = None) -> None:
    """``--sandbox`` and the limits of every program run (:data:`LIMITS`:
    ``portcheck.processes.sandbox``, ``.limits``); applied by :func:`apply_sandbox`.
    ``cpu_default``: a command without a time limit (``exec``) bounds CPU time by this."""
    parser.add_argument("--sandbox", choices=SANDBOX_MODES, default=None,
                        help="run programs in a bubblewrap box: no network, no HOME, no "
                             "suite files (default: auto, where bubblewrap works; or "
                             f"${SANDBOX_ENV})")
    for option, kind, metavar, text in LIMITS:
        if option == "--max-cpu" and cpu_default is not None:
            text = (f"CPU time of the program, all its processes together (default "
                    f"{cpu_default:g} s; time waiting for input is not counted)")
        parser.add_argument(option, type=kind, metavar=metavar, help=text,
                            default=cpu_default if option == "--max-cpu" else None)


def apply_sandbox(args: argparse.Namespace) -> None:
    """The box and memory limit the command's options ask for, for all its runs; where
    ``auto`` finds bubblewrap unusable, one note.  ``--sandbox on`` there: a usage error."""
    if not hasattr(args, "sandbox"):
        return
    from portcheck.processes import limits, sandbox

    limits.configure(args.max_memory, args.max_processes, args.max_cpu, args.max_disk)
    note = sandbox.configure(args.sandbox, hidden=hidden_folders())
    if note:
        output.say(note)


def hidden_folders() -> list[Path]:
    """What no run sees besides HOME: the suite's folder, and the build cache."""
    from portcheck.suite.project import find_project

    found = [cache_root()]
    try:
        found.append(find_project().root)
    except UsageError:  # exec outside a project
        pass
    return found


def add_engine(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--engine", choices=builtin_languages().all_engines(),
                        help="for 1C and the school language: the embedded interpreter or "
                             "the real tool (default: the real tool when installed)")


def check_engine(engine: str | None, languages: Iterable[str],
                 registry: Registry | None = None) -> None:
    """An ``--engine`` that runs none of the languages a command runs would be silently
    ignored: a usage error (``run --engine kumir`` of a 1C template, as ``exec`` says).
    Only built-in languages have engines, so ``registry`` defaults to theirs."""
    if engine in (None, "auto"):
        return
    known = registry if registry is not None else builtin_languages()
    chosen = sorted(set(languages))
    if any(name in known and engine in known.get(name).engines for name in chosen):
        return
    runs = [language.name for language in known.values() if engine in language.engines]
    raise UsageError(f"--engine {engine} runs {', '.join(runs) or 'no language'}, none of "
                     f"the languages here ({', '.join(chosen) or 'none'})")


def add_color(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--color", choices=CHOICES, default="auto",
                        help="colour the diffs (default: auto, on a terminal without NO_COLOR)")


def add_selection(parser: argparse.ArgumentParser) -> None:
    """``ALGO…`` and ``--lang L`` (repeatable): which ports (``suite.selection``)."""
    parser.add_argument("algorithms", nargs="*", metavar="ALGO", help="default: all")
    parser.add_argument("--lang", action="append", metavar="L",
                        help="only this language or port folder (repeatable)")


def add_require_runtimes(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--require-runtimes", action="store_true",
                        help="a missing toolchain fails instead of being skipped")


def add_run_options(parser: argparse.ArgumentParser) -> None:
    """What every command that runs ports takes: ``--require-runtimes``, the limits of a run
    and ``--engine``."""
    add_require_runtimes(parser)
    add_timeout(parser)
    add_engine(parser)
    add_sandbox(parser)


def settings_of(args: argparse.Namespace) -> RunSettings:
    """The run settings the options give (those a subcommand lacks keep their defaults)."""
    from portcheck.verify.execution import RunSettings

    return RunSettings(timeout=args.timeout,
                       require_runtimes=getattr(args, "require_runtimes", False),
                       engine=getattr(args, "engine", None),
                       max_output=getattr(args, "max_output", DEFAULT_MAX_OUTPUT))


def add_format(parser: argparse.ArgumentParser) -> None:
    """``--format json``: the results as Exercism's test-runner ``results.json``
    (``portcheck.verify.exercism``) on stdout, nothing else there."""
    parser.add_argument("--format", choices=("text", "json"), default="text",
                        help="json: the results as Exercism's test-runner results.json "
                             "(version 3) on stdout, nothing else there")

"""``portcheck check ALGO FILE``: is this one program right?  No port folder needed.

For someone who wrote (or found) a port and just wants to know: the file's language comes
from its suffix (or ``--lang``: any language built in or declared in the suite's
``languages.yaml``); it is built and run as a contributed port would be, and what it prints
is compared with the goldens of the cases it says it prints (``--cases``, in order), or,
when it takes its input on the command line (``--args "{game}"``), run once for each case
(default: every case of the algorithm).  ``--normalize FILE`` reads a reviewed presentation
mapping (the ``normalize:`` mapping of port.yaml) from a YAML file.

``portcheck check ALGO --output FILE --cases …``: an output saved elsewhere (a run on
1C:Enterprise, a pupil's screen typed in) checked with no program at all: the same
normalization, comparison, verdict and diff as a run's output.
"""

from __future__ import annotations

import argparse
import os
import shlex
import sys
from pathlib import Path
from typing import TYPE_CHECKING

from portcheck.cli.options import (
    ALGO,
    add_color,
    add_engine,
    add_format,
    add_sandbox,
    add_timeout,
    case_ids,
    check_engine,
    command,
)
from portcheck.errors import CheckFailed, UsageError
from portcheck.files.yamlio import load_yaml, read_text
from portcheck.suite.algorithms import Case
from portcheck.suite.compare import MODES, normalise_newlines
from portcheck.suite.normalize import Normalize, NormalizeError, parse_normalize
from portcheck.suite.ports import PLACEHOLDER, Port
from portcheck.suite.project import Project, find_project
from portcheck.terminal.color import diff_painter, wants_color

if TYPE_CHECKING:  # the checks are imported when a check runs, not by `check --help`
    from portcheck.verify.execution import RunSettings
    from portcheck.verify.results import CheckResult

NAME = "check"
# ``check ALGO --args "{game}" FILE``: argparse gives the optional FILE its empty match as
# soon as ALGO is read, so a FILE after an option comes back as a trailing word.
TRAILING = "trailing"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "verify one program file against the goldens "
                           "(no port folder needed)",
                "Build and run one program file (its language from its suffix, or --lang) "
                "and compare what it prints with the goldens of the cases it prints.",
                [("portcheck check freecell Deal.java --cases game-1,game-617", ""),
                 ('portcheck check freecell --args "{game}" deal.py',
                  "one run a case, the input on its command line"),
                 ("portcheck check freecell deal.py --args {game} --normalize letters.yaml",
                  "another notation, mapped")],
                ALGO, "FILE: the program file.", "--args WORDS: the command line of one run "
                "(quoted: one word, or several split as a shell does); {name} stands for the "
                "case's input name (ALGO's inputs: portcheck check ALGO --help).",
                inputs=True)
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("file", metavar="FILE", nargs="?",
                   help="the program (or --output: what a program printed)")
    p.set_defaults(trailing=[])
    p.add_argument("--output", metavar="FILE",
                   help="check this saved output instead of running a program")
    p.add_argument("--cases", action="append", metavar="ID,ID",
                   help="the cases the program prints, in order (default with --args: all)")
    p.add_argument("--lang", metavar="LANG", help="default: from the file's suffix")
    p.add_argument("--args", type=words, metavar="WORDS",
                   help='the command line of one run a case, e.g. --args "{game}" or '
                        '--args "-g {game}" (one argument: split as a shell does, so it '
                        'never takes FILE)')
    p.add_argument("--compare", choices=MODES, default="exact")
    p.add_argument("--normalize", metavar="FILE.yaml",
                   help="a reviewed presentation mapping (chars, words, drop_lines)")
    p.add_argument("--stdin", metavar="FILE", help="input fed to the program")
    add_timeout(p)
    add_engine(p)
    add_sandbox(p)
    add_color(p)
    add_format(p)


def handle(args: argparse.Namespace) -> int:
    """Verify one program file against the goldens, without a port folder."""
    from portcheck.verify import report
    from portcheck.verify.results import FAIL

    if args.format == "json":
        return _handle_json(find_project(), args)
    result = check_file(find_project(), args)
    paint = diff_painter(wants_color(args.color, sys.stdout))
    print(report.details({result.port: [result]}, verbose=True, paint=paint))
    if result.status == FAIL:
        raise CheckFailed()
    return 0


def _handle_json(project: Project, args: argparse.Namespace) -> int:
    """``--format json``: each case a test of one results.json object."""
    from portcheck.verify import exercism
    from portcheck.verify.checks import MissingGolden, golden_segments
    from portcheck.verify.execution import RunSettings
    from portcheck.verify.grade_report import program_results
    from portcheck.verify.grading import grade_output, grade_port

    _file_from_trailing(args)
    settings = RunSettings(timeout=args.timeout, require_runtimes=True, engine=args.engine,
                           max_output=args.max_output)
    if args.output is not None:
        port = _output_port(project, args)
    else:
        port = file_port(project, args)
        check_engine(args.engine, [port.language], project.languages)
    try:
        segments = golden_segments(project, port)
    except MissingGolden as missing:
        raise UsageError(str(missing)) from None
    message = ""
    if args.output is not None:
        cases = grade_output(port, normalise_newlines(read_text(Path(args.output))), segments)
    else:
        cases, message = grade_port(port, settings, segments)
    document = program_results(cases, port, port.algorithm, message,
                               command=lambda case_id: again(args, port, case_id))
    print(exercism.json_text(document))
    if document["status"] != "pass":
        raise CheckFailed()
    return 0


def again(args: argparse.Namespace, port: Port, case_id: str) -> str:
    """The ``check`` command that checks ``case_id`` again (a results.json ``test_code``):
    this command's own options, with that case alone when the program runs once a case,
    else every case of its one run (whose part of the output the case is)."""
    from portcheck.verify.exercism import args_value

    words = ["portcheck", "check", port.algorithm]
    words += ["--output", args.output] if args.output is not None else [args.file]
    for option in ("lang", "stdin", "normalize", "engine"):
        if getattr(args, option):
            words += [f"--{option}", getattr(args, option)]
    if args.args:
        words += ["--args", args_value(args.args)]
    if port.compare != "exact":
        words += ["--compare", port.compare]
    alone = port.runs != "once" or len(port.cases) == 1
    words += ["--cases", case_id if alone else ",".join(port.cases)]
    return shlex.join(words) + ("" if alone else f"\n# case {case_id} is its part of the "
                                                  "output")


def words(text: str) -> list[str]:
    """``--args``: one command-line argument split as a shell splits it (one option value,
    so that ``--args "{game}" prog.py`` leaves the file to FILE)."""
    try:
        split = shlex.split(text)
    except ValueError as error:
        raise argparse.ArgumentTypeError(f"{text!r}: {error}") from None
    if not split:
        raise argparse.ArgumentTypeError("give the words of a run's command line, e.g. "
                                         '--args "{game}"')
    return split


def check_file(project: Project, args: argparse.Namespace) -> CheckResult:
    from portcheck.verify.checks import CheckContext, compare_with_goldens
    from portcheck.verify.execution import RunSettings, produce_output
    from portcheck.verify.results import RunProblem

    _file_from_trailing(args)
    settings = RunSettings(timeout=args.timeout, require_runtimes=True, engine=args.engine,
                           max_output=args.max_output)
    if args.output is not None:
        return check_output(project, args, settings)
    port = file_port(project, args)
    check_engine(args.engine, [port.language], project.languages)
    try:
        result = produce_output(port, port.program, settings, kind="check")
    except RunProblem as problem:
        return problem.result
    return compare_with_goldens(CheckContext(project, settings), port, result, "check")


def check_output(project: Project, args: argparse.Namespace,
                 settings: RunSettings) -> CheckResult:
    """A saved output against the goldens of ``--cases``, as a run's output would be."""
    from portcheck.verify.checks import CheckContext, compare_with_goldens
    from portcheck.verify.execution import Output

    port = _output_port(project, args)
    saved = Path(args.output)
    # typed or saved on another system: its line ends are read as LF before the mapping
    # (a drop_lines pattern ending in $ then matches a CRLF line too)
    printed = Output(normalise_newlines(read_text(saved)))
    return compare_with_goldens(CheckContext(project, settings), port, printed, "check",
                                printed_as=saved.name)


def _output_port(project: Project, args: argparse.Namespace) -> Port:
    """The saved output of ``--output`` as a port that nothing runs."""
    if args.file is not None:
        raise UsageError("give a program FILE or --output FILE, not both")
    for option in ("args", "stdin", "lang", "engine"):
        if getattr(args, option):
            raise UsageError(f"--{option} is for a program; --output is what one printed")
    saved = Path(args.output)
    if not os.path.lexists(saved):
        raise UsageError(f"{saved}: no such file")  # a device or a FIFO: read_text says so
    reference = project.algorithm(args.algorithm)
    return Port(
        folder=saved.parent, id=str(saved), reference=reference, language="",
        origin="contributed", program=saved, runnable=False, transcript_from="platform",
        cases=_cases(reference.cases, args.cases, False, reference.name),
        compare=_compare(args.compare), normalize=_normalize(args.normalize))


def _file_from_trailing(args: argparse.Namespace) -> None:
    """FILE given after an option (``--args "{game}" deal.py``) is FILE; any other word
    left over is an error, as argparse would say."""
    words = list(getattr(args, "trailing", None) or [])
    if words and getattr(args, "file", None) is None:
        args.file = words.pop(0)
    if words:
        raise UsageError(f"unrecognized arguments: {' '.join(words)}")
    args.trailing = []


def _compare(mode: str) -> str:
    if mode not in MODES:
        raise UsageError(f"--compare {mode!r} is not one of {', '.join(MODES)}")
    return mode


def file_port(project: Project, args: argparse.Namespace) -> Port:
    """The program file as a contributed port (checked as port.yaml would be)."""
    if args.file is None:
        raise UsageError("give the program FILE to check (or --output FILE: what a "
                         "program printed)")
    program = Path(args.file)
    if not program.is_file():
        if not os.path.lexists(program):
            raise UsageError(f"{program}: no such file")
        from portcheck.files.guarded import kind_of

        what = kind_of(program.stat().st_mode) if program.exists() else "a link to nothing"
        raise UsageError(f"{program}: {what}, not a program file")
    reference = project.algorithm(args.algorithm)
    languages = project.languages
    language = languages.get(args.lang) if args.lang else languages.of_file(program)
    call_args = tuple(args.args or ())
    if call_args and not language.takes_args:
        raise UsageError(f"a {language.name} program takes no command-line arguments here")
    for word in call_args:
        for name in PLACEHOLDER.findall(word):
            if name not in reference.params:
                raise UsageError(f"--args: {{{name}}} is not an input of {reference.name} "
                                 f"(inputs: {reference.inputs_help()})")
    return Port(
        folder=program.parent, id=str(program), reference=reference,
        language=language.name, origin="contributed", program=program,
        cases=_cases(reference.cases, args.cases, bool(call_args), reference.name),
        compare=_compare(args.compare), args=call_args,
        runs="per-case" if call_args else "once",
        stdin=Path(args.stdin) if args.stdin else None,
        normalize=_normalize(args.normalize),
        declaration=language,
    )


def _cases(known: dict[str, Case], chosen: list[str] | None, per_case: bool,
           algorithm: str) -> list[str]:
    ids = case_ids(chosen)
    if ids is None:
        if per_case:
            return list(known)
        raise UsageError(f"say which cases the program prints, in order: --cases ID,ID… "
                         f"(cases of {algorithm}: {', '.join(known)})")
    for cid in ids:
        if cid not in known:
            raise UsageError(f"{algorithm} has no case {cid!r} (cases: {', '.join(known)})")
    return ids


def _normalize(path: str | None) -> Normalize:
    if not path:
        return Normalize()
    data = load_yaml(Path(path))
    if isinstance(data, dict) and "normalize" in data:
        data = data["normalize"]
    try:
        return parse_normalize(data)
    except NormalizeError as error:
        raise UsageError(f"{path}: {error}") from None

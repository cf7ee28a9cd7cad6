"""``portcheck fuzz ALGO``: each template port run on random inputs against the reference, a
failing input shrunk (``explore.fuzz``); with ``--range FIRST..LAST``, every input of the
range, in shards, for each language asked for (``explore.exhaustive``), one line each."""

from __future__ import annotations

import argparse
import dataclasses
from typing import TYPE_CHECKING

from portcheck.cli.options import (
    ALGO,
    LANG,
    MAX_FUZZ,
    add_run_options,
    check_engine,
    command,
    count,
    settings_of,
)
from portcheck.errors import CheckFailed, UsageError
from portcheck.explore.exhaustive.cluster import dask_client, require_extras, scheduler_address
from portcheck.explore.exhaustive.fast_reference import fast_reference
from portcheck.explore.exhaustive.ranges import DEFAULT_SHARD_SIZE, parse_range, shards
from portcheck.runners import get_runner
from portcheck.runners.base import DEFAULT_TIMEOUT
from portcheck.suite.params import IntParam
from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.suite.selection import Selection, select_ports
from portcheck.verify.results import FAIL, PASS, SKIP

if TYPE_CHECKING:  # the runs are imported when they start, not by `fuzz --help`
    from portcheck.explore.exhaustive.program import RangeProgram
    from portcheck.explore.exhaustive.run import RangeJob, RangeOutcome
    from portcheck.verify.execution import RunSettings

NAME = "fuzz"
TRAILING = None
SHARD_TIMEOUT = 1800.0  # default time limit of one shard's run (Python: 2^24 games in ~7 min)


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "run each template port on random inputs against the "
                           "reference; shrink a failing input",
                "Render each template port for random inputs (the ends of every range among "
                "them), run it and compare with the reference computed on the fly; a failing "
                "input is shrunk to the smallest that still fails.",
                [("portcheck fuzz freecell", ""),
                 ("portcheck fuzz queens --lang pascal --count 200", ""),
                 ("portcheck fuzz freecell --range 1..1000000", "every deal of the range"),
                 ("portcheck fuzz queens --help", "this help, then queens' inputs")],
                ALGO, LANG, inputs=True)
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("--lang", action="append", metavar="L",
                   help="only this language (repeatable; default: every template port)")
    p.add_argument("--count", type=count(1, MAX_FUZZ), default=50, metavar="N",
                   help="random inputs per port, the ends of every range among them "
                   "(default 50)")
    p.add_argument("--seed", type=int, default=1, help="seed of the draws (default 1)")
    add_run_options(p)
    group = p.add_argument_group("exhaustive runs (docs/exhaustive.md)")
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
    p.set_defaults(timeout=None)  # --range: a shard's limit; random inputs: 20 s


def handle(args: argparse.Namespace) -> int:
    from portcheck.explore import fuzz
    from portcheck.verify.checks import CheckContext

    if args.range is not None:
        return _fuzz_range(args, settings_of(args))
    _refuse_range_options(args)
    args.timeout = args.timeout or DEFAULT_TIMEOUT
    project = find_project()
    project.algorithm(args.algorithm)
    selection = Selection((args.algorithm,), tuple(args.lang or ()))
    ports = [port for port in select_ports(find_ports(project), selection, project.languages)
             if port.origin == "template" and port.template is not None]
    if not ports:
        raise UsageError(f"{args.algorithm}: no template port to fuzz"
                         + (f" in {', '.join(args.lang)}" if args.lang else ""))
    check_engine(args.engine, (port.language for port in ports))
    context = CheckContext(project, settings_of(args))
    failed = False
    for port in ports:
        result = fuzz.fuzz_port(context, port, args.count, args.seed)
        print(fuzz.report_line(result), flush=True)
        failed |= result.status == FAIL
    if failed:
        raise CheckFailed()
    return 0


# --- --range FIRST..LAST --------------------------------------------------------------------


def _fuzz_range(args: argparse.Namespace, settings: RunSettings) -> int:
    from portcheck.explore.exhaustive.program import range_languages, render_range_program
    from portcheck.explore.exhaustive.run import RangeJob

    project = find_project()
    algorithm = project.algorithm(args.algorithm)
    name, spec = _the_range_input(algorithm.name, algorithm.params)
    span = parse_range(args.range, name, spec)
    plan = shards(span, args.shard_size)
    address = scheduler_address(args.scheduler)
    if address is not None and args.workers is not None:
        raise UsageError("--workers is for the local cluster; a cluster at --scheduler has "
                         "the workers it was started with")
    languages = [project.languages.get(lang).name for lang in args.lang or []] \
        or range_languages(project, algorithm.name)
    programs = [render_range_program(project, algorithm, lang) for lang in languages]
    require_extras()
    fast_reference(algorithm.name)
    if args.timeout is None:
        settings = dataclasses.replace(settings, timeout=SHARD_TIMEOUT)
    failed = False
    with dask_client(address, args.workers) as client:
        for program in programs:
            job = RangeJob(program, name, span, plan, settings, args.restart, args.quiet)
            status, line = _one_language(client, job, address is None)
            print(line, flush=True)
            failed |= status == FAIL
    if failed:
        raise CheckFailed()
    return 0


def _refuse_range_options(args: argparse.Namespace) -> None:
    """Without ``--range``, its options would be silently ignored: a usage error instead."""
    given = [option for option, value in (("--shard-size", args.shard_size != DEFAULT_SHARD_SIZE),
                                          ("--scheduler", args.scheduler is not None),
                                          ("--workers", args.workers is not None),
                                          ("--restart", args.restart)) if value]
    if given:
        raise UsageError(f"{', '.join(given)}: only with --range FIRST..LAST")


def _the_range_input(algorithm: str, params: dict[str, object]) -> tuple[str, IntParam]:
    whole = [(name, spec) for name, spec in params.items() if isinstance(spec, IntParam)]
    if len(params) != 1 or not whole:
        raise UsageError(f"{algorithm}: --range needs an algorithm of one whole-number input")
    return whole[0]


def _one_language(client: object, job: RangeJob, local: bool) -> tuple[str, str]:
    from portcheck.explore.exhaustive.run import run_range

    program = job.program
    where = f"{program.algorithm} {program.language}"
    toolchain = get_runner(program.declaration).toolchain()
    if local and not toolchain.ok:
        status = FAIL if job.settings.require_runtimes or toolchain.broken else SKIP
        return status, f"{_word(status):<5} {where}: no runtime: {toolchain.detail}"
    outcome = run_range(client, job)
    line = f"{_word(outcome.status):<5} {where}: {outcome.message}{_rates(outcome)}"
    if outcome.first_difference is not None:
        line += "\n      reproduce: " + reproduce(program, job.name, outcome.first_difference)
    return outcome.status, line


def _word(status: str) -> str:
    return {PASS: "ok", FAIL: "FAIL", SKIP: "skip"}[status]


def _rates(outcome: RangeOutcome) -> str:
    """Games a second per worker, of the port and of the reference, over this session."""
    parts = []
    if outcome.port_seconds:
        parts.append(f"port {outcome.inputs / outcome.port_seconds:,.0f}/s")
    if outcome.reference_seconds:
        parts.append(f"reference {outcome.reference_inputs / outcome.reference_seconds:,.0f}/s")
    return f" [per worker: {', '.join(parts)}]" if parts else ""


def reproduce(program: RangeProgram, name: str, value: int) -> str:
    return (f"portcheck run {program.algorithm} --lang {program.language} {name}={value}"
            f"   vs   portcheck reference {program.algorithm} {name}={value}")

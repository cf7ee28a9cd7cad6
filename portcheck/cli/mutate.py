"""``portcheck mutate ALGO [--lang L…]``: the mutation score of the golden cases of each
selected port (``portcheck.mutate``); ``portcheck mutate --all [ALGO…] [--lang L…]``: of
every selected port, on a Dask cluster, resumable (``portcheck.mutate.cluster``)."""

from __future__ import annotations

import argparse
import json
import os
import sys
from typing import TYPE_CHECKING

from portcheck.cli.options import ALGO, LANG, add_sandbox, command, count, percent, seconds
from portcheck.errors import CheckFailed, UsageError
from portcheck.suite.languages import Registry
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import find_project
from portcheck.suite.selection import Selection, select_ports

if TYPE_CHECKING:
    from portcheck.mutate.engine import Plan, PortScore


INSTALL = "pip install 'portcheck[mutate,scale]'"
NAME = "mutate"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "the mutation score of a port's golden cases: mutants "
                           "of its program, killed, survived, timed out, equivalent",
                "Make faulty copies (mutants) of a port's program and run each on the golden "
                "cases: the share they catch is the cases' score.",
                [("portcheck mutate freecell --lang java", ""),
                 ("portcheck mutate queens --lang pascal --limit 100", "a sample"),
                 ("portcheck mutate ruler --lang java --list-survivors", ""),
                 ("portcheck mutate --all", "every port, on a local Dask cluster"),
                 ("portcheck mutate --all --lang pascal --scheduler tcp://10.0.0.5:8786", "")],
                ALGO, LANG)
    p.add_argument("algorithm", metavar="ALGO", nargs="*",
                   help="the algorithm (with --all: any number, default every one)")
    p.add_argument("--lang", action="append", metavar="L",
                   help="only this language or port folder (repeatable; default: every "
                   "runnable port)")
    p.add_argument("--jobs", type=count(1), default=os.cpu_count() or 1,
                   help="mutants built and run at once (default: the cores)")
    p.add_argument("--limit", type=count(1), metavar="N",
                   help="at most N mutants a port, drawn at random with --seed")
    p.add_argument("--seed", type=int, default=1, help="seed of the --limit draw (default 1)")
    p.add_argument("--lines", type=line_numbers, metavar="A-B,C",
                   help="only mutants of these lines of the program (e.g. 20-35,41)")
    p.add_argument("--timeout", type=seconds, metavar="SECONDS",
                   help="wall-time limit of one mutant's run, set by hand (default: a "
                   "CPU-time limit of 3 times the original's same run's CPU time plus 1 s, "
                   "at least 3 s, so a busy machine does not change fates; wall time 10 "
                   "times that)")
    add_sandbox(p)
    p.add_argument("--no-early-stop", dest="early_stop", action="store_false",
                   help="run every mutant to its end, not only until its first wrong output "
                   "(the same fates, slower: for comparison)")
    p.add_argument("--min-score", type=percent, metavar="PERCENT",
                   help="fail (exit 1) when a port's score is below PERCENT")
    p.add_argument("--list-survivors", action="store_true",
                   help="list each surviving mutant: file:line and its diff lines")
    p.add_argument("--format", choices=("text", "json"), default="text")
    add_cluster_options(p)


def add_cluster_options(p: argparse.ArgumentParser) -> None:
    group = p.add_argument_group("on a cluster (docs/mutation.md, \"On a cluster\")")
    group.add_argument("--all", action="store_true",
                       help="every selected port (ALGO…, --lang), its mutants run on Dask "
                            "workers; resumable; one table at the end")
    group.add_argument("--scheduler", metavar="ADDRESS",
                       help="with --all: a Dask scheduler, tcp://HOST:PORT (default: local, "
                            "one worker process per core)")
    group.add_argument("--workers", type=count(1), metavar="N",
                       help="with --all: local workers (default: one per core)")
    group.add_argument("--restart", action="store_true",
                       help="with --all: forget the fates recorded by an earlier run")
    group.add_argument("-q", "--quiet", action="store_true", help="with --all: no progress "
                       "line")


def handle(args: argparse.Namespace) -> int:
    # imported here: the engine brings the interpreters and Pygments, which every other
    # command (verify, golden check) would pay for at start-up
    from portcheck.mutate.engine import score_port
    from portcheck.mutate.report import as_json, text_report
    from portcheck.verify.execution import RunSettings  # nor `mutate --help` the checks

    if args.all:
        return _handle_all(args)
    alone = [name for name, given in (("--scheduler", args.scheduler is not None),
                                      ("--workers", args.workers is not None),
                                      ("--restart", args.restart), ("-q", args.quiet))
             if given]
    if alone:
        raise UsageError(f"{', '.join(alone)}: only with --all")
    if len(args.algorithm) != 1:
        raise UsageError("name one algorithm (or run every port with --all)")
    [algorithm] = args.algorithm
    project = find_project()
    project.algorithm(algorithm)
    ports = mutable_ports(find_ports(project), algorithm, args.lang or (),
                          project.languages)
    plan = _plan(args)
    results: list[PortScore] = []
    for port in ports:
        result = score_port(project, port, RunSettings(), plan)
        results.append(result)
        if args.format == "text":
            print(text_report(result, args.list_survivors), flush=True)
    if args.format == "json":
        print(json.dumps([as_json(r) for r in results], ensure_ascii=False, indent=1))
    _min_score(args, results)
    return 0


def _plan(args: argparse.Namespace) -> Plan:
    from portcheck.mutate.engine import Plan

    return Plan(jobs=args.jobs, limit=args.limit, seed=args.seed, timeout=args.timeout,
                lines=args.lines, early_stop=args.early_stop)


def _min_score(args: argparse.Namespace, results: list[PortScore]) -> None:
    if args.min_score is None:
        return
    unscored = [r.port.id for r in results if r.score is None]
    if unscored:  # nothing was measured: a bar cannot be met by no mutant at all
        print(f"--min-score {args.min_score:g}: no mutant scored in "
              f"{', '.join(unscored)}", file=sys.stderr)
    if unscored or any(100 * r.score < args.min_score for r in results
                       if r.score is not None):
        raise CheckFailed()


def _handle_all(args: argparse.Namespace) -> int:
    """Every selected port's mutants on a Dask cluster (``portcheck.mutate.cluster``)."""
    from portcheck.processes.cluster import dask_client, require, scheduler_address

    require(("distributed",), "--all", INSTALL)
    address = scheduler_address(args.scheduler)
    if address is not None and args.workers is not None:
        raise UsageError("--workers is for the local cluster; a cluster at --scheduler has "
                         "the workers it was started with")
    from portcheck.mutate.cluster.run import mutate_all
    from portcheck.mutate.report import as_json, cluster_report
    from portcheck.verify.execution import RunSettings

    project = find_project()
    for algorithm in args.algorithm:
        project.algorithm(algorithm)
    chosen = select_ports(find_ports(project), Selection(tuple(args.algorithm),
                                                         tuple(args.lang or ())),
                          project.languages)
    ports = [port for port in chosen if port.runnable and port.program.is_file()]
    if not ports:
        raise UsageError("no runnable port selected")
    settings = RunSettings()
    plan = _plan(args)
    with dask_client(address, args.workers) as client:
        outcome = mutate_all(client, project, ports, settings, plan, restart=args.restart,
                             quiet=args.quiet)
    if args.format == "json":
        print(json.dumps([as_json(r) for r in outcome.scores], ensure_ascii=False, indent=1))
    else:
        print(cluster_report(outcome, args.list_survivors), flush=True)
    _min_score(args, outcome.scores)
    if outcome.failed:
        raise CheckFailed()
    return 0


def mutable_ports(ports: list[Port], algorithm: str, languages: tuple[str, ...],
                  known: Registry) -> list[Port]:
    """The selected ports of ``algorithm``; with ``--lang``, a port that cannot be mutated
    is a usage error, without it such ports are left out."""
    chosen = select_ports(ports, Selection((algorithm,), tuple(languages)), known)
    if not chosen:
        raise UsageError(f"{algorithm}: no port"
                         + (f" in {', '.join(languages)}" if languages else ""))
    if languages:
        from portcheck.mutate.engine import usable

        for port in chosen:
            usable(port)
        return chosen
    return [port for port in chosen if port.runnable and port.program.is_file()]


def line_numbers(text: str) -> frozenset[int]:
    """``20-35,41``: the line numbers of a ``--lines`` value."""
    found: set[int] = set()
    for part in text.split(","):
        first, _, last = part.strip().partition("-")
        if not (first.isdecimal() and (not last or last.isdecimal())):
            raise argparse.ArgumentTypeError(f"not line numbers: {text!r} (e.g. 20-35,41)")
        low, high = int(first), int(last or first)
        if not 1 <= low <= high:
            raise argparse.ArgumentTypeError(f"{part.strip()!r}: lines are numbered from 1, "
                                             "and a range goes up (e.g. 20-35)")
        found.update(range(low, high + 1))
    return frozenset(found)

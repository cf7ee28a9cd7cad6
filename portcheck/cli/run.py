"""``portcheck run ALGO --lang L NAME=VALUE…``: a language's template rendered for one case,
built and run, its output printed."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
from pathlib import Path
from typing import TYPE_CHECKING

from portcheck.cli.options import (
    ALGO,
    NAME_VALUE,
    add_engine,
    add_sandbox,
    add_timeout,
    check_engine,
    command,
    settings_of,
)
from portcheck.errors import UsageError
from portcheck.suite.algorithms import Algorithm, Case
from portcheck.suite.languages import Language
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import Project, find_project
from portcheck.terminal import output
from portcheck.terminal.controls import escape_controls

if TYPE_CHECKING:
    from portcheck.verify.results import RunProblem

NAME = "run"
TRAILING = "inputs"


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "render a language's template for one case, build and run it",
                "Render the language's template for one case, build it and run it with the "
                "real toolchain (or an embedded interpreter); print exactly what it printed.",
                [("portcheck run freecell --lang java game=617", ""),
                 ("portcheck run queens --lang kumir n=6", "the other inputs: their defaults")],
                ALGO, NAME_VALUE, "LANG: a language (java, pascal, bsl, kumir, arsac, "
                "python).")
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("inputs", nargs="*", metavar="NAME=VALUE")
    p.add_argument("--lang", required=True, metavar="LANG")
    add_timeout(p)
    add_engine(p)
    add_sandbox(p)


def handle(args: argparse.Namespace) -> int:
    # imported here, not at the top: `portcheck run --help` and its usage errors do
    # without them (portcheck.cli.commands)
    from portcheck.suite.render import render_template, template_for
    from portcheck.verify.execution import planned_runs, produce_output
    from portcheck.verify.results import RunProblem

    project = find_project()
    algorithm = project.algorithm(args.algorithm)
    case = algorithm.case_from_args(args.inputs)
    language = project.languages.get(args.lang)
    check_engine(args.engine, [language.name], project.languages)
    port = _run_port(project, algorithm, language, case)
    template = template_for(project.templates_dir, language.name, algorithm.name)
    text = render_template(template, project.templates_dir, algorithm, [case])
    with tempfile.TemporaryDirectory(prefix="portcheck-run-") as folder:
        program = Path(folder) / port.program.name
        program.write_text(text, encoding="utf-8")
        try:
            result = produce_output(port, program, settings_of(args), planned_runs(port, [case]))
        except RunProblem as problem:
            return _report_problem(problem)
    output.write_program_text(result.stdout)
    for warning in result.warnings:
        print(escape_controls(warning), file=sys.stderr)
    return 0


def _run_port(project: Project, algorithm: Algorithm, language: Language, case: Case) -> Port:
    """One case run as the language's template port runs its cases: with its scripted input,
    arguments and runner options (``ports/<algorithm>/<language>/port.yaml``); without such
    a port, with the reference's scripted input when the algorithm has one.  A case beyond
    that port's ``limits`` is a usage error: the language cannot hold it exactly."""
    port = Port(project.root, f"run {algorithm.name} --lang {language.name}", algorithm,
                language.name, "template", Path(language.program_name(algorithm.name)),
                [case.id], runs="per-case",
                stdin_from_reference=algorithm.has_stdin_script,
                declaration=language)
    for known in find_ports(project):
        if (known.algorithm, known.language, known.origin) == (algorithm.name, language.name,
                                                               "template"):
            _check_limits(known, case, project)
            return dataclasses.replace(port, stdin=known.stdin, args=known.args,
                                       stdin_from_reference=known.stdin_from_reference,
                                       options=known.options)
    return port


def _check_limits(port: Port, case: Case, project: Project) -> None:
    why = port.why_not(case)
    if why:
        raise UsageError(f"{port.algorithm}: not applicable to {port.language}: {why} "
                         f"(limits in {project.relative(port.folder / 'port.yaml')})")


def _report_problem(problem: RunProblem) -> int:
    from portcheck.verify.results import FAIL

    result = problem.result
    if result.detail:
        print(result.detail.rstrip(), file=sys.stderr)
    print(f"portcheck: {result.message}", file=sys.stderr)
    return 1 if result.status == FAIL else 2

"""What each ``portcheck`` subcommand does; ``cli.py`` only parses the words."""

from __future__ import annotations

import argparse
import dataclasses
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from portcheck import fuzz, golden, report
from portcheck.algorithms import Algorithm, Case
from portcheck.checks import CheckContext, record_transcript
from portcheck.color import diff_painter, wants_color
from portcheck.errors import CheckFailed, UsageError
from portcheck.execution import RunSettings, produce_output
from portcheck.junit import junit_xml, write_junit
from portcheck.languages import LANGUAGES, get_language, language_of_file
from portcheck.ports import Port, find_ports
from portcheck.progress import Progress
from portcheck.project import Project, find_project
from portcheck.render import check_rendered, render_template, template_for, write_rendered
from portcheck.results import FAIL, RunProblem
from portcheck.runners import get_runner
from portcheck.runners.base import DEFAULT_TIMEOUT
from portcheck.verify import Selection, select_ports, verify
from portcheck.workers import alongside


def _settings(args: argparse.Namespace) -> RunSettings:
    return RunSettings(timeout=args.timeout,
                       require_runtimes=getattr(args, "require_runtimes", False),
                       engine=getattr(args, "engine", None), max_output=args.max_output)


def cmd_list(args: argparse.Namespace) -> int:
    project = find_project()
    ports = find_ports(project)
    print("algorithms and their ports:")
    width = max((len(name) for name in project.algorithms), default=8) + 1
    for algorithm in project.algorithms.values():
        mine = [f"{p.folder.name} ({p.origin}{'' if p.runnable else ', transcript only'})"
                for p in ports if p.algorithm == algorithm.name]
        print(f"  {algorithm.name:{width}} {algorithm.title}; {len(algorithm.cases)} cases, "
              f"inputs {algorithm.inputs_help()}")
        print(f"  {'':{width}} ports: {', '.join(mine) or 'none'}")
    print("runtimes here:")
    for language in LANGUAGES:
        toolchain = get_runner(language).toolchain()
        mark = "yes" if toolchain.ok else "no "
        print(f"  {language:8} {mark} {toolchain.name}: {toolchain.detail}")
    return 0


def cmd_reference(args: argparse.Namespace) -> int:
    algorithm = find_project().algorithm(args.algorithm)
    case = algorithm.case_from_args(args.inputs)
    sys.stdout.write(algorithm.output(case.params))
    return 0


def cmd_run(args: argparse.Namespace) -> int:
    project = find_project()
    algorithm = project.algorithm(args.algorithm)
    case = algorithm.case_from_args(args.inputs)
    language = get_language(args.lang)
    port = _run_port(project, algorithm, language.name, case)
    template = template_for(project.templates_dir, language.name, algorithm.name)
    text = render_template(template, project.templates_dir, algorithm, [case])
    with tempfile.TemporaryDirectory(prefix="portcheck-run-") as folder:
        program = Path(folder) / port.program.name
        program.write_text(text, encoding="utf-8")
        try:
            result = produce_output(port, program, _settings(args), [case])
        except RunProblem as problem:
            return _report_problem(problem)
    sys.stdout.write(result.stdout)
    for warning in result.warnings:
        print(warning, file=sys.stderr)
    return 0


def _run_port(project: Project, algorithm: Algorithm, language: str, case: Case) -> Port:
    """One case run as the language's template port runs its cases: with its scripted input,
    arguments and runner options (``ports/<algorithm>/<language>/port.yaml``); without such
    a port, with the reference's scripted input when the algorithm has one.  A case beyond
    that port's ``limits`` is a usage error: the language cannot hold it exactly."""
    port = Port(project.root, f"run {algorithm.name} --lang {language}", algorithm, language,
                "template", Path(get_language(language).program_name(algorithm.name)),
                [case.id], runs="per-case",
                stdin_from_reference=hasattr(algorithm.module, "stdin_script"))
    for known in find_ports(project):
        if (known.algorithm, known.language, known.origin) == (algorithm.name, language,
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
    result = problem.result
    if result.detail:
        print(result.detail.rstrip(), file=sys.stderr)
    print(f"portcheck: {result.message}", file=sys.stderr)
    return 1 if result.status == FAIL else 2


def cmd_verify(args: argparse.Namespace) -> int:
    project = find_project()
    selection = Selection(tuple(args.algorithms), tuple(args.lang or ()))
    for name in selection.algorithms:
        project.algorithm(name)
    every_port = find_ports(project)
    ports = select_ports(every_port, selection)
    if not ports and not selection.algorithms and not selection.languages:
        raise UsageError(f"{project.relative(project.ports_dir)}: no ports to verify "
                         "(add one: see portcheck init)")
    algorithms = _verified_algorithms(project, selection, ports)
    context = CheckContext(project, _settings(args), args.deep, args.seed)
    with Progress(len(ports), "ports checked", sys.stdout) as progress:
        goldens, results = alongside(  # the reference's CPU work beside the ports' runs
            lambda: golden.check(project, algorithms, [], every_port),
            lambda: verify(context, ports, jobs=args.jobs, done=progress.advance))
    if args.junit_xml:
        write_junit(Path(args.junit_xml), junit_xml(ports, results, goldens))
    paint = diff_painter(wants_color(args.color, sys.stdout))
    _print_golden(goldens, paint, quiet_ok=True)
    print(report.matrix(ports, results) if ports else "no ports selected")
    text = report.details(results, verbose=args.verbose, paint=paint)
    if text:
        print()
        print(text)
    print()
    print(report.summary(results))
    if goldens.failures:
        print(f"goldens are missing or differ from the reference; fix with: {_fixes(goldens)}")
    if goldens.failures or any(r.status == FAIL for rs in results.values() for r in rs):
        raise CheckFailed()
    return 0


def cmd_fuzz(args: argparse.Namespace) -> int:
    from portcheck.exhaustive.command import cmd_fuzz_range, refuse_range_options

    if args.range is not None:
        return cmd_fuzz_range(args, _settings(args))
    refuse_range_options(args)
    args.timeout = args.timeout or DEFAULT_TIMEOUT
    project = find_project()
    project.algorithm(args.algorithm)
    selection = Selection((args.algorithm,), tuple(args.lang or ()))
    ports = [port for port in select_ports(find_ports(project), selection)
             if port.origin == "template" and port.template is not None]
    if not ports:
        raise UsageError(f"{args.algorithm}: no template port to fuzz"
                         + (f" in {', '.join(args.lang)}" if args.lang else ""))
    context = CheckContext(project, _settings(args))
    failed = False
    for port in ports:
        result = fuzz.fuzz_port(context, port, args.count, args.seed)
        print(fuzz.report_line(result), flush=True)
        failed |= result.status == FAIL
    if failed:
        raise CheckFailed()
    return 0


def _verified_algorithms(project: Project, selection: Selection,
                         ports: list[Port]) -> list[Algorithm]:
    """Whose goldens verify checks: the algorithms named; with no selection at all, every
    algorithm of the project (one with no port or no golden file is no less unchecked);
    with only ``--lang``, those of the selected ports."""
    if selection.algorithms:
        names = list(selection.algorithms)
    elif selection.languages:
        names = sorted({port.algorithm for port in ports})
    else:
        names = list(project.algorithms)
    return [project.algorithm(name) for name in names]


def _fixes(result: golden.GoldenReport) -> str:
    return "; ".join(sorted(result.fix))


def _print_golden(result: golden.GoldenReport, paint: Callable[[str], str] = str,
                  quiet_ok: bool = False) -> None:
    for diff in result.diffs:
        print(paint(diff.rstrip()))
    for line in result.failures:
        print(f"FAIL {line}")
    for line in result.notes:
        print(f"note {line}")
    for path in result.written:
        print(f"wrote {path}")
    if (result.diffs or result.failures or result.notes or result.written) or not quiet_ok:
        print()


def _golden_algorithms(project: Project, names: list[str]) -> list[Algorithm]:
    if names:
        return [project.algorithm(n) for n in names]
    if not project.algorithms:
        raise UsageError(f"{project.relative(project.reference_dir)}: no algorithms")
    return list(project.algorithms.values())


def cmd_golden(args: argparse.Namespace) -> int:
    project = find_project()
    algorithms = _golden_algorithms(project, args.algorithms)
    paint = diff_painter(wants_color(args.color, sys.stdout))
    if args.action == "check":
        result = golden.check(project, algorithms, args.k or [], find_ports(project))
        _print_golden(result, paint)
        if result.failures:
            print(f"golden check failed; fix with: {_fixes(result)}")
            raise CheckFailed()
        print(f"golden check: {', '.join(a.name for a in algorithms)} match the reference")
        return 0
    result = golden.update(project, algorithms, args.k or [], new_only=args.new_only,
                           allow_changed=args.allow_changed, prune=args.prune)
    _print_golden(result, paint)
    if result.failures:
        print(f"refused (those files are left as they were); fix with: {_fixes(result)}")
        raise CheckFailed()
    if not result.written:
        print("goldens already up to date")
    return 0


def cmd_render(args: argparse.Namespace) -> int:
    project = find_project()
    for name in args.algorithms:
        project.algorithm(name)
    ports = select_ports(find_ports(project),
                         Selection(tuple(args.algorithms), tuple(args.lang or ())))
    if args.action == "check":
        ports = [port for port in ports if port.template is not None]
    if not ports:
        raise UsageError("no port to render is selected"
                         if args.action == "check" else "no port is selected")
    failed = False
    for port in ports:
        if args.action == "check":
            state = check_rendered(port, project.templates_dir)
            print(f"{'ok  ' if state.fresh else 'FAIL'} {port.id}: "
                  f"{'up to date' if state.fresh else state.reason}")
            failed |= not state.fresh
        else:
            failed |= not _write_port(project, port, _settings(args))
    if failed:
        if args.action == "check":
            print("fix with: portcheck render write")
        raise CheckFailed()
    return 0


def _write_port(project: Project, port: Port, settings: RunSettings) -> bool:
    if port.template is not None:
        changed = write_rendered(port, project.templates_dir)
        print(f"{'wrote' if changed else 'same '} {port.id}/{port.program.name}")
    if port.transcript_from != "run" or not port.runnable:
        return True
    result = record_transcript(port, settings)
    print(f"{'FAIL' if result.status == FAIL else '     '} {port.id}/transcript.txt: "
          f"{result.message}")
    return result.status != FAIL


def cmd_exec(args: argparse.Namespace) -> int:
    """Run any 1C or school-language file as a program, with this terminal's input."""
    path = Path(args.file)
    language = language_of_file(path)
    if not path.is_file():
        raise UsageError(f"{path}: no such file")
    from portcheck.exec_file import exec_file
    from portcheck.runners.embedded import run_options

    options = {option.name: getattr(args, option.name) for option in run_options()}
    return exec_file(language, path, engine=args.engine, encoding=args.encoding, **options)


def cmd_check(args: argparse.Namespace) -> int:
    """Verify one program file against the goldens, without a port folder."""
    from portcheck.single_file import check_file

    project = find_project()
    result = check_file(project, args)
    paint = diff_painter(wants_color(args.color, sys.stdout))
    print(report.details({result.port: [result]}, verbose=True, paint=paint))
    if result.status == FAIL:
        raise CheckFailed()
    return 0


def cmd_init(args: argparse.Namespace) -> int:
    """Create a minimal working suite in a new folder."""
    from portcheck.scaffold import create_suite

    create_suite(Path(args.directory))
    return 0



def cmd_listing(args: argparse.Namespace) -> int:
    """A port as a teaching listing (``portcheck.publish``)."""
    from portcheck.publish.commands import cmd_listing as listing

    return listing(args)


def cmd_report(args: argparse.Namespace) -> int:
    """The whole verification as a static site (``portcheck.publish.site``)."""
    from portcheck.publish.site import cmd_report as report

    return report(args)


def cmd_pages(args: argparse.Namespace) -> int:
    """The algorithms' reference pages (``portcheck.publish.algorithm_pages``)."""
    from portcheck.publish.algorithm_pages import cmd_pages as pages

    return pages(args)

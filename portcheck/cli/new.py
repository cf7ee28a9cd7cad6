"""``portcheck new ALGO [--lang L…] [--input NAME=SPEC…]``: a new algorithm, or new ports of
one, that verify at once.

For a new algorithm: ``reference/<module>.py`` (a skeleton whose ``output()`` prints the
case's inputs) and its goldens; then, per language, a starter template that prints the
same (``suite.starters``), its program rendered into ``ports/<ALGO>/<language>/`` and its
transcript recorded from a real run, as ``render write`` makes them.  No ``port.yaml``:
the layout says what each port is.  For an algorithm that exists, ``--lang`` adds ports:
a starter template for each language that has none yet, and its port.  Nothing that
exists is overwritten.
"""

from __future__ import annotations

import argparse

from portcheck.cli.options import add_timeout, command, settings_of
from portcheck.errors import CheckFailed, UsageError
from portcheck.files.yamlio import write_atomic
from portcheck.runners import get_runner
from portcheck.suite.layout import expected_template, template_path
from portcheck.suite.ports import find_ports, new_port
from portcheck.suite.project import Project, find_project
from portcheck.suite.reference_host import forget
from portcheck.suite.starters import (
    DEFAULT_INPUT,
    LANGUAGES,
    parse_input,
    reference_module,
    starter_template,
    template_suffix,
)

NAME = "new"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "a new algorithm (reference skeleton, starter templates and "
                           "ports that verify at once), or new ports of one",
                "Write a new algorithm's reference skeleton and, per language, a starter "
                "template that prints each case's inputs; render and run its ports. For an "
                "algorithm that exists, add the languages named.",
                [("portcheck new josephus", "a port in every language that runs here"),
                 ("portcheck new josephus --input n=1..100 --input k=1..100 --lang python "
                  "--lang java", ""),
                 ("portcheck new queens --lang pascal", "a port of an algorithm that exists")],
                "ALGO: the new algorithm's name, lower-case words joined by '-' (its module "
                "is reference/ALGO.py, with '_' for '-').", "NAME=LOW..HIGH: a whole-number "
                "input; NAME=one|two|three: an input that is one of a few words.", "Then edit "
                "reference/ALGO.py and templates/<lang>/ALGO.<ext>.j2, and run: portcheck "
                "update ALGO")
    p.add_argument("algorithm", metavar="ALGO")
    p.add_argument("--lang", action="append", metavar="L",
                   help=f"a language to start a port in (repeatable; starters: "
                        f"{', '.join(LANGUAGES)}; default: each of them that runs here)")
    p.add_argument("--input", action="append", metavar="NAME=SPEC",
                   help=f"an input of the new algorithm: NAME=LOW..HIGH or NAME=a|b|c "
                        f"(repeatable; default {DEFAULT_INPUT})")
    p.add_argument("--title", help="the new algorithm's title (default: from its name)")
    add_timeout(p)


def handle(args: argparse.Namespace) -> int:
    # imported here, not at the top: `portcheck new --help` and its usage errors do without
    # the templates, the goldens and the checks (portcheck.cli.commands)
    from portcheck.cli.render import write_port
    from portcheck.golden.update import update_goldens
    from portcheck.suite.render import write_rendered
    from portcheck.verify.checks import CheckContext

    project = find_project()
    name = args.algorithm
    exists = name in project.algorithms
    if exists and (args.input or args.title):
        raise UsageError(f"{name} exists ({project.relative(project.algorithm(name).source)}): "
                         "--input and --title are for a new algorithm; edit its module")
    if exists and not args.lang:
        raise UsageError(f"{name} exists: name the languages to add with --lang "
                         f"(starters: {', '.join(LANGUAGES)})")
    languages = _languages(args.lang)
    if not exists:
        _write_reference(project, name, args)
    algorithm = project.algorithm(name)
    inputs = [parse_input(f"{n}={p.describe()}") for n, p in algorithm.params.items()]
    made = []
    for language in languages:
        if template_path(project.templates_dir, language, name) is not None:
            print(f"same  {project.relative(template_path(project.templates_dir, language, name))}"
                  " (exists: left as it is)")
        else:
            path = expected_template(project.templates_dir, language, name,
                                     template_suffix(language))
            write_atomic(path, starter_template(language, name, algorithm.title, inputs))
            print(f"wrote {project.relative(path)}")
        made.append(language)
    report = update_goldens(project, [algorithm], [], new_only=True)
    for path in report.written:
        print(f"wrote {path}")
    context = CheckContext(project, settings_of(args))
    folders = {port.folder for port in find_ports(project)}
    failed = False
    for language in made:
        port = new_port(project, name, language)
        if port.folder in folders:
            print(f"same  {port.id} (exists: left as it is)")
        elif exists:  # the starter prints the inputs, not what the algorithm prints
            write_rendered(port, project.templates_dir)
            print(f"wrote {port.id}/{port.program.name}")
        else:
            failed |= not write_port(context, port)
    if exists:
        print(f"next: write {name} in the new templates (their starter prints each case's "
              f"inputs), then run `portcheck update {name}` and `portcheck verify {name}`")
    else:
        print(f"next: edit {project.relative(algorithm.source)} and the templates, then run "
              f"`portcheck update {name}` and `portcheck verify {name}`")
    if failed:
        raise CheckFailed()
    return 0


def _languages(named: list[str] | None) -> list[str]:
    """The languages named, each one with a starter; by default those that run here."""
    if named:
        for language in named:
            if language not in LANGUAGES:
                raise UsageError(f"no starter template for {language!r} (starters: "
                                 f"{', '.join(LANGUAGES)})")
        return list(dict.fromkeys(named))
    return [language for language in LANGUAGES if get_runner(language).toolchain().ok]


def _write_reference(project: Project, name: str, args: argparse.Namespace) -> None:
    inputs = [parse_input(text) for text in args.input or [DEFAULT_INPUT]]
    title = args.title or name.replace("-", " ").capitalize()
    text = reference_module(name, title, inputs)
    path = project.reference_dir / f"{name.replace('-', '_')}.py"
    if path.exists():
        raise UsageError(f"{project.relative(path)} exists (its algorithm is not {name}?): "
                         "choose another name, or move it")
    write_atomic(path, text)
    forget(project.root)
    print(f"wrote {project.relative(path)}")

"""``portcheck languages``: every language this suite can verify — the built-in ones and
those of its ``languages.yaml`` — whether its toolchain is here, its version, and what to
install where it is not (as DMOJ's autoconf finds the judge's executors).

Each toolchain is probed as a run would find it (``Runner.toolchain``): the programs its
commands start on PATH, then its version command, kept per compiler binary in the build
cache.  The last line gathers the Debian packages of every program missing, for one
``apt-get install``.
"""

from __future__ import annotations

import argparse
import shutil

from portcheck.cli.options import command
from portcheck.errors import UsageError
from portcheck.runners import Runner, get_runner
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.languages import Language, Registry
from portcheck.suite.project import find_project

NAME = "languages"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    command(sub, NAME, "every language, whether its toolchain is here, its version, and the "
                       "package to install where it is not",
            "List every language this suite can verify (the built-in ones and those of its "
            "languages.yaml), whether its toolchain was found here, its version, and one "
            "apt-get line for what is missing.",
            [("portcheck languages", ""),
             ("PATH=/usr/bin:/bin portcheck languages", "as a plainer machine would see it")])


def handle(args: argparse.Namespace) -> int:
    from portcheck.processes import sandbox

    registry = _registry()
    # languages has no --sandbox: the mode of PORTCHECK_SANDBOX, as a run would have it
    mode = sandbox.mode_from_environment()
    why_not = f"{sandbox.ENV}={mode}" if mode == "off" else sandbox.probe()
    rows = []
    missing: list[str] = []
    for language in registry.values():
        toolchain = get_runner(language).toolchain()
        if not toolchain.ok:
            missing += [p for p in packages_missing(language) if p not in missing]
        where = "" if _builtin(language) else f"  [{language.declared_in}]"
        rows.append((language.name, toolchain.name, "yes" if toolchain.ok else "no",
                     box_of(get_runner(language), why_not), toolchain.detail + where))
    widths = [max(len(row[n]) for row in rows) for n in range(4)]
    print(f"{'language':{widths[0]}}  {'toolchain':{widths[1]}}  here  {'runs':{widths[3]}}"
          "  version, or what to install")
    for name, tool, here, box, detail in rows:
        print(f"{name:{widths[0]}}  {tool:{widths[1]}}  {here:4}  {box:{widths[3]}}  {detail}")
    found = sum(1 for row in rows if row[2] == "yes")
    summary = f"{len(rows)} languages, {found} with their toolchain here"
    if missing:
        summary += f"; for the others: apt-get install {' '.join(missing)}"
    print(summary)
    print(("runs: boxed by bubblewrap (no network, no HOME, no suite files; "
           "docs/sandbox.md)" if why_not is None else f"runs: not boxed: {why_not}")
          + f"; {limits_kept()}")
    return 0


def limits_kept() -> str:
    """What keeps a run's process limit here: the kernel (a control group of its own), or
    portcheck counting (and why no group)."""
    from portcheck.processes import cgroups

    where = cgroups.found()
    if "pids" in where.folders:
        return f"processes bounded by a cgroup v{where.version} of each run's own"
    return f"processes counted by portcheck ({where.why})"


def box_of(runner: Runner, why_not: str | None) -> str:
    """How a program of the runner's language runs here: ``boxed`` (bubblewrap), or not
    boxed (``--sandbox off``, no bubblewrap); verify forks the embedded interpreters' runs
    from a zygote of its own that starts in the box (one box for all its runs)."""
    if why_not is not None:
        return "not boxed"
    if getattr(runner, "engine", None) == "embedded":
        return "boxed (verify: in the zygote's box)"
    return "boxed"


def _registry() -> Registry:
    """The project's languages, or the built-in ones outside a project."""
    try:
        return find_project().languages
    except UsageError as error:
        if "not inside a portcheck project" not in str(error):
            raise
        return builtin_languages()


def _builtin(language: Language) -> bool:
    return language.name in builtin_languages() and \
        builtin_languages().get(language.name) == language


def packages_missing(language: Language) -> list[str]:
    """The Debian packages of the programs of ``language`` that are not on PATH (for a
    language run by a runner class: its declared package)."""
    if not language.declared:
        return [package for _, package in language.packages]
    found = []
    for program in language.programs:
        package = language.package_of(program)
        if shutil.which(program) is None and package not in found:
            found.append(package)
    return found

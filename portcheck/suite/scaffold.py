"""A new suite's files, copied from the starter (``portcheck/suite/starter/``): one reference
algorithm, a Python template (its port needs no port.yaml: the layout says what it is), a
README, and a tox.ini that works on any machine: it installs portcheck from the package
index, this version or a later one (never a path of the machine that made the suite; a
checkout is named in ``PORTCHECK_REQUIREMENT``).  ``portcheck init`` then writes the golden
and the program from them (``portcheck.cli.init``)."""

from __future__ import annotations

import shutil
from importlib import metadata, resources
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.files.yamlio import write_atomic
from portcheck.suite.project import Project

STARTER_FILES = ("reference", "templates", "README.md")


def copy_starter(target: Path) -> Project:
    """The starter's files in ``target``, a new or empty folder; the project they make."""
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{target}: exists and is not an empty folder")
    target.mkdir(parents=True, exist_ok=True)
    starter = resources.files("portcheck.suite") / "starter"
    with resources.as_file(starter) as source:
        for name in STARTER_FILES:
            _copy(source / name, target / name)
        tox = (source / "tox.ini.in").read_text(encoding="utf-8")
    write_atomic(target / "tox.ini", tox.format(version=portcheck_version(),
                                                requirement=requirement()))
    return Project(target.resolve())


def _copy(source: Path, target: Path) -> None:
    if source.is_dir():
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copyfile(source, target)


def portcheck_version() -> str:
    try:
        return metadata.version("portcheck")
    except metadata.PackageNotFoundError:  # run from a checkout that was never installed
        return "0.1.0"


def requirement() -> str:
    """What the new suite's tox installs: portcheck with its test and style extras, at
    least this version."""
    return f"portcheck[test,style]>={portcheck_version()}"

"""A new suite's files, copied from the starter (``portcheck/suite/starter/``): one reference
algorithm, a Python template and its port.yaml, a README, and a tox.ini that installs
portcheck from where this one comes from (the source folder of an editable install or a
checkout, else the package name).  ``portcheck init`` then writes the golden and the
program from them (``portcheck.cli.init``)."""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import portcheck
from portcheck.errors import UsageError
from portcheck.files.yamlio import write_atomic
from portcheck.suite.project import Project

STARTER_FILES = ("reference", "templates", "ports", "README.md")


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
    write_atomic(target / "tox.ini", tox.format(portcheck=_requirement()))
    return Project(target.resolve())


def _copy(source: Path, target: Path) -> None:
    if source.is_dir():
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copyfile(source, target)


def _requirement() -> str:
    """What the new suite's tox installs: this portcheck's source folder if it has one."""
    source = Path(portcheck.__file__).resolve().parent.parent
    if (source / "pyproject.toml").is_file():
        return f"portcheck[test] @ file://{source}"
    return "portcheck[test]"

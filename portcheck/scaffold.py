"""``portcheck init DIR``: a new suite that passes ``portcheck verify`` at once.

The starter (``portcheck/starter/``) holds one reference algorithm, a Python template and
its port.yaml, a README and a tox.ini.  They are copied into a new (or empty) folder; then
the golden is written by the reference (``golden update``) and the program and its
transcript by a real run (``render write``), exactly as an author would make them.  The
tox.ini installs portcheck from where this one comes from: the source folder of an
editable install or a checkout, else the package name.
"""

from __future__ import annotations

import shutil
from importlib import resources
from pathlib import Path

import portcheck
from portcheck.errors import UsageError
from portcheck.files.yamlio import write_atomic
from portcheck.golden.update import update_goldens
from portcheck.suite.ports import find_ports
from portcheck.suite.project import Project
from portcheck.suite.render import write_rendered
from portcheck.verify.checks import record_transcript
from portcheck.verify.execution import RunSettings
from portcheck.verify.results import FAIL

STARTER_FILES = ("reference", "templates", "ports", "README.md")


def create_suite(target: Path) -> Project:
    if target.exists() and (not target.is_dir() or any(target.iterdir())):
        raise UsageError(f"{target}: exists and is not an empty folder")
    target.mkdir(parents=True, exist_ok=True)
    starter = resources.files("portcheck.suite") / "starter"
    with resources.as_file(starter) as source:
        for name in STARTER_FILES:
            _copy(source / name, target / name)
        tox = (source / "tox.ini.in").read_text(encoding="utf-8")
    write_atomic(target / "tox.ini", tox.format(portcheck=_requirement()))
    project = Project(target.resolve())
    _fill(project)
    print(f"created a portcheck suite in {target}: now run `portcheck verify` there")
    return project


def _copy(source: Path, target: Path) -> None:
    if source.is_dir():
        shutil.copytree(source, target, ignore=shutil.ignore_patterns("__pycache__"))
    else:
        shutil.copyfile(source, target)


def _fill(project: Project) -> None:
    """The golden from the reference, the program from its template, the transcript from a
    real run of the program."""
    written = update_goldens(project, list(project.algorithms.values()), [])
    for path in written.written:
        print(f"wrote {path}")
    for port in find_ports(project):
        assert port.template is not None
        write_rendered(port, project.templates_dir)
        result = record_transcript(port, RunSettings())
        if result.status == FAIL:
            raise UsageError(f"{port.id}: the starter program did not run: {result.message}")
        print(f"wrote {port.id}/{port.program.name} and its transcript")


def _requirement() -> str:
    """What the new suite's tox installs: this portcheck's source folder if it has one."""
    source = Path(portcheck.__file__).resolve().parent.parent
    if (source / "pyproject.toml").is_file():
        return f"portcheck[test] @ file://{source}"
    return "portcheck[test]"

"""A project: the folder that holds a suite (reference/, golden/, templates/, ports/).

The root is found as pytest finds its rootdir: upwards from the working folder (or
``$PORTCHECK_ROOT``), the nearest folder with a ``ports/`` or ``golden/`` folder.  Its
algorithms are loaded from its own ``reference/`` folder (``portcheck.suite.reference_loader``),
in a process of their own (``portcheck.suite.reference_host``).
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

from portcheck.errors import UsageError
from portcheck.suite.declarations import registry_for

if TYPE_CHECKING:  # the reference's host is imported when the algorithms are first asked
    from portcheck.suite.algorithms import Algorithm  # for (``exec`` looks for a project
    from portcheck.suite.languages import Registry  # only to hide it from the box)

MARKERS = ("golden", "ports", "templates")


@dataclass(frozen=True)
class Project:
    root: Path

    @property
    def reference_dir(self) -> Path:
        return self.root / "reference"

    @property
    def algorithms(self) -> dict[str, Algorithm]:
        """The suite's algorithms by name, as the reference's own process declares them
        (``suite.reference_host``: once per process)."""
        from portcheck.suite.reference_host import algorithms_of

        return algorithms_of(self.root)

    def algorithm(self, name: str) -> Algorithm:
        """The algorithm called ``name``; an unknown name is a usage error listing the known."""
        if name not in self.algorithms:
            known = ", ".join(self.algorithms) or "none"
            raise UsageError(f"unknown algorithm {name!r} (known: {known})")
        return self.algorithms[name]

    @property
    def languages(self) -> Registry:
        """The languages of the suite: the built-in ones and those of its
        ``languages.yaml`` (``portcheck.suite.declarations``)."""
        return registry_for(self.root)

    @property
    def golden_dir(self) -> Path:
        return self.root / "golden"

    @property
    def ports_dir(self) -> Path:
        return self.root / "ports"

    @property
    def templates_dir(self) -> Path:
        return self.root / "templates"

    def relative(self, path: Path) -> str:
        """``path`` as the user should read it: relative to the root when inside it."""
        try:
            return path.resolve().relative_to(self.root.resolve()).as_posix()
        except ValueError:
            return str(path)


def find_project(start: Path | None = None) -> Project:
    """The project around ``start`` (default: $PORTCHECK_ROOT, else the working folder):
    the nearest folder, upwards, that has a ``ports/`` or ``golden/`` folder."""
    if start is None and os.environ.get("PORTCHECK_ROOT"):
        start = Path(os.environ["PORTCHECK_ROOT"])
    here = (start or Path.cwd()).resolve()
    for folder in (here, *here.parents):
        if any((folder / marker).is_dir() for marker in MARKERS[:2]):
            return Project(folder)
    raise UsageError(f"{here}: not inside a portcheck project (no golden/ or ports/ folder "
                     "here or above; set PORTCHECK_ROOT)")

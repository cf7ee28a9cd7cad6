"""This project's reference algorithms, for tests: loaded from ``reference/`` as portcheck
loads them (nothing named ``reference`` is installed or importable); and where the
repository and the articles beside it are."""

from __future__ import annotations

import importlib
from pathlib import Path
from types import ModuleType

from portcheck.suite.reference_loader import load_modules

REPO = Path(__file__).resolve().parents[2]
SHARED = REPO.parent / "shared"  # the articles (seeds/), beside the repository


def reference_module(name: str, root: Path = REPO) -> ModuleType:
    """The algorithm module ``name`` of the project at ``root``, imported into the test's
    own process (portcheck itself runs it in a process of its own)."""
    return load_modules(root)[name]


freecell = reference_module("freecell")
dice = reference_module("dice")


def reference_helper(name: str) -> ModuleType:
    """A helper module of ``reference/`` that is no algorithm (``fleets``, ``rails``)."""
    package = reference_module("freecell").__package__
    return importlib.import_module(f"{package}.{name}")

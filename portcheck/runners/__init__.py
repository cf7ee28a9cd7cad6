"""The runners, one per language of ``portcheck.suite.languages.LANGUAGES``, found by its name.

Runner classes are imported only when first asked for: ``portcheck.runners.bsl`` and
``portcheck.runners.kumir`` load embedded interpreters, and a missing or broken one must not
stop the other languages from working.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from portcheck.runners.base import BuildError, Runner, RunResult, Toolchain, ToolchainMissing
from portcheck.suite.languages import get_language


@cache
def runner_class(language: str) -> type[Runner]:
    """The runner class of ``language`` (a usage error for an unknown one)."""
    module_name, class_name = get_language(language).runner.split(":")
    return getattr(import_module(module_name), class_name)


def get_runner(language: str, **options: Any) -> Runner:
    """A new runner for ``language``; ``options`` go to its constructor (e.g. ``cache=``)."""
    return runner_class(language)(**options)


__all__ = [
    "BuildError",
    "RunResult",
    "Runner",
    "Toolchain",
    "ToolchainMissing",
    "get_runner",
    "runner_class",
]

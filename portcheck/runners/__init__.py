"""The runners, one per language, found from the language's declaration.

A language declared with commands (``portcheck.suite.languages``: C, Go, Lua, any a suite
declares) is run by ``portcheck.runners.declared.DeclaredRunner``; a language that names a
runner class (Java, Free Pascal, Python, the embedded interpreters' languages) by that
class, imported only when first asked for: ``portcheck.runners.bsl`` and
``portcheck.runners.kumir`` load embedded interpreters, and a missing or broken one must not
stop the other languages from working.
"""

from __future__ import annotations

from functools import cache
from importlib import import_module
from typing import Any

from portcheck.runners.base import BuildError, Runner, RunResult, Toolchain, ToolchainMissing
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.languages import Language


@cache
def _runner_class(path: str) -> type[Runner]:
    module_name, class_name = path.split(":")
    return getattr(import_module(module_name), class_name)


def runner_class(language: Language | str) -> type[Runner]:
    """The runner class of ``language`` (a name: a built-in language; an unknown name is a
    usage error)."""
    declaration = _declaration(language)
    if declaration.runner is None:
        from portcheck.runners.declared import DeclaredRunner

        return DeclaredRunner
    return _runner_class(declaration.runner)


def get_runner(language: Language | str, **options: Any) -> Runner:
    """A new runner for ``language`` (its declaration, or a built-in language's name);
    ``options`` go to its constructor (e.g. ``cache=``, ``environment=``)."""
    declaration = _declaration(language)
    if declaration.runner is None:
        from portcheck.runners.declared import DeclaredRunner

        return DeclaredRunner(declaration, **options)
    return _runner_class(declaration.runner)(**options)


def _declaration(language: Language | str) -> Language:
    return language if isinstance(language, Language) else builtin_languages().get(language)


__all__ = [
    "BuildError",
    "RunResult",
    "Runner",
    "Toolchain",
    "ToolchainMissing",
    "get_runner",
    "runner_class",
]

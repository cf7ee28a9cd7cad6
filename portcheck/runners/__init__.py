"""The runners, one per language, found by language name.

Runner classes are imported only when first asked for: ``portcheck.runners.bsl`` and
``portcheck.runners.kumir`` load embedded interpreters, and a missing or broken one must not
stop the other languages from working.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from importlib import import_module
from typing import Any

from portcheck.runners.base import BuildError, Runner, RunResult, Toolchain, ToolchainMissing

# language -> "module:Class"
_RUNNER_PATHS: dict[str, str] = {
    "bsl": "portcheck.runners.bsl:BslRunner",
    "java": "portcheck.runners.java:JavaRunner",
    "kumir": "portcheck.runners.kumir:KumirRunner",
    "pascal": "portcheck.runners.pascal:PascalRunner",
    "python": "portcheck.runners.python:PythonRunner",
}


class UnknownLanguage(ValueError):
    """No runner is registered for a language name."""

    def __init__(self, language: str) -> None:
        known = ", ".join(sorted(_RUNNER_PATHS))
        super().__init__(f"unknown language {language!r} (known: {known})")
        self.language = language


class _LazyRunners(Mapping[str, type[Runner]]):
    """A read-only ``language -> Runner class`` mapping that imports a class on first use."""

    def __init__(self, paths: dict[str, str]) -> None:
        self._paths = paths
        self._loaded: dict[str, type[Runner]] = {}

    def __getitem__(self, language: str) -> type[Runner]:
        if language not in self._paths:
            raise KeyError(language)
        if language not in self._loaded:
            module_name, class_name = self._paths[language].split(":")
            self._loaded[language] = getattr(import_module(module_name), class_name)
        return self._loaded[language]

    def __iter__(self) -> Iterator[str]:
        return iter(self._paths)

    def __len__(self) -> int:
        return len(self._paths)


RUNNERS: Mapping[str, type[Runner]] = _LazyRunners(_RUNNER_PATHS)


def register(language: str, path: str) -> None:
    """Add a runner, given as ``"package.module:ClassName"`` (imported when first used)."""
    _RUNNER_PATHS[language] = path


def get_runner(language: str, **options: Any) -> Runner:
    """A new runner for ``language``; ``options`` go to its constructor (e.g. ``cache=``)."""
    if language not in RUNNERS:
        raise UnknownLanguage(language)
    return RUNNERS[language](**options)


__all__ = [
    "RUNNERS",
    "BuildError",
    "RunResult",
    "Runner",
    "Toolchain",
    "ToolchainMissing",
    "UnknownLanguage",
    "get_runner",
    "register",
]

"""The algorithms the reference knows: their cases, inputs and outputs.

An algorithm is a module in ``reference/`` that defines ``NAME``, ``TITLE``, ``PARAMS``
(input name -> ``IntParam``), ``CASES`` (case id -> inputs), optionally ``ATTESTED`` (case
id -> where that output is also printed), a pure ``output(**inputs) -> str`` and, for an
interactive program, ``stdin_script(**inputs) -> str`` (the input a case types).
"""

from __future__ import annotations

import importlib
import pkgutil
from dataclasses import dataclass, field
from functools import cache
from types import ModuleType
from typing import Any

import reference
from portcheck.errors import UsageError
from portcheck.params import Param


@dataclass(frozen=True)
class Case:
    """One input of an algorithm, with a stable id (``game-617``)."""

    id: str
    params: dict[str, Any] = field(hash=False)


@dataclass(frozen=True)
class Algorithm:
    name: str
    title: str
    module: ModuleType = field(repr=False)

    @property
    def params(self) -> dict[str, Param]:
        return self.module.PARAMS

    @property
    def cases(self) -> dict[str, Case]:
        return {cid: Case(cid, dict(p)) for cid, p in self.module.CASES.items()}

    @property
    def attested(self) -> dict[str, str]:
        return dict(getattr(self.module, "ATTESTED", {}))

    def output(self, params: dict[str, Any]) -> str:
        return self.module.output(**params)

    def stdin_script(self, params: dict[str, Any]) -> str:
        """The scripted input of an interactive case (``stdin_script(**inputs)``)."""
        script = getattr(self.module, "stdin_script", None)
        if script is None:
            raise UsageError(f"reference/{self.name}.py has no stdin_script(), so a port "
                             "cannot take its input from the reference")
        return script(**params)

    def case_from_args(self, assignments: list[str]) -> Case:
        """A case from ``NAME=VALUE`` words; every input must be given, in range."""
        params: dict[str, Any] = {}
        for word in assignments:
            name, sep, text = word.partition("=")
            if not sep:
                raise UsageError(f"{word!r}: expected NAME=VALUE (inputs: {self.inputs_help()})")
            if name not in self.params:
                raise UsageError(f"{self.name}: unknown input {name!r} "
                                 f"(inputs: {self.inputs_help()})")
            if name in params:
                raise UsageError(f"{self.name}: input {name} given twice")
            try:
                params[name] = self.params[name].parse(text)
            except ValueError as exc:
                raise UsageError(f"{self.name}: {name}: {exc}") from None
        missing = [name for name in self.params if name not in params]
        if missing:
            raise UsageError(f"{self.name}: missing input {', '.join(missing)} "
                             f"(inputs: {self.inputs_help()})")
        return Case("-".join(f"{name}-{value}" for name, value in params.items()), params)

    def inputs_help(self) -> str:
        return ", ".join(f"{n}={p.describe()}" for n, p in self.params.items())


@cache
def all_algorithms() -> dict[str, Algorithm]:
    """Every algorithm module found in the ``reference`` package, by name."""
    found: dict[str, Algorithm] = {}
    for info in pkgutil.iter_modules(reference.__path__):
        module = importlib.import_module(f"reference.{info.name}")
        if hasattr(module, "CASES") and hasattr(module, "output"):
            found[module.NAME] = Algorithm(module.NAME, module.TITLE, module)
    return dict(sorted(found.items()))


def get_algorithm(name: str) -> Algorithm:
    algorithms = all_algorithms()
    if name not in algorithms:
        known = ", ".join(algorithms) or "none"
        raise UsageError(f"unknown algorithm {name!r} (known: {known})")
    return algorithms[name]

"""An algorithm of the suite: its inputs, its cases and its reference output.

An algorithm is a module in the project's ``reference/`` folder (loaded by
``portcheck.suite.reference_loader``) that defines ``NAME``, ``TITLE``, ``PARAMS`` (input
name -> a parameter type of ``portcheck.suite.params``), ``CASES`` (case id -> inputs),
optionally ``ATTESTED`` (case id -> where that output is also printed), a pure
``output(**inputs) -> str``, optionally ``check_inputs(**inputs)`` (raises ``ValueError`` for
inputs each valid alone but not together: ``total`` must be below ``n``) and, for an
interactive program, ``stdin_script(**inputs) -> str`` (the input a case types).
"""

from __future__ import annotations

import re
import traceback
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any

from portcheck.errors import UsageError
from portcheck.suite.params import Param

CASE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*")
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


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
    source: Path = field(repr=False)

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
        """The reference output; a reference that fails or returns no text is a usage
        error naming its file and line (a port is never blamed for it)."""
        text = self._call(self.module.output, params, "output")
        if not isinstance(text, str):
            raise UsageError(f"{self.source}: output() returned {type(text).__name__}, "
                             "not text")
        return text

    def stdin_script(self, params: dict[str, Any]) -> str:
        """The scripted input of an interactive case (``stdin_script(**inputs)``)."""
        script = getattr(self.module, "stdin_script", None)
        if script is None:
            raise UsageError(f"{self.source}: no stdin_script(), so a port cannot take its "
                             "input from the reference")
        text = self._call(script, params, "stdin_script")
        if not isinstance(text, str):
            raise UsageError(f"{self.source}: stdin_script() returned "
                             f"{type(text).__name__}, not text")
        return text

    def _call(self, function: Callable[..., Any], params: dict[str, Any], name: str) -> Any:
        try:
            return function(**params)
        except UsageError:
            raise
        except (Exception, SystemExit) as error:  # sys.exit() in a reference is a mistake too
            raise UsageError(f"{where_in(error, self.source)}: {name}({_shown(params)}) "
                             f"failed: {type(error).__name__}: {error}") from None

    def case_from_args(self, assignments: list[str]) -> Case:
        """A case from ``NAME=VALUE`` words; every input must be given (or have a default),
        in range; the case is named by its inputs in the order the algorithm declares them."""
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
        for name, param in self.params.items():
            if name not in params and getattr(param, "default", None) is not None:
                params[name] = param.default
        missing = [name for name in self.params if name not in params]
        if missing:
            raise UsageError(f"{self.name}: missing input {', '.join(missing)} "
                             f"(inputs: {self.inputs_help()})")
        why = self.why_invalid(params)
        if why:
            raise UsageError(f"{self.name}: {why}")
        return case_of({name: params[name] for name in self.params})

    def why_invalid(self, params: dict[str, Any]) -> str | None:
        """What is wrong with inputs that are each valid but not together (the module's
        ``check_inputs``), or None."""
        check = getattr(self.module, "check_inputs", None)
        if check is None:
            return None
        try:
            check(**params)
        except ValueError as error:
            return str(error)
        return None

    def inputs_help(self) -> str:
        return ", ".join(f"{n}={p.describe()}" + _default(p) for n, p in self.params.items())


def script_lines(script: str) -> list[str]:
    """The lines of a typed input (``stdin_script``): each ends with a line feed, and a
    carriage return before it is part of the line, as typed (``str.splitlines`` would take
    it for a line end of its own)."""
    lines = script.split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def case_of(params: dict[str, Any]) -> Case:
    """A case named by its inputs (``game-617``, ``n-8-variant-any``)."""
    return Case("-".join(f"{name}-{value}" for name, value in params.items()), params)


def _default(param: Param) -> str:
    default = getattr(param, "default", None)
    return "" if default is None else f" (default {default})"


def _shown(params: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in params.items())


def where_in(error: BaseException, path: Path) -> str:
    """``file:line`` of the innermost frame of ``error`` in ``path``'s folder, else ``path``."""
    folder = str(path.parent.resolve())
    place = str(path)
    for frame in traceback.extract_tb(error.__traceback__):
        if str(Path(frame.filename).resolve()).startswith(folder):
            place = f"{frame.filename}:{frame.lineno}"
    return place


def check_module(module: ModuleType, path: Path) -> Algorithm:
    """The algorithm a module declares, after checking every declaration it needs."""
    for attribute in ("NAME", "TITLE", "PARAMS", "CASES"):
        if not hasattr(module, attribute):
            raise UsageError(f"{path}: an algorithm module needs {attribute}")
    name = module.NAME
    if not isinstance(name, str) or not NAME.fullmatch(name):
        raise UsageError(f"{path}: NAME {name!r} must be lower-case words joined by '-'")
    if not callable(module.output):
        raise UsageError(f"{path}: output must be a function")
    _check_params(module.PARAMS, path)
    _check_cases(module, module.PARAMS, path)
    attested = getattr(module, "ATTESTED", {})
    if not isinstance(attested, dict) or any(c not in module.CASES for c in attested):
        raise UsageError(f"{path}: ATTESTED must map case ids of CASES to text")
    return Algorithm(name, str(module.TITLE), module, path)


def _check_params(params: object, path: Path) -> None:
    if not isinstance(params, dict):
        raise UsageError(f"{path}: PARAMS must be a mapping of input name -> parameter type")
    for name, spec in params.items():
        if not isinstance(name, str) or not name.isidentifier():
            raise UsageError(f"{path}: input name {name!r} must be an identifier")
        if not all(hasattr(spec, m) for m in ("parse", "check", "describe", "edges", "draw")):
            raise UsageError(f"{path}: PARAMS[{name!r}] is not a parameter type "
                             "(IntParam, ChoiceParam of portcheck.suite.params)")


def _check_cases(module: ModuleType, params: dict[str, Param], path: Path) -> None:
    cases = module.CASES
    if not isinstance(cases, dict):
        raise UsageError(f"{path}: CASES must be a mapping of case id -> inputs")
    for case_id, inputs in cases.items():
        if not isinstance(case_id, str) or not CASE_ID.fullmatch(case_id):
            raise UsageError(f"{path}: case id {case_id!r} must be letters, digits, '-', "
                             "'_', '.' or '+'")
        if not isinstance(inputs, dict) or set(inputs) != set(params):
            raise UsageError(f"{path}: case {case_id}: inputs must be exactly "
                             f"{', '.join(params) or 'none'}")
        for name, value in inputs.items():
            try:
                params[name].check(value)
            except ValueError as error:
                raise UsageError(f"{path}: case {case_id}: {name}: {error}") from None
        try:
            getattr(module, "check_inputs", lambda **_: None)(**inputs)
        except ValueError as error:
            raise UsageError(f"{path}: case {case_id}: {error}") from None

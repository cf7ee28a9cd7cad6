"""An algorithm of the suite: its inputs, its cases and its reference output.

An algorithm is a module in the project's ``reference/`` folder (loaded by
``portcheck.suite.reference_loader``) that defines ``NAME``, ``TITLE``, ``PARAMS`` (input
name -> a parameter type of ``portcheck.suite.params``), ``CASES`` (case id -> inputs),
optionally ``ATTESTED`` (case id -> where that output is also printed), a pure
``output(**inputs) -> str``, optionally ``check_inputs(**inputs)`` (raises ``ValueError`` for
inputs each valid alone but not together: ``total`` must be below ``n``) and, for an
interactive program, ``stdin_script(**inputs) -> str`` (the input a case types).

The module is imported, checked and run in the reference's own process, never in
portcheck's (``portcheck.suite.reference_host``): what portcheck holds of an algorithm is
plain data (:func:`declare`: its name, inputs, cases, provenance) and a way to call its
functions there.
"""

from __future__ import annotations

import re
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from types import ModuleType
from typing import Any, Protocol

from portcheck.errors import UsageError
from portcheck.suite.params import ChoiceParam, IntParam, Param, param_data, param_from_data

CASE_ID = re.compile(r"[A-Za-z0-9][A-Za-z0-9_.+-]*")
NAME = re.compile(r"[a-z][a-z0-9]*(-[a-z0-9]+)*")


@dataclass(frozen=True)
class Case:
    """One input of an algorithm, with a stable id (``game-617``)."""

    id: str
    params: dict[str, Any] = field(hash=False)


class ReferenceCalls(Protocol):
    """Where an algorithm's functions run: the reference's own process
    (``portcheck.suite.reference_host``), which answers with plain data."""

    def call(self, function: str, algorithm: str, params: dict[str, Any]) -> dict[str, Any]:
        """``{"value": …}``, ``{"invalid": why}`` (``check_inputs`` refused the inputs) or
        ``{"error": {"type", "message", "where"}}``; a :class:`ReferenceFailed` when the
        process could not answer."""


class ReferenceFailed(Exception):
    """The reference's process gave no answer: it ran out of time, ended, broke its
    limits.  The message says how (``did not finish within 20 s …``)."""


@dataclass(frozen=True)
class Algorithm:
    """An algorithm as the reference declared it (plain data), whose functions run in the
    reference's own process (``calls``), never in portcheck's."""

    name: str
    title: str
    source: Path = field(repr=False)
    declared_params: dict[str, Param] = field(repr=False, compare=False)
    declared_cases: dict[str, dict[str, Any]] = field(repr=False, compare=False)
    declared_attested: dict[str, str] = field(repr=False, compare=False)
    doc: str = field(default="", repr=False, compare=False)
    has_stdin_script: bool = False
    has_check_inputs: bool = False
    calls: ReferenceCalls | None = field(default=None, repr=False, compare=False)

    @property
    def params(self) -> dict[str, Param]:
        return self.declared_params

    @property
    def cases(self) -> dict[str, Case]:
        return {cid: Case(cid, dict(p)) for cid, p in self.declared_cases.items()}

    @property
    def attested(self) -> dict[str, str]:
        return dict(self.declared_attested)

    def output(self, params: dict[str, Any]) -> str:
        """The reference output; a reference that fails or returns no text is a usage
        error naming its file and line (a port is never blamed for it)."""
        return self._text("output", params)

    def stdin_script(self, params: dict[str, Any]) -> str:
        """The scripted input of an interactive case (``stdin_script(**inputs)``)."""
        if not self.has_stdin_script:
            raise UsageError(f"{self.source}: no stdin_script(), so a port cannot take its "
                             "input from the reference")
        return self._text("stdin_script", params)

    def _text(self, function: str, params: dict[str, Any]) -> str:
        answer = self._answer(function, params)
        if "error" in answer:
            raise UsageError(_failed(answer["error"], self.source, function, params))
        text = answer.get("value")
        if not isinstance(text, str):
            kind = answer.get("not_text") or type(text).__name__
            raise UsageError(f"{self.source}: {function}() returned {kind}, not text")
        return text

    def _answer(self, function: str, params: dict[str, Any]) -> dict[str, Any]:
        if self.calls is None:
            raise UsageError(f"{self.source}: the reference cannot be run here")
        try:
            return self.calls.call(function, self.name, params)
        except ReferenceFailed as failed:
            raise UsageError(f"{self.source}: {function}({_shown(params)}): {failed}") \
                from None

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
        ``check_inputs`` raised ``ValueError``), or None; any other exception of it is the
        reference's mistake, a usage error naming its place."""
        if not self.has_check_inputs:
            return None
        answer = self._answer("check_inputs", params)
        if "error" in answer:
            raise UsageError(_failed(answer["error"], self.source, "check_inputs", params))
        invalid = answer.get("invalid")
        return None if invalid is None else str(invalid)

    def inputs_help(self) -> str:
        """The inputs in one line, as ``portcheck list`` and the usage errors say them:
        ``n=1..10 (default 8), mode=full|half|listing (default listing)``."""
        return ", ".join(input_text(n, p) for n, p in self.params.items())


def script_lines(script: str) -> list[str]:
    """The lines of a typed input (``stdin_script``): each ends with a line feed, and a
    carriage return before it is part of the line, as typed (``str.splitlines`` would take
    it for a line end of its own)."""
    lines = script.split("\n")
    return lines[:-1] if lines[-1] == "" else lines


def case_of(params: dict[str, Any]) -> Case:
    """A case named by its inputs (``game-617``, ``n-8-variant-any``)."""
    return Case("-".join(f"{name}-{value}" for name, value in params.items()), params)


def input_text(name: str, param: Param, *, required: bool = False) -> str:
    """One input as ``portcheck list``, a usage error and a command's ``ALGO --help`` say
    it: ``n=1..10 (default 8)``; with ``required``, one without a default says so
    (``game=1..2147483647 (required)``)."""
    default = getattr(param, "default", None)
    if default is not None:
        return f"{name}={param.describe()} (default {default})"
    return f"{name}={param.describe()}" + (" (required)" if required else "")


def _shown(params: dict[str, Any]) -> str:
    return ", ".join(f"{k}={v!r}" for k, v in params.items())


def _failed(error: Any, source: Path, function: str, params: dict[str, Any]) -> str:
    """``file:line: output(game=1) failed: ZeroDivisionError: division by zero``."""
    if not isinstance(error, dict):
        error = {}
    where = error.get("where") or str(source)
    return (f"{where}: {function}({_shown(params)}) failed: {error.get('type', 'Error')}: "
            f"{error.get('message', '')}")


def where_in(error: BaseException, path: Path) -> str:
    """``file:line`` of the innermost frame of ``error`` in ``path``'s folder, else ``path``."""
    folder = str(path.parent.resolve())
    place = str(path)
    for frame in traceback.extract_tb(error.__traceback__):
        if str(Path(frame.filename).resolve()).startswith(folder):
            place = f"{frame.filename}:{frame.lineno}"
    return place


def declare(module: ModuleType, path: Path) -> dict[str, Any]:
    """What a module declares, as plain data, after checking every declaration it needs
    (run where the module was imported: the reference's own process)."""
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
    if not isinstance(attested, dict) or any(c not in module.CASES for c in attested) \
            or not all(isinstance(text, str) for text in attested.values()):
        raise UsageError(f"{path}: ATTESTED must map case ids of CASES to text")
    return {"name": name, "title": str(module.TITLE), "source": str(path),
            "params": {n: param_data(p) for n, p in module.PARAMS.items()},
            "cases": {cid: dict(inputs) for cid, inputs in module.CASES.items()},
            "attested": dict(attested), "doc": module.__doc__ or "",
            "stdin_script": callable(getattr(module, "stdin_script", None)),
            "check_inputs": callable(getattr(module, "check_inputs", None))}


def from_declaration(data: dict[str, Any], calls: ReferenceCalls) -> Algorithm:
    """The algorithm :func:`declare` described, its functions run by ``calls``."""
    return Algorithm(
        name=data["name"], title=data["title"], source=Path(data["source"]),
        declared_params={n: param_from_data(p) for n, p in data["params"].items()},
        declared_cases={cid: dict(inputs) for cid, inputs in data["cases"].items()},
        declared_attested=dict(data["attested"]), doc=data["doc"],
        has_stdin_script=bool(data["stdin_script"]),
        has_check_inputs=bool(data["check_inputs"]), calls=calls)


def _check_params(params: object, path: Path) -> None:
    if not isinstance(params, dict):
        raise UsageError(f"{path}: PARAMS must be a mapping of input name -> parameter type")
    for name, spec in params.items():
        if not isinstance(name, str) or not name.isidentifier():
            raise UsageError(f"{path}: input name {name!r} must be an identifier")
        if not isinstance(spec, IntParam | ChoiceParam):
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
        except Exception as error:  # a TypeError is the reference's mistake, not the case's
            raise UsageError(f"{where_in(error, path)}: case {case_id}: check_inputs "
                             f"failed: {type(error).__name__}: {error}") from None

"""Building and running a port's program: once for the whole port, or once per case.

Most programs print all their cases in one run (the cases are rendered into ``main``).  An
interactive program that plays one game a run (the dice game) declares ``runs: per-case``:
it is run once for each case, with that case's scripted input (``stdin: reference`` takes it
from the reference's ``stdin_script(**inputs)``) and runner options in which a value
``"{name}"`` stands for the case's input ``name`` (``options: {seed: "{seed}"}``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portcheck.algorithms import Case, get_algorithm
from portcheck.ports import Port
from portcheck.runners import BuildError, Runner, RunResult, ToolchainMissing, get_runner
from portcheck.yamlio import read_text

PASS, FAIL, SKIP = "pass", "fail", "skip"
_PLACEHOLDER = re.compile(r"^\{(\w+)\}$")
# --engine applies to the languages that have one; the other ports ignore it.
ENGINES = {"bsl": ("auto", "embedded", "oscript"), "kumir": ("auto", "embedded", "kumir")}


@dataclass
class CheckResult:
    port: str
    kind: str  # transcript | run | fresh | deep | record
    status: str  # pass | fail | skip
    message: str = ""
    detail: str = ""  # a diff, compiler output, stderr
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0


@dataclass(frozen=True)
class RunSettings:
    timeout: float = 20.0
    require_runtimes: bool = False
    engine: str | None = None  # force an engine for bsl/kumir


@dataclass
class Output:
    """What the program printed, over all its runs."""

    stdout: str
    warnings: list[str]
    seconds: float


def runner_for(port: Port, settings: RunSettings, case: Case | None = None) -> Runner:
    options = {name: _option(value, case) for name, value in port.options.items()}
    if settings.engine in ENGINES.get(port.language, ()):
        options["engine"] = None if settings.engine == "auto" else settings.engine
    return get_runner(port.language, **options)


def _option(value: Any, case: Case | None) -> Any:
    match = _PLACEHOLDER.match(value) if isinstance(value, str) else None
    if match and case is not None and match.group(1) in case.params:
        return case.params[match.group(1)]
    return value


def produce_output(port: Port, program: Path, settings: RunSettings,
                   cases: list[Case] | None = None, kind: str = "run") -> Output | CheckResult:
    """Build and run ``program``; a CheckResult (fail or skip) when it cannot be done."""
    if port.runs == "once":
        stdin = read_text(port.stdin) if port.stdin else ""
        return _one_run(port, program, settings, None, stdin, kind)
    known = get_algorithm(port.algorithm).cases
    outputs = []
    for case in cases or [known[cid] for cid in port.cases]:
        result = _one_run(port, program, settings, case, _case_stdin(port, case), kind)
        if isinstance(result, CheckResult):
            result.message = f"case {case.id}: {result.message}"
            return result
        outputs.append(result)
    return Output("".join(o.stdout for o in outputs),
                  [w for o in outputs for w in o.warnings], sum(o.seconds for o in outputs))


def _case_stdin(port: Port, case: Case) -> str:
    if port.stdin_from_reference:
        return get_algorithm(port.algorithm).stdin_script(case.params)
    return read_text(port.stdin) if port.stdin else ""


def _one_run(port: Port, program: Path, settings: RunSettings, case: Case | None, stdin: str,
             kind: str) -> Output | CheckResult:
    runner = runner_for(port, settings, case)
    missing = FAIL if settings.require_runtimes else SKIP
    toolchain = runner.toolchain()
    if not toolchain.ok:
        return CheckResult(port.id, kind, missing, f"no runtime: {toolchain.detail}")
    try:
        built = runner.build(program)
    except ToolchainMissing as exc:
        return CheckResult(port.id, kind, missing, f"no runtime: {exc}")
    except BuildError as exc:
        first = (str(exc).strip().splitlines() or ["build failed"])[0]
        return CheckResult(port.id, kind, FAIL, f"build failed: {first}", str(exc))
    result = runner.run(built, stdin=stdin, timeout=settings.timeout)
    if result.timed_out:
        return CheckResult(port.id, kind, FAIL,
                           f"stopped at the time limit of {settings.timeout:g} s",
                           _printed(result), seconds=result.seconds)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or [""])[-1]
        return CheckResult(port.id, kind, FAIL,
                           f"exit code {result.returncode}: {last}".rstrip(": "),
                           _printed(result), seconds=result.seconds)
    warnings = [line for line in result.stderr.splitlines() if "warning:" in line]
    return Output(result.stdout, warnings, result.seconds)


def _printed(result: RunResult) -> str:
    return f"--- stdout so far ---\n{result.stdout}--- stderr ---\n{result.stderr}"

"""Building and running a port's program: once for the whole port, or once per case.

Most programs print all their cases in one run (the cases are rendered into ``main``).  A
program that plays one game a run (the dice game), or takes its input on the command line
(``args: ["{game}"]``), declares ``runs: per-case``: it is run once for each case, with that
case's scripted input (``stdin: reference`` takes it from the reference's
``stdin_script(**inputs)``), arguments and runner options, in which ``"{name}"`` stands for
the case's input ``name``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from portcheck.algorithms import Case
from portcheck.languages import engine_for, get_language
from portcheck.ports import Port
from portcheck.results import FAIL, SKIP, CheckResult, Reason, RunProblem
from portcheck.runners import BuildError, Runner, RunResult, ToolchainMissing, get_runner
from portcheck.yamlio import read_text


@dataclass(frozen=True)
class RunSettings:
    timeout: float = 20.0
    require_runtimes: bool = False
    engine: str | None = None  # force an engine for the languages that have it


@dataclass
class Output:
    """What the program printed, over all its runs."""

    stdout: str
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0


def runner_for(port: Port, settings: RunSettings, case: Case | None = None) -> Runner:
    options = port.options_for(case)
    forced = engine_for(get_language(port.language), settings.engine, strict=False)
    if forced:
        options["engine"] = forced
    return get_runner(port.language, **options)


def produce_output(port: Port, program: Path, settings: RunSettings,
                   cases: list[Case] | None = None, kind: str = "run") -> Output:
    """Build and run ``program`` for ``cases`` (default: the port's applicable cases);
    :class:`RunProblem` (a fail or a skip) when it cannot be done."""
    if port.runs == "once":
        stdin = read_text(port.stdin) if port.stdin else ""
        return _one_run(port, program, settings, None, stdin, kind)
    outputs = []
    for case in port.applicable if cases is None else cases:
        try:
            outputs.append(_one_run(port, program, settings, case, _case_stdin(port, case),
                                    kind))
        except RunProblem as problem:
            problem.result.message = f"case {case.id}: {problem.result.message}"
            raise
    return Output("".join(o.stdout for o in outputs),
                  [w for o in outputs for w in o.warnings], sum(o.seconds for o in outputs))


def _case_stdin(port: Port, case: Case) -> str:
    if port.stdin_from_reference:
        return port.reference.stdin_script(case.params)
    return read_text(port.stdin) if port.stdin else ""


def _one_run(port: Port, program: Path, settings: RunSettings, case: Case | None, stdin: str,
             kind: str) -> Output:
    runner = runner_for(port, settings, case)
    missing = FAIL if settings.require_runtimes else SKIP
    toolchain = runner.toolchain()
    if not toolchain.ok:
        raise _problem(port, kind, missing, f"no runtime: {toolchain.detail}", Reason.NO_RUNTIME)
    try:
        built = runner.build(program)
    except ToolchainMissing as exc:
        raise _problem(port, kind, missing, f"no runtime: {exc}", Reason.NO_RUNTIME) from None
    except BuildError as exc:
        first = (str(exc).strip().splitlines() or ["build failed"])[0]
        raise _problem(port, kind, FAIL, f"build failed: {first}", Reason.BUILD_FAILED,
                       str(exc)) from None
    result = runner.run(built, stdin=stdin, timeout=settings.timeout,
                        args=port.args_for(case))
    if result.timed_out:
        raise _problem(port, kind, FAIL, f"stopped at the time limit of {settings.timeout:g} s",
                       Reason.TIME_LIMIT, _printed(result), result.seconds)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or [""])[-1]
        raise _problem(port, kind, FAIL, f"exit code {result.returncode}: {last}".rstrip(": "),
                       Reason.CRASHED, _printed(result), result.seconds)
    warnings = [line for line in result.stderr.splitlines() if "warning:" in line]
    return Output(result.stdout, warnings, result.seconds)


def _problem(port: Port, kind: str, status: str, message: str, reason: Reason,
             detail: str = "", seconds: float = 0.0) -> RunProblem:
    return RunProblem(CheckResult(port.id, kind, status, message, detail, seconds=seconds,
                                  reason=reason))


def _printed(result: RunResult) -> str:
    return f"--- stdout so far ---\n{result.stdout}--- stderr ---\n{result.stderr}"

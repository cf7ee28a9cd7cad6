"""Building and running a port's program: once for the whole port, or once per case.

Most programs print all their cases in one run (the cases are rendered into ``main``).  A
program that plays one game a run (the dice game), or takes its input on the command line
(``args: ["{game}"]``), declares ``runs: per-case``: it is run once for each case, with that
case's scripted input (``stdin: reference`` takes it from the reference's
``stdin_script(**inputs)``), arguments and runner options, in which ``"{name}"`` stands for
the case's input ``name``.  What each run gets is worked out once (:func:`planned_runs`, a
port's :class:`PlannedRun` list) and handed to :func:`produce_output`.
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.files.yamlio import read_text
from portcheck.processes import limits
from portcheck.runners import BuildError, Runner, RunResult, ToolchainMissing, get_runner, watch
from portcheck.runners.base import (
    DEFAULT_MAX_OUTPUT,
    DEFAULT_TIMEOUT,
    CannotStart,
    check_program_size,
)
from portcheck.runners.environment import PLAIN, RunEnvironment
from portcheck.runners.exit_status import error_line, how_it_ended
from portcheck.suite.algorithms import Case
from portcheck.suite.languages import engine_for
from portcheck.suite.ports import Port
from portcheck.terminal.clip import clip_block
from portcheck.terminal.sizes import size_text
from portcheck.verify.results import FAIL, SKIP, CheckResult, Reason, RunProblem


@dataclass(frozen=True)
class RunSettings:
    timeout: float = DEFAULT_TIMEOUT
    require_runtimes: bool = False
    engine: str | None = None  # force an engine for the languages that have it
    max_output: int = DEFAULT_MAX_OUTPUT  # bytes of stdout (and of stderr) read from a run


@dataclass
class Output:
    """What the program printed, over all its runs."""

    stdout: str
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    stderr: str = ""


@dataclass(frozen=True)
class PlannedRun:
    """One run of a port's program: for one case (``None``: all the cases it prints, in one
    run), with its command-line arguments, standard input and runner options."""

    case: Case | None
    args: tuple[str, ...]
    stdin: str
    options: Mapping[str, Any]


def planned_runs(port: Port, cases: Sequence[Case] | None = None) -> list[PlannedRun]:
    """The runs of a program of ``port`` that prints ``cases`` (default: the port's
    applicable cases): one for all of them, or one per case (``runs: per-case``)."""
    if port.runs == "once":
        return [_planned(port, None)]
    return [_planned(port, case) for case in (port.applicable if cases is None else cases)]


def _planned(port: Port, case: Case | None) -> PlannedRun:
    return PlannedRun(case, tuple(port.args_for(case)), run_stdin(port, case),
                      port.options_for(case))


def run_stdin(port: Port, case: Case | None) -> str:
    """The standard input of the run for ``case`` (``None``: the run of all cases)."""
    if case is not None and port.stdin_from_reference:
        return port.reference.stdin_script(case.params)
    return read_text(port.stdin) if port.stdin else ""


def runner_for(port: Port, settings: RunSettings, options: Mapping[str, Any],
               environment: RunEnvironment = PLAIN) -> Runner:
    """The runner of a run of ``port`` with these runner options, the engine the settings
    force, in ``environment``; a value the runner refuses is a usage error naming the
    port.yaml."""
    chosen = dict(options)
    forced = engine_for(port.lang, settings.engine, strict=False)
    if forced:
        chosen["engine"] = forced
    try:
        return get_runner(port.lang, environment=environment, **chosen)
    except ValueError as error:  # an option value the runner refuses (a 1C dialect)
        raise UsageError(f"{port.id}/port.yaml: options: {error}") from None


def produce_output(port: Port, program: Path, settings: RunSettings,
                   runs: Sequence[PlannedRun] | None = None, *, kind: str = "run",
                   prebuilt: Path | None = None,
                   environment: RunEnvironment = PLAIN) -> Output:
    """Build and run ``program`` once for each of ``runs`` (default: the port's own planned
    runs, :func:`planned_runs`) in ``environment``; :class:`RunProblem` (a fail or a skip)
    when it cannot be done.  ``prebuilt``: what the runner's ``build`` would give, built
    already (``portcheck mutate`` builds mutants in batches)."""
    outputs = []
    for run in planned_runs(port) if runs is None else runs:
        try:
            outputs.append(_one_run(port, program, settings, run, kind, prebuilt, environment))
        except RunProblem as problem:
            if run.case is not None:
                problem.result.message = f"case {run.case.id}: {problem.result.message}"
            raise
    return Output("".join(o.stdout for o in outputs),
                  [w for o in outputs for w in o.warnings], sum(o.seconds for o in outputs),
                  "".join(o.stderr for o in outputs))


def _one_run(port: Port, program: Path, settings: RunSettings, run: PlannedRun, kind: str,
             prebuilt: Path | None, environment: RunEnvironment) -> Output:
    runner = runner_for(port, settings, run.options, environment)
    missing = FAIL if settings.require_runtimes else SKIP
    toolchain = runner.toolchain(timeout=settings.timeout)
    if toolchain.broken:  # there, but not working: nothing was checked, and that fails
        raise _problem(port, kind, FAIL, f"the toolchain does not work: {toolchain.detail}",
                       Reason.BROKEN_TOOLCHAIN)
    if not toolchain.ok:
        raise _problem(port, kind, missing, f"no runtime: {toolchain.detail}", Reason.NO_RUNTIME)
    try:
        if prebuilt is None:
            check_program_size(program)
        built = prebuilt or runner.build(program)
    except ToolchainMissing as exc:
        raise _problem(port, kind, missing, f"no runtime: {exc}", Reason.NO_RUNTIME) from None
    except BuildError as exc:
        lines = str(exc).strip().splitlines() or ["build failed"]
        first = compiler_messages(str(exc))[:1]
        said = f"build failed: {lines[0]}" + (f": {first[0].strip()}" if len(lines) > 1
                                              and first else "")
        raise _problem(port, kind, FAIL, said, Reason.BUILD_FAILED,
                       str(exc) if len(lines) > 1 else "") from None
    try:
        with watch.program_run():
            result = runner.run(built, stdin=run.stdin, timeout=settings.timeout,
                                max_output=settings.max_output, args=run.args)
    except CannotStart as exc:
        raise _problem(port, kind, FAIL, str(exc), Reason.CRASHED) from None
    _check_ending(port, kind, settings, result)
    warnings = [line for line in result.stderr.splitlines() if "warning:" in line]
    return Output(result.stdout, warnings, result.seconds, result.stderr)


COMPILER_SAYS = re.compile(r"\b(error|fatal)\b", re.IGNORECASE)
FIRST_MESSAGES = 12  # lines of a failed build's output a writing command shows


def compiler_messages(text: str, count: int = FIRST_MESSAGES) -> list[str]:
    """The compiler's own first messages in a failed build's output (a ``BuildError``'s
    text: its first line is portcheck's): from its first line that says error or fatal (a
    banner before it left out), at most ``count`` lines."""
    lines = text.strip().splitlines()[1:]
    start = next((n for n, line in enumerate(lines) if COMPILER_SAYS.search(line)), 0)
    return [line for line in lines[start:] if line.strip()][:count]


def _check_ending(port: Port, kind: str, settings: RunSettings, result: RunResult) -> None:
    """A :class:`RunProblem` when the run did not end by itself with exit code 0."""
    if result.output_limited:
        raise _problem(port, kind, FAIL, f"stopped: it printed more than "
                       f"{size_text(settings.max_output)} on {result.output_limited} (the "
                       "output limit; see --max-output)", Reason.OUTPUT_LIMIT,
                       _printed(result), result.seconds)
    if result.memory_limited:
        raise _problem(port, kind, FAIL, f"stopped: {limits.verdict(limits.MEMORY)}",
                       Reason.MEMORY_LIMIT, _printed(result), result.seconds)
    if result.limited:
        raise _problem(port, kind, FAIL, f"stopped: {result.limited}", _limit_reason(result),
                       _printed(result), result.seconds)
    if result.timed_out:
        raise _problem(port, kind, FAIL, f"stopped at the time limit of {settings.timeout:g} s",
                       Reason.TIME_LIMIT, _printed(result), result.seconds)
    if result.wrong_output:
        raise _problem(port, kind, FAIL, "stopped at its first wrong output", Reason.DIFFERS,
                       _printed(result), result.seconds)
    if result.returncode != 0:
        assert result.returncode is not None
        said = error_line(result.stderr)
        raise _problem(port, kind, FAIL, how_it_ended(result.returncode)
                       + (f": {said}" if said else ""), Reason.CRASHED, _printed(result),
                       result.seconds)


def _limit_reason(result: RunResult) -> Reason:
    """The reason of a run stopped by the process, CPU-time or disk limit."""
    said = result.limited or ""
    return (Reason.PROCESS_LIMIT if "--max-processes" in said else
            Reason.CPU_LIMIT if "--max-cpu" in said else Reason.DISK_LIMIT)


def _problem(port: Port, kind: str, status: str, message: str, reason: Reason,
             detail: str = "", seconds: float = 0.0) -> RunProblem:
    return RunProblem(CheckResult(port.id, kind, status, message, detail, seconds=seconds,
                                  reason=reason))


def _printed(result: RunResult) -> str:
    """What a stopped or failed run printed, clipped to its first and last lines."""
    return section("stdout so far", result.stdout) + section("stderr", result.stderr)


def stderr_note(output: Output) -> str:
    """A run's stderr, clipped, to show under a difference (nothing when it was silent)."""
    return section("stderr", output.stderr) if output.stderr.strip() else ""


def section(title: str, text: str) -> str:
    """``--- title ---`` and the first and last lines of ``text``."""
    shown = clip_block(text, *SHOWN)
    return f"--- {title} ---\n{shown}" + ("" if shown.endswith("\n") or not shown else "\n")


SHOWN = (10, 10)  # lines from the start and from the end of a run's output in a report

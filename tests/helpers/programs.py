"""Tiny programs a test builds and runs with a runner: written into a folder, built, run; and
the compiler calls a runner makes, counted."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from portcheck.runners.base import Runner, RunResult

SHORT_TIMEOUT = 1.5  # long enough for a JVM to start and print, far below any test's budget


def write_program(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def build_and_run(runner: Runner, source: Path, **options: Any) -> RunResult:
    return runner.run(runner.build(source), **options)


def count_compiler_calls(monkeypatch: pytest.MonkeyPatch, module: Any,
                         compiler: str) -> list[list[str]]:
    """Wrap ``module.run_command``; return the list of compile (not version-probe) calls."""
    calls: list[list[str]] = []
    real = module.run_command

    def counting(argv: list[str], **kwargs: Any) -> RunResult:
        args = [str(arg) for arg in argv]
        if Path(args[0]).name == compiler and not any(a.startswith("-i") for a in args[1:]):
            if "-version" not in args:
                calls.append(args)
        return real(argv, **kwargs)

    monkeypatch.setattr(module, "run_command", counting)
    return calls

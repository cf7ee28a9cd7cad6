"""The Python runner (``portcheck.runners.python``): the listing runs as it is; building is a
syntax check."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.runners import get_runner
from portcheck.runners.base import (
    BuildError,
)
from tests.helpers.programs import SHORT_TIMEOUT, build_and_run, write_program


def test_python_runs_the_listing(tmp_path: Path) -> None:
    source = write_program(
        tmp_path,
        "hello.py",
        "import sys\nname = input()\nprint('Привет,', name, '♠')\n"
        "print('to stderr', end='', file=sys.stderr)\nsys.exit(3)\n",
    )
    runner = get_runner("python")
    assert runner.toolchain().ok
    result = build_and_run(runner, source, stdin="мир\n")
    assert (result.stdout, result.stderr, result.returncode) == ("Привет, мир ♠\n", "to stderr", 3)


def test_python_build_is_only_a_syntax_check(tmp_path: Path) -> None:
    source = write_program(tmp_path, "ok.py", "print(1)\n")
    assert get_runner("python").build(source) == source


def test_python_syntax_error_names_the_place(tmp_path: Path) -> None:
    source = write_program(tmp_path, "bad.py", "x = 1\nif x\n    print(x)\n")
    with pytest.raises(BuildError) as raised:
        get_runner("python").build(source)
    assert str(raised.value) == f"{source}:2:5: SyntaxError: expected ':'"


def test_python_hang_is_killed_with_partial_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Plain print, no flush: the runner's unbuffered mode (-u) must keep the line.
    monkeypatch.delenv("PYTHONUNBUFFERED", raising=False)
    source = write_program(tmp_path, "hang.py", "print('started')\nwhile True:\n    pass\n")
    result = build_and_run(get_runner("python"), source, timeout=SHORT_TIMEOUT)
    assert result.timed_out and result.returncode is None
    assert result.stdout == "started\n"

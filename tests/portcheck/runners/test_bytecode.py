"""verify's bytecode cache for the embedded interpreters (``portcheck.runners.bytecode``):
the same results with and without it, the bytecode in portcheck's cache, nothing changed
in an environment without it."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.runners import bytecode, get_runner
from portcheck.runners.base import RunResult
from portcheck.runners.environment import PLAIN, RunEnvironment
from tests.helpers.embedded import FAILS, reports_with_and_without

PROGRAMS = {
    "prints": 'Для i = 1 По 3 Цикл\n    Сообщить("line " + i);\nКонецЦикла;\n',
    "fails": FAILS,
    "hangs": "Пока Истина Цикл\nКонецЦикла;\n",
    "floods": 'Пока Истина Цикл\n    Сообщить("xxxxxxxxxxxxxxxx");\nКонецЦикла;\n',
}


def run(program: Path, environment: RunEnvironment = PLAIN) -> RunResult:
    """Only the hanging program gets a short limit: a cold interpreter compiling from source
    on a loaded machine may take more than 2 s to print three lines."""
    runner = get_runner("bsl", engine="embedded", environment=environment)
    timeout = 2 if program.stem == "hangs" else 60
    return runner.run(runner.build(program), timeout=timeout, max_output=4096)


def outcome(result: RunResult) -> tuple[object, ...]:
    return (result.stdout, result.stderr, result.returncode, result.timed_out,
            result.output_limited)


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    return tmp_path / "cache"


def test_without_the_cache_the_environment_is_untouched() -> None:
    env = {"PYTHONDONTWRITEBYTECODE": "1", "A": "b"}
    assert PLAIN.interpreter_env(dict(env)) == env


def test_with_the_cache_the_bytecode_goes_there_and_may_be_written(cache: Path) -> None:
    kept = bytecode.in_portcheck_cache()
    env = RunEnvironment(bytecode=kept).interpreter_env({"PYTHONDONTWRITEBYTECODE": "1"})
    assert kept.prefix == cache / "pycache"
    assert env == {"PYTHONPYCACHEPREFIX": str(cache / "pycache")}
    assert PLAIN.interpreter_env({}) == {}  # another environment is untouched


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_run_in_a_session_is_the_run_outside_one(name: str, cache: Path,
                                                   tmp_path: Path) -> None:
    program = tmp_path / f"{name}.bsl"
    program.write_text(PROGRAMS[name], encoding="utf-8")
    alone = run(program)
    kept = RunEnvironment(bytecode=bytecode.in_portcheck_cache())
    first, second = run(program, kept), run(program, kept)
    assert outcome(first) == outcome(second) == outcome(alone)
    assert list(kept.bytecode.prefix.rglob("command.*.pyc")), "the runs wrote no bytecode"


def test_the_outcomes_are_those_of_the_programs(cache: Path, tmp_path: Path) -> None:
    results = {}
    for name, text in PROGRAMS.items():
        (tmp_path / f"{name}.bsl").write_text(text, encoding="utf-8")
        kept = RunEnvironment(bytecode=bytecode.in_portcheck_cache())
        results[name] = run(tmp_path / f"{name}.bsl", kept)
    assert results["prints"].stdout == "line 1\nline 2\nline 3\n"
    assert results["fails"].returncode == 1 and "boom" in results["fails"].stderr
    assert results["hangs"].timed_out
    assert results["floods"].output_limited


def test_verify_reports_the_same_without_the_cache(project_copy: Path, capsys,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    """A failing, a hanging and a passing embedded port: the same report and exit code."""
    monkeypatch.setenv("PYTHONDONTWRITEBYTECODE", "1")
    with_it, without = reports_with_and_without("embedded_bytecode", project_copy, capsys,
                                                monkeypatch)
    assert with_it[0] == 1 and "boom" in with_it[1] and "3 s" in with_it[1], with_it[1]
    assert with_it == without


def test_a_cache_that_cannot_be_written_costs_one_warm_up(cache: Path,
                                                          monkeypatch: pytest.MonkeyPatch) -> None:
    cache.mkdir()
    (cache / "pycache").write_text("not a folder", encoding="utf-8")
    started: list[list[str]] = []
    monkeypatch.setattr(bytecode, "run_command", lambda argv, **_: started.append(argv))
    kept = bytecode.in_portcheck_cache()
    envs = [kept.apply({}) for _ in range(3)]
    assert len(started) == 1 and started[0][1] == "-c"
    assert envs[0] == envs[2] == {"PYTHONPYCACHEPREFIX": str(cache / "pycache")}

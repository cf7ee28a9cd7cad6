"""verify's bytecode for the embedded interpreters (``portcheck.runners.bytecode``): the
same results with and without it, the bytecode in a private folder of the session (never
in a cache shared between runs of portcheck), a damaged ``.pyc`` deleted before a run sees
it, nothing changed in an environment without it."""

from __future__ import annotations

import marshal
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


def test_with_a_session_the_bytecode_is_read_from_its_private_folder(cache: Path) -> None:
    with bytecode.private_session() as kept:
        env = RunEnvironment(bytecode=kept).interpreter_env({"PYTHONDONTWRITEBYTECODE": "1"})
        assert env == {"PYTHONPYCACHEPREFIX": str(kept.prefix), "PYTHONDONTWRITEBYTECODE": "1"}
        assert not kept.prefix.is_relative_to(cache)  # never in portcheck's shared cache
        assert kept.prefix.stat().st_mode & 0o777 == 0o700
        assert list(kept.prefix.rglob("command.*.pyc")), "the warm-up wrote no bytecode"
    assert not kept.prefix.exists()
    assert PLAIN.interpreter_env({}) == {}  # another environment is untouched


def test_a_truncated_pyc_is_deleted_before_a_run_sees_it(tmp_path: Path) -> None:
    """What a full disk leaves: Python renames a .pyc into place whatever its write did."""
    good = tmp_path / "a.cpython-311.pyc"
    code = marshal.dumps(compile("x = 1", "a.py", "exec"))
    good.write_bytes(bytes(16) + code)
    cut = tmp_path / "sub" / "b.cpython-311.pyc"
    cut.parent.mkdir()
    cut.write_bytes(bytes(16) + code[:len(code) // 2])
    empty = tmp_path / "c.cpython-311.pyc"
    empty.write_bytes(bytes(10))
    assert sorted(bytecode.discard_damaged(tmp_path)) == sorted([cut, empty])
    assert good.exists() and not cut.exists() and not empty.exists()


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_run_in_a_session_is_the_run_outside_one(name: str, cache: Path,
                                                   tmp_path: Path) -> None:
    program = tmp_path / f"{name}.bsl"
    program.write_text(PROGRAMS[name], encoding="utf-8")
    alone = run(program)
    with bytecode.private_session() as session:
        kept = RunEnvironment(bytecode=session)
        first, second = run(program, kept), run(program, kept)
        assert list(session.prefix.rglob("command.*.pyc")), "the warm-up wrote no bytecode"
    assert outcome(first) == outcome(second) == outcome(alone)


def test_the_outcomes_are_those_of_the_programs(cache: Path, tmp_path: Path) -> None:
    results = {}
    for name, text in PROGRAMS.items():
        (tmp_path / f"{name}.bsl").write_text(text, encoding="utf-8")
        with bytecode.private_session() as session:
            results[name] = run(tmp_path / f"{name}.bsl", RunEnvironment(bytecode=session))
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


def test_the_warm_up_is_tried_once_a_session(cache: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    started: list[list[str]] = []
    monkeypatch.setattr(bytecode, "run_command", lambda argv, **_: started.append(argv))
    with bytecode.private_session() as kept:
        envs = [kept.apply({}) for _ in range(3)]
    assert len(started) == 1 and started[0][1] == "-c"
    assert envs[0] == envs[2] == {"PYTHONPYCACHEPREFIX": str(kept.prefix),
                                  "PYTHONDONTWRITEBYTECODE": "1"}

"""Processes a 1C program starts (``СоздатьПроцесс``, ``ЗапуститьПриложение``…, issue 26):
allowed where the run has a box of its own or the user unboxed runs, refused where it has
none of its own.

- ``portcheck exec`` in its own bubblewrap box: the program's child runs, inside the box
  (HOME hidden from it too).
- ``portcheck exec --sandbox off``: the child runs, as the user's own program would.
- ``exec`` confined without a box (bubblewrap missing, ``auto``) and every run forked from
  verify's zygote (many runs, one box): 1C's error «Запуск процессов в этом прогоне
  запрещён», caught by ``Попытка``, and nothing is started.

Where bubblewrap is not usable, the boxed tests are skipped naming it."""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from portcheck.processes import sandbox
from portcheck.runners import get_runner, zygote
from portcheck.runners.interpreted import InterpretedRunner, embedded_env
from tests.helpers.needs import need

REFUSED = "Запуск процессов в этом прогоне запрещён"

STARTER = """Попытка
    Команда = "sh -c 'echo child; test -e {planted} && echo sees-home || echo no-home'";
    П = СоздатьПроцесс(Команда, , Истина);
    П.Запустить();
    П.ОжидатьЗавершения();
    Сообщить("started: " + П.ПотокВывода.Прочитать());
Исключение
    Сообщить("ERR " + ИнформацияОбОшибке().Описание);
КонецПопытки;
"""


@pytest.fixture(autouse=True)
def _sandbox_restored() -> Iterator[None]:
    policy = sandbox._policy
    mode, hidden = policy.mode, policy.hidden
    yield
    policy.mode, policy.hidden = mode, hidden


@pytest.fixture
def planted() -> Iterator[Path]:
    path = Path(os.path.expanduser("~")) / f".portcheck-planted-{secrets.token_hex(4)}"
    path.write_text("x")
    yield path
    path.unlink()


@pytest.fixture
def program(tmp_path: Path, planted: Path) -> Path:
    made = tmp_path / "starter.bsl"
    made.write_text(STARTER.format(planted=planted), encoding="utf-8")
    return made


def _exec(program: Path, *options: str) -> str:
    done = subprocess.run([sys.executable, "-m", "portcheck", "exec", "--engine", "embedded",
                           str(program), *options], cwd=program.parent,
                          stdin=subprocess.DEVNULL, capture_output=True, text=True,
                          timeout=120, check=False)
    assert done.returncode == 0, done.stderr
    return done.stdout


def test_exec_in_its_own_box_starts_the_child_in_the_box(program: Path) -> None:
    need(sandbox.probe() is None, f"bubblewrap is not usable here: {sandbox.probe()}")
    printed = _exec(program, "--sandbox", "on")
    assert printed.startswith("started: child\nno-home"), printed  # HOME hidden from it too


def test_exec_unboxed_by_the_user_starts_the_child(program: Path) -> None:
    printed = _exec(program, "--sandbox", "off")
    assert printed.startswith("started: child\nsees-home"), printed


def test_exec_confined_without_a_box_starts_nothing(
        program: Path, capfd: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from portcheck.runners.embedded import run_here

    monkeypatch.setattr(sandbox, "mode", lambda: "auto")  # bubblewrap missing: no box
    assert run_here("bsl", program) == 0
    assert capfd.readouterr().out.startswith(f"ERR {REFUSED} (sh)")


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(zygote.SWITCH_ENV, raising=False)
    return tmp_path / "cache"


@pytest.mark.usefixtures("cache")
def test_a_run_forked_from_the_zygote_starts_nothing(program: Path) -> None:
    """verify's runs share the zygote's one box: none of them may start a process."""
    runner = get_runner("bsl", engine="embedded", dialect="onescript")
    assert isinstance(runner, InterpretedRunner)
    built = runner.build(program)
    with zygote.session(readable=[program.parent]) as session:
        assert session is not None
        result = session.take(runner.language, runner.embedded_argv(built), stdin="",
                              timeout=60, max_output=1 << 20, env=embedded_env())
        assert result is not None, "the run was not taken from the zygote"
    assert result.stdout.startswith(f"ERR {REFUSED} (sh)"), result.stdout

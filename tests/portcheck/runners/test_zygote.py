"""verify's zygote for the embedded interpreters' runs (``portcheck.runners.zygote``,
``portinterp.zygote``): a run forked from it is the ordinary run (output, errors,
exit code, limits, input, arguments, working folder, random seeds); only a clean run is
taken from it; it does not outlive verify; a zygote that died or cannot be had is just
not used."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from portcheck.processes import sandbox
from portcheck.runners import get_runner, zygote
from portcheck.runners.base import RunResult
from portcheck.runners.environment import PLAIN, RunEnvironment
from portcheck.runners.interpreted import InterpretedRunner
from tests.helpers.embedded import FAILS, reports_with_and_without
from tests.helpers.processes import gone_soon, processes_naming

HANG = "Пока Истина Цикл\nКонецЦикла;\n"
# name: (language, runner options, file name, program, stdin, arguments)
PROGRAMS: dict[str, tuple[str, dict[str, str], str, str, str, list[str]]] = {
    "prints": ("bsl", {}, "prints.bsl",
               'Для i = 1 По 3 Цикл\n    Сообщить("строка " + i);\nКонецЦикла;\n', "", []),
    "fails": ("bsl", {}, "fails.bsl", FAILS, "", []),
    "hangs": ("bsl", {}, "hangs.bsl", HANG, "", []),
    "floods": ("bsl", {}, "floods.bsl",
               'Пока Истина Цикл\n    Сообщить("xxxxxxxxxxxxxxxx");\nКонецЦикла;\n', "", []),
    "reads": ("kumir", {}, "reads.kum",
              "алг\nнач\n  лит s\n  цел n, i\n  ввод n\n  нц для i от 1 до n\n    ввод s\n"
              '    вывод "[", s, "]", нс\n  кц\nкон\n', "3\r\nпривет мир \r\nb\n", []),
    "seeded": ("kumir", {}, "seeded.kum", "алг\nнач\n  вывод irnd(1000000), нс\nкон\n", "",
               ["--seed", "5"]),
    "bad option": ("kumir", {}, "seeded.kum", "алг\nнач\nкон\n", "", ["--seed", "five"]),
    "litters": ("bsl", {"dialect": "onescript"}, "litters.bsl",
                "Т = Новый ТекстовыйДокумент;\nПопытка\n    Т.Прочитать(\"left.txt\");\n"
                '    Сообщить("a file of another run");\nИсключение\n'
                '    Сообщить("no file yet");\nКонецПопытки;\nТ.УстановитьТекст("x");\n'
                'Т.Записать("left.txt");\nСообщить("written");\n', "", []),
    "book": ("arsac", {}, "book.arsac", "ДЛЯ i := 1 ДО 3 ВЫПОЛНЯТЬ\n  ВЫВЕСТИ i\nВЕРНУТЬСЯ\n",
             "", []),
}
CLEAN = {"prints", "reads", "seeded", "litters", "book"}
HANG_LIMIT = 3.0  # the hanging program's time limit; the others' leaves room for a loaded machine
LIMITS = {"timeout": 60.0, "max_output": 4096}


def limits(name: str) -> dict[str, float]:
    return {**LIMITS, "timeout": HANG_LIMIT} if name == "hangs" else LIMITS


def outcome(result: RunResult | None) -> tuple[object, ...] | None:
    if result is None:
        return None
    return (result.stdout, result.stderr, result.returncode, result.timed_out,
            result.output_limited)


def prepared(name: str, folder: Path, environment: RunEnvironment = PLAIN
             ) -> tuple[InterpretedRunner, Path]:
    language, options, file_name, text, _, _ = PROGRAMS[name]
    program = folder / file_name
    program.write_text(text, encoding="utf-8")
    runner = get_runner(language, engine="embedded", environment=environment, **options)
    assert isinstance(runner, InterpretedRunner)
    return runner, runner.build(program)


def run(name: str, folder: Path, session: zygote.ZygoteSession | None = None) -> RunResult:
    """The runner's run of the program, in an environment with ``session`` (or none)."""
    runner, built = prepared(name, folder, RunEnvironment(zygote=session))
    _, _, _, _, stdin, args = PROGRAMS[name]
    return runner.run(built, stdin=stdin, args=args, **limits(name))


def run_env() -> dict[str, str]:
    """The environment of an embedded run (``InterpretedRunner.run``'s)."""
    from portcheck.runners.interpreted import embedded_env

    return embedded_env()


def forked(name: str, folder: Path, session: zygote.ZygoteSession | None) -> RunResult | None:
    """The zygote's own run of the program, clean or not (what ``take`` judges)."""
    runner, built = prepared(name, folder)
    _, _, _, _, stdin, args = PROGRAMS[name]
    assert session is not None
    started = session.zygote_for(run_env())
    assert started is not None, "the zygote did not start"
    return started.run(runner.language, [*runner.embedded_argv(built), *args], stdin=stdin,
                       **limits(name))


def take(name: str, folder: Path, session: zygote.ZygoteSession | None) -> RunResult | None:
    runner, built = prepared(name, folder)
    _, _, _, _, stdin, args = PROGRAMS[name]
    assert session is not None
    return session.take(runner.language, [*runner.embedded_argv(built), *args], stdin=stdin,
                        env=run_env(), **limits(name))


def zygote_pid(session: zygote.ZygoteSession | None) -> int:
    assert session is not None and session.zygote is not None
    return session.zygote.process.pid


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    monkeypatch.delenv(zygote.SWITCH_ENV, raising=False)
    return tmp_path / "cache"


@pytest.mark.parametrize("name", sorted(PROGRAMS))
def test_a_forked_run_is_the_ordinary_run(name: str, cache: Path, tmp_path: Path) -> None:
    alone = run(name, tmp_path)
    with zygote.session(readable=[tmp_path]) as session:
        raw = forked(name, tmp_path, session)
        first, second = run(name, tmp_path, session), run(name, tmp_path, session)
    assert outcome(raw) == outcome(first) == outcome(second) == outcome(alone)


def test_the_outcomes_are_those_of_the_programs(cache: Path, tmp_path: Path) -> None:
    with zygote.session(readable=[tmp_path]) as session:
        results = {name: forked(name, tmp_path, session) for name in PROGRAMS}
    assert outcome(results["prints"]) == ("строка 1\nстрока 2\nстрока 3\n", "", 0, False,
                                          None)
    assert results["fails"].returncode == 1 and "boom" in results["fails"].stderr
    assert results["hangs"].timed_out and results["hangs"].returncode is None
    assert results["floods"].output_limited == "stdout"
    assert results["reads"].stdout == "[]\n[привет мир ]\n[b]\n"
    assert results["bad option"].returncode == 2 and "--seed" in results["bad option"].stderr
    assert results["litters"].stdout == "no file yet\nwritten\n"


def test_only_a_clean_run_is_taken(cache: Path, tmp_path: Path) -> None:
    with zygote.session(readable=[tmp_path]) as session:
        taken = {name for name in PROGRAMS if take(name, tmp_path, session) is not None}
    assert taken == CLEAN


def test_every_run_has_random_seeds_of_its_own(cache: Path, tmp_path: Path) -> None:
    (tmp_path / "random.bsl").write_text(
        'Г = Новый ГенераторСлучайныхЧисел();\n'
        'Сообщить(Формат(Г.СлучайноеЧисло(0, 1000000000), "ЧГ=0"));\n', encoding="utf-8")
    with zygote.session(readable=[tmp_path]) as session:
        runner = get_runner("bsl", engine="embedded", environment=RunEnvironment(zygote=session))
        built = runner.build(tmp_path / "random.bsl")
        outputs = {runner.run(built, **LIMITS).stdout for _ in range(3)}
    assert len(outputs) == 3, outputs


def test_the_zygote_ends_with_its_session(cache: Path, tmp_path: Path) -> None:
    with zygote.session(readable=[tmp_path]) as session:
        assert take("prints", tmp_path, session) is not None
        pid = zygote_pid(session)
    assert gone_soon(pid)


def test_a_killed_zygote_falls_back_to_ordinary_runs(cache: Path, tmp_path: Path) -> None:
    alone = run("prints", tmp_path)
    with zygote.session(readable=[tmp_path]) as session:
        assert take("prints", tmp_path, session) is not None
        os.kill(zygote_pid(session), signal.SIGKILL)
        assert gone_soon(zygote_pid(session))
        assert take("prints", tmp_path, session) is None
        assert outcome(run("prints", tmp_path, session)) == outcome(alone)


def test_another_environment_or_the_switch_means_no_zygote(
        cache: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    runner, built = prepared("prints", tmp_path)
    with zygote.session(readable=[tmp_path]) as session:
        assert session is not None
        assert session.take("bsl", runner.embedded_argv(built), stdin="", env=run_env(),
                            **LIMITS) is not None
        other = {**run_env(), "LC_ALL": "C"}
        assert session.take("bsl", runner.embedded_argv(built), stdin="", env=other,
                            **LIMITS) is None
    monkeypatch.setenv(zygote.SWITCH_ENV, "0")
    with zygote.session(readable=[tmp_path]) as session:
        assert session is None


def test_verify_reports_the_same_without_the_zygote(project_copy: Path, capsys,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A failing, a hanging and passing embedded ports: the same report and exit code."""
    with_it, without = reports_with_and_without("fork_embedded", project_copy, capsys,
                                                monkeypatch)
    assert with_it[0] == 1 and "boom" in with_it[1] and "3 s" in with_it[1], with_it[1]
    # the same report, but for its last line: which runs were boxed (the zygote's forks
    # are, where the zygote itself starts in the box; else they say so)
    report, runs = with_it[1].rstrip("\n").rsplit("\n", 1)
    report_without, runs_without = without[1].rstrip("\n").rsplit("\n", 1)
    assert (with_it[0], report, with_it[2]) == (without[0], report_without, without[2])
    assert runs.startswith("runs: ")
    assert ("forked from the embedded interpreters' zygote" in runs) != sandbox.boxing(), runs
    assert "zygote" not in runs_without and runs_without.startswith("runs: ")


def children(pid: int) -> list[int]:
    """The live processes whose parent is ``pid``."""
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid and fields[0] not in ("Z", "X"):
            found.append(int(stat.parent.name))
    return found


def hanging_verify(project: Path) -> tuple[subprocess.Popen[str], int, int]:
    """verify of a hanging 1C port, once its run is forked: (verify, zygote, the run)."""
    (project / "ports/freecell/bsl/freecell.bsl").write_text(HANG, encoding="utf-8")
    verify = subprocess.Popen(
        [sys.executable, "-m", "portcheck", "verify", "freecell", "--lang", "bsl",
         "--engine", "embedded", "--timeout", "600"],
        stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        for pid in children(verify.pid):
            if pid in processes_naming("portinterp.zygote"):  # a child may end meanwhile
                runs = children(pid)
                if runs:
                    return verify, pid, runs[0]
        time.sleep(0.05)
    verify.kill()
    raise AssertionError("verify's zygote never forked the port's run")


def test_ctrl_c_of_verify_stops_the_zygote_and_its_runs(project_copy: Path) -> None:
    verify, zygote_process, forked_run = hanging_verify(project_copy)
    verify.send_signal(signal.SIGINT)
    _, err = verify.communicate(timeout=60)  # far below the port's time limit of 600 s
    assert verify.returncode == 130 and "Traceback" not in err, err
    assert gone_soon(forked_run) and gone_soon(zygote_process)


def test_the_zygote_and_its_runs_die_with_a_killed_verify(project_copy: Path) -> None:
    verify, zygote_process, forked_run = hanging_verify(project_copy)
    verify.kill()
    verify.communicate(timeout=60)
    assert gone_soon(forked_run) and gone_soon(zygote_process)

"""``portcheck exec``'s limits (``portcheck.runners.exec_file``, ``.embedded.run_here``,
``portcheck.processes.own_process``): exec has no time limit, so its CPU limit is what ends a
program that computes for ever — boxed (the kernel's ``RLIMIT_CPU`` and the run watch) and
unboxed (``--sandbox off``: the program runs in portcheck's own process) alike, with one
line ``FILE: stopped: …`` and exit code 1, what the program printed before it kept; time
spent waiting for input is not counted.  The disk limit holds unboxed too (a file written
past it fails at the program's line).

Each test runs ``python -m portcheck`` as a process of its own: unboxed, a stopped run ends
the process it runs in."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from portcheck.cli.options import EXEC_CPU
from portcheck.processes import sandbox
from tests.helpers.cli import one_error_line, portcheck, portcheck_process
from tests.helpers.needs import need

KUMIR_FOR_EVER = """алг
нач
  цел i
  вывод "начало", нс
  i := 0
  нц пока да
    i := i + 1
  кц
кон
"""

BSL_FOR_EVER = """Сообщить("начало");
Попытка
    Пока Истина Цикл
    КонецЦикла;
Исключение
    Сообщить("поймано");
КонецПопытки;
"""

KUMIR_WAITING = """алг
нач
  цел n
  ввод n
  вывод n * 2, нс
кон
"""


def _mode(mode: str) -> list[str]:
    if mode == "on":
        need(sandbox.probe() is None, f"bubblewrap is not usable here: {sandbox.probe()}")
    return ["--sandbox", mode]


@pytest.mark.parametrize("mode", ["on", "off"])
@pytest.mark.parametrize(("name", "text"), [("loop.kum", KUMIR_FOR_EVER),
                                            ("loop.os", BSL_FOR_EVER)])
def test_a_program_computing_for_ever_is_stopped_at_the_cpu_limit(
        tmp_path: Path, mode: str, name: str, text: str) -> None:
    (tmp_path / name).write_text(text, encoding="utf-8")
    scratch = tmp_path / "tmp"
    scratch.mkdir()
    done = portcheck_process("exec", name, "--max-cpu", "1", *_mode(mode), cwd=tmp_path,
                             env={"TMPDIR": str(scratch)}, timeout=90)
    assert done.returncode == 1, done.stderr
    assert done.stderr.strip().splitlines()[-1] == (
        f"{name}: stopped: it used more than 1 s of CPU time (the CPU limit; see --max-cpu)")
    assert done.stdout == "начало\n"  # what it printed before, and no 1C handler ran
    assert list(scratch.iterdir()) == []  # the run's own temporary folder is gone


@pytest.mark.parametrize("mode", ["on", "off"])
def test_time_spent_waiting_for_input_is_not_cpu_time(tmp_path: Path, mode: str) -> None:
    (tmp_path / "wait.kum").write_text(KUMIR_WAITING, encoding="utf-8")
    process = subprocess.Popen([sys.executable, "-m", "portcheck", "exec", "wait.kum",
                                "--max-cpu", "1", *_mode(mode)], cwd=tmp_path,
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                               stderr=subprocess.PIPE, text=True, encoding="utf-8")
    time.sleep(2.5)  # the program waits for its input longer than its CPU limit
    out, err = process.communicate("21\n", timeout=60)
    assert (process.returncode, out, err) == (0, "42\n", "")


BSL_WRITING = """Т = Новый ТекстовыйДокумент;
Для i = 1 По 20000 Цикл
    Т.ДобавитьСтроку("0123456789012345678901234567890123456789012345678901234567890123456789");
КонецЦикла;
Т.Записать("big.txt");
Сообщить("записано");
"""


@pytest.mark.parametrize("mode", ["on", "off"])
def test_a_file_past_the_disk_limit_is_not_written(tmp_path: Path, mode: str) -> None:
    (tmp_path / "write.os").write_text(BSL_WRITING, encoding="utf-8")
    done = portcheck_process("exec", "write.os", "--max-disk", "1M", *_mode(mode),
                             cwd=tmp_path, timeout=90)
    assert done.returncode == 1
    assert done.stderr.startswith("write.os:5:1: ") and done.stdout == ""
    written = tmp_path / "big.txt"  # boxed, the working folder is read-only: never written
    assert not written.exists() or written.stat().st_size <= 1024 * 1024


def test_exec_says_its_cpu_limit_and_that_it_has_no_time_limit(
        capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "exec", "--help")
    assert code == 0
    flat = " ".join(out.split())
    assert f"(default {EXEC_CPU:g} s; time waiting for input is not counted)" in flat
    assert "no time limit" in flat and "stopped: …" in flat


@pytest.mark.parametrize("kind", ["fifo", "folder", "missing"])
def test_a_file_that_is_no_program_is_one_usage_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
        kind: str) -> None:
    monkeypatch.chdir(tmp_path)
    if kind == "fifo":
        os.mkfifo("game.kum")  # opening it would wait for a writer for ever
    elif kind == "folder":
        os.mkdir("game.kum")
    code, _, err = portcheck(capsys, "exec", "game.kum")
    assert code == 2
    assert one_error_line(err) == (
        "portcheck: error: game.kum: no such file" if kind == "missing" else
        "portcheck: error: game.kum: not a regular file (a folder, a FIFO or a device is no "
        "program)")

"""A run's output on the embedded interpreters' command line is buffered
(``portinterp.buffered_output``): written whole and in order, a prompt shown before
the program waits for its answer, what a looping program printed shown within 50 ms, a
reader that goes away ended quietly, and the compiled program's code kept in the cache."""

from __future__ import annotations

import os
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from portinterp import program_cache

PIECES = """алг
нач
  цел i
  нц для i от 1 до 3000
    вывод i, " ", i * i, нс
  кц
кон
"""
PROMPT = """алг
нач
  лит ответ
  вывод "Ваш выбор? "
  ввод ответ
  вывод нс, "Вы ввели: ", ответ, нс
кон
"""
LOOP = """алг
нач
  цел i
  вывод "начало", нс
  i := 0
  нц пока да
    i := i + 1
  кц
кон
"""


def start(tmp_path: Path, text: str, name: str = "p.kum") -> subprocess.Popen[bytes]:
    program = tmp_path / name
    program.write_text(text, encoding="utf-8")
    env = {**os.environ, "PORTCHECK_CACHE": str(tmp_path / "cache")}
    return subprocess.Popen([sys.executable, "-u", "-m", "portinterp.kumir",
                             str(program)], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE, env=env)


def read_until(stream: object, wanted: bytes, seconds: float) -> bytes:
    """What ``stream`` gave until ``wanted`` appeared; fails after ``seconds``."""
    fd = stream.fileno()  # type: ignore[attr-defined]
    got, deadline = b"", time.monotonic() + seconds
    while wanted not in got:
        remaining = deadline - time.monotonic()
        assert remaining > 0, f"no {wanted!r} within {seconds} s; got {got!r}"
        if select.select([fd], [], [], remaining)[0]:
            chunk = os.read(fd, 65536)
            assert chunk, f"the stream ended before {wanted!r}; got {got!r}"
            got += chunk
    return got


def test_many_pieces_are_written_whole_and_in_order(tmp_path: Path) -> None:
    process = start(tmp_path, PIECES)
    out, err = process.communicate(timeout=60)
    assert process.returncode == 0, err
    assert out.decode() == "".join(f"{i} {i * i}\n" for i in range(1, 3001))


def test_a_prompt_shows_before_the_program_waits_for_its_answer(tmp_path: Path) -> None:
    process = start(tmp_path, PROMPT)
    try:
        assert read_until(process.stdout, "Ваш выбор? ".encode(), 60).endswith(
            "Ваш выбор? ".encode())
        out, _ = process.communicate("пять\n".encode(), timeout=60)
    finally:
        process.kill()
    assert out.decode() == "\nВы ввели: пять\n"


def test_what_a_looping_program_printed_shows_while_it_runs(tmp_path: Path) -> None:
    process = start(tmp_path, LOOP)
    try:
        assert read_until(process.stdout, "начало\n".encode(), 60) == "начало\n".encode()
    finally:
        process.kill()
        process.communicate()


@pytest.mark.parametrize("text", [PIECES, LOOP.replace("нц пока да", "нц пока i < 5")],
                         ids=["many-pieces", "one-line"])
def test_a_reader_that_goes_away_ends_the_run_quietly(tmp_path: Path, text: str) -> None:
    process = start(tmp_path, text)
    assert process.stdout is not None
    process.stdout.close()  # as `| head -0` does
    _, err = process.communicate(timeout=60)
    assert process.returncode in (0, 141), err
    assert b"Traceback" not in err


def test_the_cache_keeps_the_compiled_code(tmp_path: Path, monkeypatch: pytest.MonkeyPatch
                                           ) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    program = tmp_path / "p.kum"
    program.write_text(PIECES, encoding="utf-8")
    first = program_cache.compile_cached("kumir", program)
    compiled: list[str] = []
    monkeypatch.setattr("builtins.compile", lambda *a, **k: compiled.append(a[1]))
    again = program_cache.compile_cached("kumir", program)
    assert not compiled  # from the cache: not compiled again
    assert again._code.co_code == first._code.co_code
    assert again.python_source == first.python_source

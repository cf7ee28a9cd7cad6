"""The compile cache of ``python -m portinterp.bsl``: a cached program runs exactly
like a freshly compiled one (output, error positions, the one Null), a changed file or a
broken entry is compiled anew."""

from __future__ import annotations

import io
import os
import subprocess
import sys
from pathlib import Path

import pytest

from portinterp import bsl, program_cache
from portinterp.bsl import run_program
from portinterp.errors import RunError
from portinterp.program_cache import CACHE_ENV


def run(program: object) -> str:
    out = io.StringIO()
    try:
        run_program(program, stdin=io.StringIO(), stdout=out)  # type: ignore[arg-type]
    except RunError as error:
        return out.getvalue() + f"!{error}"
    return out.getvalue()


@pytest.fixture
def cache_root(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    return tmp_path / "cache"


def forbid_compiling(monkeypatch: pytest.MonkeyPatch) -> None:
    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("compiled again instead of using the cache")

    monkeypatch.setattr(bsl, "compile_file", refuse)


def test_second_compile_comes_from_the_cache_and_runs_alike(
        tmp_path: Path, cache_root: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    # Null is one value: Null = Null is Истина (Да) in a cached program too; 1 / 4 is the
    # decimal 0,25 (a constant the entry keeps); М[5] is outside a 2-item array (line 4).
    source = tmp_path / "p.bsl"
    source.write_text("Сообщить(Null = Null);\nСообщить(Строка(1 / 4 + 0.5));\n"
                      "М = Новый Массив(2);\nСообщить(М[5]);\n", encoding="utf-8")
    fresh = run(program_cache.compile_cached("bsl", source))
    assert len(list(cache_root.glob("bsl/*.json"))) == 1
    forbid_compiling(monkeypatch)
    cached = run(program_cache.compile_cached("bsl", source))
    assert fresh == cached == f"Да\n0,75\n!{source}:4:1: Индекс находится за границами массива"


def test_changed_file_is_another_entry(tmp_path: Path, cache_root: Path) -> None:
    source = tmp_path / "p.bsl"
    source.write_text("Сообщить(\"один\");\n", encoding="utf-8")
    assert run(program_cache.compile_cached("bsl", source)) == "один\n"
    source.write_text("Сообщить(\"два\");\n", encoding="utf-8")
    assert run(program_cache.compile_cached("bsl", source)) == "два\n"
    assert len(list(cache_root.glob("bsl/*.json"))) == 2


def test_broken_entry_is_compiled_anew(tmp_path: Path, cache_root: Path) -> None:
    source = tmp_path / "p.bsl"
    source.write_text("Сообщить(\"да\");\n", encoding="utf-8")
    program_cache.compile_cached("bsl", source)
    (entry,) = cache_root.glob("bsl/*.json")
    entry.write_bytes(b"not an entry")
    assert run(program_cache.compile_cached("bsl", source)) == "да\n"


def test_unwritable_cache_is_not_used(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv(CACHE_ENV, str(blocker / "below-a-file"))
    source = tmp_path / "p.bsl"
    source.write_text("Сообщить(\"да\");\n", encoding="utf-8")
    assert run(program_cache.compile_cached("bsl", source)) == "да\n"


def test_cli_runs_the_same_from_the_cache(tmp_path: Path) -> None:
    source = tmp_path / "p.bsl"
    source.write_text("Сообщить(\"x\");\nА = 1 / 0;\n", encoding="utf-8")
    env = {**os.environ, CACHE_ENV: str(tmp_path / "cache")}
    runs = [subprocess.run([sys.executable, "-m", "portinterp.bsl", str(source)],
                           env=env, capture_output=True, text=True, encoding="utf-8")
            for _ in range(2)]
    assert [(r.returncode, r.stdout, r.stderr) for r in runs] == [(
        1, "x\n",
        f"{source}:2:1: Деление на ноль\n",
    )] * 2

"""The Free Pascal runner (``portcheck.runners.pascal``): real ``fpc`` builds and runs of tiny
programs; every expected output follows from Free Pascal's own rules for the program shown."""

from __future__ import annotations

from pathlib import Path

import pytest

import portcheck.runners.pascal as pascal_module
from portcheck.runners import get_runner
from portcheck.runners.base import (
    BuildError,
)
from portcheck.runners.cache import MANIFEST, BuildCache
from tests.helpers.programs import SHORT_TIMEOUT, build_and_run, count_compiler_calls, write_program

requires_pascal = pytest.mark.requires_runtime("pascal")


PASCAL_HELLO = """\
program hello;
{$mode objfpc}{$H+}
var
  Name: string;
begin
  ReadLn(Name);
  Write('Привет, ', Name, ' ♠', #10);
  Write(ErrOutput, 'to stderr');
  Halt(3);
end.
"""


@requires_pascal
def test_pascal_builds_and_runs(cache: BuildCache, tmp_path: Path) -> None:
    runner = get_runner("pascal", cache=cache)
    assert runner.toolchain().ok
    source = write_program(tmp_path, "hello.pas", PASCAL_HELLO)
    result = build_and_run(runner, source, stdin="мир\n")
    assert result.stdout == "Привет, мир ♠\n"
    assert result.stderr == "to stderr"
    assert result.returncode == 3


@requires_pascal
def test_pascal_build_leaves_only_the_binary(cache: BuildCache, tmp_path: Path) -> None:
    source = write_program(tmp_path, "hello.pas", PASCAL_HELLO)
    built = get_runner("pascal", cache=cache).build(source)
    assert sorted(path.name for path in built.parent.iterdir()) == [MANIFEST, "hello"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cache", "hello.pas"]


@requires_pascal
def test_pascal_compile_error_carries_fpc_message(cache: BuildCache, tmp_path: Path) -> None:
    source = write_program(tmp_path, "bad.pas", "program bad;\nbegin\n  x := 1;\nend.\n")
    with pytest.raises(BuildError) as raised:
        get_runner("pascal", cache=cache).build(source)
    assert 'bad.pas(3,3) Error: Identifier not found "x"' in str(raised.value)


@requires_pascal
def test_pascal_range_overflow_is_a_runtime_error(cache: BuildCache, tmp_path: Path) -> None:
    # Built with -Cr: High(LongInt) * 2 is computed in 64 bits, then does not fit the
    # LongInt it is assigned to: run-time error 201 "Range check error" (FPC user's guide),
    # not a silent wrap to -2.
    source = write_program(
        tmp_path,
        "wrap.pas",
        "program wrap;\nvar X: LongInt;\nbegin\n  X := High(LongInt);\n  X := X * 2;\n"
        "  WriteLn(X);\nend.\n",
    )
    result = build_and_run(get_runner("pascal", cache=cache), source)
    assert result.returncode == 201
    assert "-2" not in result.stdout


@requires_pascal
def test_pascal_hang_is_killed_with_partial_output(cache: BuildCache, tmp_path: Path) -> None:
    # No Flush in the program: the runner's flush unit must push 'started' out by itself.
    source = write_program(
        tmp_path,
        "hang.pas",
        "program hang;\nbegin\n  WriteLn('started');\n  while True do ;\nend.\n",
    )
    result = build_and_run(get_runner("pascal", cache=cache), source, timeout=SHORT_TIMEOUT)
    assert result.timed_out and result.returncode is None
    assert result.stdout == "started\n"


@requires_pascal
def test_pascal_second_build_is_a_cache_hit(
    cache: BuildCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiles = count_compiler_calls(monkeypatch, pascal_module, "fpc")
    source = write_program(tmp_path, "hello.pas", PASCAL_HELLO)
    first = get_runner("pascal", cache=cache).build(source)
    mtime = first.stat().st_mtime_ns
    second = get_runner("pascal", cache=BuildCache(cache.root)).build(source)
    assert second == first and second.stat().st_mtime_ns == mtime
    assert len(compiles) == 1

"""``run_command`` (``portcheck.runners.base``): both streams and the exit code, stdin,
invalid UTF-8, children told to speak UTF-8, and a time limit that keeps what was printed and
kills the whole process group.  Every expected output follows from the program shown."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.runners.base import (
    MAX_PROGRAM,
    BuildError,
    check_program_size,
    child_env,
    run_command,
)
from tests.helpers.processes import gone_soon, unboxed
from tests.helpers.programs import SHORT_TIMEOUT


def test_run_command_captures_both_streams_and_the_exit_code() -> None:
    result = run_command(["sh", "-c", "printf 'out ♣'; printf 'err' >&2; exit 7"])
    assert (result.stdout, result.stderr, result.returncode) == ("out ♣", "err", 7)
    assert not result.timed_out


def test_run_command_feeds_stdin() -> None:
    result = run_command(["cat"], stdin="ввод ♥\n")
    assert result.stdout == "ввод ♥\n"


def test_run_command_replaces_invalid_utf8() -> None:
    result = run_command(["sh", "-c", r"printf 'a\377b'"])
    assert result.stdout == "a\ufffdb"


def test_children_are_told_to_speak_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("PYTHONIOENCODING", raising=False)
    result = run_command(["sh", "-c", 'printf "%s %s" "$LANG" "$PYTHONIOENCODING"'])
    assert result.stdout == "C.UTF-8 utf-8"
    assert child_env({"EXTRA": "1"})["EXTRA"] == "1"


@pytest.mark.usefixtures(unboxed.__name__)  # it follows the grandchild by its id
def test_timeout_keeps_partial_output_and_kills_the_whole_group() -> None:
    # The grandchild does not hold the pipes: only killing the group stops it.
    script = "echo started; sleep 100 >/dev/null 2>&1 & echo $!; wait"
    result = run_command(["sh", "-c", script], timeout=SHORT_TIMEOUT)
    assert result.timed_out
    assert result.returncode is None
    first, grandchild_pid = result.stdout.splitlines()
    assert first == "started"
    assert gone_soon(int(grandchild_pid))


@pytest.mark.usefixtures(unboxed.__name__)
def test_a_program_that_exits_leaving_a_child_on_its_pipes_has_ended_not_run_out() -> None:
    # the child keeps stdout open for 300 s; the program itself printed and exited 0 (it
    # was reported "stopped at the time limit" after the whole limit)
    result = run_command(["sh", "-c", "sleep 300 & echo done"], timeout=SHORT_TIMEOUT)
    assert (result.stdout, result.returncode, result.timed_out) == ("done\n", 0, False)


# -- a program too big to build (the hostile sweep's 4 GiB student, issue 29) --------------

def test_a_program_past_the_size_limit_is_a_failed_build_unread(tmp_path: Path) -> None:
    huge = tmp_path / "eve.bsl"
    with open(huge, "wb") as handle:
        handle.truncate(4 << 30)  # sparse: runners read a source whole in portcheck itself
    with pytest.raises(BuildError, match=r"eve\.bsl: 4 GiB, more than portcheck builds of "
                                         r"one program \(4 MiB\)"):
        check_program_size(huge)
    at_limit = tmp_path / "ann.py"
    with open(at_limit, "wb") as handle:
        handle.truncate(MAX_PROGRAM)
    check_program_size(at_limit)  # no more than the limit: built as ever
    check_program_size(tmp_path / "missing.py")  # the build says what is wrong

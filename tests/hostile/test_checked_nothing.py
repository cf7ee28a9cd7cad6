"""A command that checked nothing never passes, and no option is silently ignored (issue
29): a ``--cases`` naming no case, a ``--lang`` with no port, an ``--engine`` that runs none
of the languages, an option given twice or with one that contradicts it, a closed stdout —
each is one usage line, exit 2."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import one_error_line, portcheck

PYTHON_PROGRAM = "ports/freecell/python/freecell.py"


@pytest.mark.parametrize("cases", ["", ",", " , "])
def test_check_with_cases_that_name_none_is_a_usage_error(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        cases: str) -> None:
    empty = tmp_path / "empty.py"
    empty.write_text("", encoding="utf-8")  # prints nothing: checked against no case, ok
    code, out, err = portcheck(capsys, "check", "freecell", str(empty), "--cases", cases)
    assert code == 2, out
    assert "names no case" in one_error_line(err)


def test_listing_with_cases_that_name_none_is_a_usage_error(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``listing --cases ''`` meant every case where ``check --cases ''`` meant none."""
    code, out, err = portcheck(capsys, "listing", "freecell", "--lang", "python",
                               "--cases", "")
    assert code == 2, out
    assert "names no case" in one_error_line(err)


@pytest.mark.parametrize("words", [
    ("verify", "freecell", "--lang", "arsac"),
    ("verify", "--lang", "arsac"),
    ("render", "write", "freecell", "--lang", "arsac"),
])
def test_a_language_with_no_port_selected_is_a_usage_error(
        project_copy: Path, capsys: pytest.CaptureFixture[str], words: tuple[str, ...]) -> None:
    code, out, err = portcheck(capsys, *words)
    assert code == 2, out
    assert "--lang arsac: there is no port" in one_error_line(err)


@pytest.mark.parametrize("words", [
    ("run", "freecell", "--lang", "bsl", "--engine", "kumir", "game=1"),
    ("check", "freecell", PYTHON_PROGRAM, "--cases", "game-1", "--engine", "oscript"),
    ("verify", "freecell", "--lang", "python", "--engine", "embedded"),
    ("listing", "freecell", "--lang", "python", "--engine", "kumir"),
])
def test_an_engine_that_runs_none_of_the_languages_is_a_usage_error(
        project_copy: Path, capsys: pytest.CaptureFixture[str], words: tuple[str, ...]) -> None:
    code, out, err = portcheck(capsys, *words)
    assert code == 2, out
    assert "none of the languages here" in one_error_line(err)


@pytest.mark.parametrize("words", [
    ("run", "freecell", "--lang", "java", "--lang", "python", "game=1"),
    ("check", "freecell", PYTHON_PROGRAM, "--lang", "java", "--lang", "python"),
    ("listing", "freecell", "--lang", "java", "--lang", "python"),
    ("verify", "--timeout", "1", "--timeout", "2"),
])
def test_an_option_of_one_value_given_twice_is_a_usage_error(
        project_copy: Path, capsys: pytest.CaptureFixture[str], words: tuple[str, ...]) -> None:
    code, out, err = portcheck(capsys, *words)
    assert code == 2, out
    assert err.strip().splitlines()[-1].endswith("may be given once")


def test_a_repeatable_language_still_accumulates(project_copy: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python", "--lang", "bsl")
    assert code == 0, out
    assert "python" in out and "bsl" in out


@pytest.mark.parametrize("words, said", [
    (("update", "--new-only", "--allow-changed"), "cannot go with --allow-changed"),
    (("update", "--new-only", "--prune"), "cannot go with --prune"),
    (("check", "--allow-changed"), "options of golden update, not of golden check"),
    (("check", "--prune"), "options of golden update, not of golden check"),
])
def test_golden_options_that_would_be_ignored_are_refused(
        project_copy: Path, capsys: pytest.CaptureFixture[str], words: tuple[str, ...],
        said: str) -> None:
    before = (project_copy / "golden" / "freecell.yaml").read_bytes()
    code, _, err = portcheck(capsys, "golden", *words, "freecell")
    assert code == 2
    assert said in one_error_line(err)
    assert (project_copy / "golden" / "freecell.yaml").read_bytes() == before


@pytest.mark.parametrize("closed, stream", [(1, "output"), (2, "error")])
def test_a_closed_standard_stream_is_one_line_not_an_internal_error(
        project_copy: Path, closed: int, stream: str) -> None:
    """``portcheck list >&-`` failed with AttributeError (exit 1)."""
    done = subprocess.run([sys.executable, "-m", "portcheck", "list"], cwd=project_copy,
                          capture_output=True, text=True, timeout=120,
                          pass_fds=(), close_fds=True,
                          preexec_fn=lambda: __import__("os").close(closed))
    assert done.returncode == 2
    if closed == 1:
        assert one_error_line(done.stderr) == (
            f"portcheck: error: standard {stream} is closed; portcheck needs somewhere to "
            "print")

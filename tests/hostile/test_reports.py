"""Reports a person can act on (issue 8): the one-line summary of a crash names how it ended
(the signal, not ``exit code -11``) and the line of stderr that says what went wrong (not a
stack frame), stderr is shown when the output differs, a multi-line 1C exception still gives
one line, and no program's output makes a report longer than a page.
"""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from portcheck.runners.exit_status import error_line, how_it_ended
from portcheck.suite.compare import Segment, compare
from portcheck.terminal.clip import clip_block, clip_line, one_line
from tests.helpers.cli import portcheck
from tests.helpers.ports import GAME_1, add_port

requires_java = pytest.mark.requires_runtime("java")
requires_pascal = pytest.mark.requires_runtime("pascal")

JAVA_TRACE = """\
Exception in thread "main" java.lang.IllegalStateException: wrapped
\tat Freecell.deal(Freecell.java:20)
\tat Freecell.main(Freecell.java:31)
Caused by: java.lang.ArithmeticException: / by zero
\tat Freecell.seed(Freecell.java:12)
\t... 2 more
"""
PASCAL_TRACE = """\
Runtime error 201 at $0000000000401234
  $0000000000401234  DEAL,  line 12 of freecell.pas
  $00000000004012A0  main,  line 40 of freecell.pas
"""
PYTHON_TRACE = """\
Traceback (most recent call last):
  File "freecell.py", line 3, in <module>
    deal(0)
ZeroDivisionError: division by zero
"""
EMBEDDED = """\
freecell.bsl:4:1: warning: a number converted to a string
freecell.bsl:9:5: первая строка
    вторая строка
"""


@pytest.mark.parametrize("stderr, line", [
    (JAVA_TRACE, "Caused by: java.lang.ArithmeticException: / by zero"),
    (PASCAL_TRACE, "Runtime error 201 (range check error)"),
    (PYTHON_TRACE, "ZeroDivisionError: division by zero"),
    (EMBEDDED, "freecell.bsl:9:5: первая строка"),
    ("the deck is empty\n", "the deck is empty"),
    ("", ""),
])
def test_the_error_line_is_what_went_wrong_not_a_frame(stderr: str, line: str) -> None:
    assert error_line(stderr) == line


@pytest.mark.parametrize("returncode, said", [
    (0, "exit code 0"), (3, "exit code 3"), (-11, "killed by SIGSEGV"),
    (-9, "killed by SIGKILL"), (-200, "killed by signal 200"),
])
def test_how_a_program_ended(returncode: int, said: str) -> None:
    assert how_it_ended(returncode) == said


def test_a_port_killed_by_a_signal_is_reported_by_its_name(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "segv", "python", "segv.py",
             "import os, signal\nprint('started', flush=True)\nos.kill(os.getpid(), "
             "signal.SIGSEGV)\n")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "segv")
    assert code == 1
    assert "FAIL ports/freecell/segv::run: killed by SIGSEGV" in out


@requires_java
def test_a_java_exception_is_summarised_by_its_message(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "throws", "java", "Throws.java",
             "public class Throws {\n    public static void main(String[] args) {\n"
             "        int zero = args.length;\n        System.out.println(1 / zero);\n"
             "    }\n}\n")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "throws")
    assert code == 1
    assert ('FAIL ports/freecell/throws::run: exit code 1: Exception in thread "main" '
            "java.lang.ArithmeticException: / by zero") in out


@requires_pascal
def test_a_pascal_runtime_error_is_summarised_with_its_meaning(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "range", "pascal", "range.pas",
             "program range;\nvar\n  a: array[1..3] of Integer;\n  i: Integer;\nbegin\n"
             "  i := ParamCount + 4;\n  a[i] := 1;\n  WriteLn(a[1]);\nend.\n")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "range")
    assert code == 1
    assert "FAIL ports/freecell/range::run: exit code 201: Runtime error 201 (range check " \
           "error)" in out


def test_a_multi_line_1c_exception_gives_a_one_line_summary(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = add_port(project_copy, "raises", "bsl", "raises.bsl",
                      'Сообщить("начало");\nВызватьИсключение "первая строка" + Символы.ПС '
                      '+ "вторая строка";\n')
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "raises")
    assert code == 1
    assert (f"FAIL ports/freecell/raises::run: exit code 1: {folder / 'raises.bsl'}:2:1: "
            "первая строка\\nвторая строка\n") in out  # the line break shown as \\n


def test_stderr_is_shown_under_a_difference(project_copy: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "warns", "python", "warns.py",
             "import sys\nprint('no deal today')\nprint('the seed was lost', file=sys.stderr)\n")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "warns")
    assert code == 1
    lines = out.splitlines()
    assert "    --- stderr ---" in lines
    assert lines[lines.index("    --- stderr ---") + 1] == "    the seed was lost"


def test_a_difference_in_a_long_line_is_shown_where_it_starts() -> None:
    expected = "a" * 5000 + "X" + "b" * 5000 + "\n"
    difference = compare([Segment("game-1", expected)], expected.replace("X", "Y"), "exact")
    assert difference is not None
    summary = difference.one_line()
    assert "'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaX" in summary and "(from column 5001)" in summary
    assert len(summary) < 300


# --- the bounds themselves ----------------------------------------------------------------


def _clip_by_splitting(text: str, head: int, tail: int) -> str:
    """What clip_block means, written the obvious way."""
    body, ending = (text[:-1], "\n") if text.endswith("\n") else (text, "")
    lines = body.split("\n") if body else []
    if len(lines) > head + tail:
        lines = [*lines[:head], f"… {len(lines) - head - tail} lines not shown …",
                 *(lines[-tail:] if tail else [])]
    return "\n".join(lines) + ending


@given(st.lists(st.sampled_from(["", "a", "bb", "ccc"]), max_size=30),
       st.sampled_from(["", "\n"]), st.integers(0, 5), st.integers(0, 5))
def test_clip_block_keeps_the_first_and_last_lines_and_counts_the_rest(
        lines: list[str], ending: str, head: int, tail: int) -> None:
    text = "\n".join(lines) + ending
    assert clip_block(text, head, tail) == _clip_by_splitting(text, head, tail)


def test_a_line_is_cut_with_a_count_and_a_message_is_one_line() -> None:
    assert clip_line("x" * 1000, 10) == "xxxxxxxxxx… (990 more characters)"
    assert one_line("first\nsecond\n") == "first (…)"
    assert one_line("only") == "only"


def test_a_report_of_game_one_printed_a_million_times_is_a_page(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "again", "python", "again.py",
             f"import sys\nsys.stdout.write({GAME_1!r} * 1_000_000)\n")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "again",
                             "--max-output", "1M")
    assert code == 1
    assert "output limit" in out
    assert len(out.splitlines()) < 60

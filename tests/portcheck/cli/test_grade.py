"""``portcheck grade freecell SUBMISSIONS/``: 30 generated students in Python (correct,
wrong at one case, hanging, flooding, escaping, crashing, not a program, two programs, an
empty folder) each get their verdict, on the terminal, in the CSV and in the JSON (the
shape of Exercism's results.json); usage errors are one line, exit 2."""

from __future__ import annotations

import csv
import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import urldefrag

import pytest

from portcheck.processes import sandbox
from tests.helpers.browser import Chromium, find_chromium
from tests.helpers.cli import one_error_line, portcheck, portcheck_process
from tests.helpers.needs import missing_toolchain, need
from tests.helpers.results_json import assert_results_json
from tests.helpers.submissions import (
    CORRECT,
    CRASHING,
    EMPTY,
    ESCAPING,
    FLOODING,
    HANGING,
    NOT_A_PROGRAM,
    SECRET,
    TWO_PROGRAMS,
    WRONG,
    WRONG_CASE,
    make_submissions,
)

REPO = Path(__file__).resolve().parents[3]
LIMITS = ("--timeout", "4", "--max-output", "256K", "--jobs", "2")
CASES = 9  # freecell's cases, every one printed by its Python port


@pytest.fixture(scope="module")
def graded(tmp_path_factory: pytest.TempPathFactory, build_cache: Path,
           copy_slice: Callable[[Path], None]) -> dict[str, Any]:
    """The 30 students graded once for the module's tests, which only read the results:
    exit code, terminal text, CSV rows, JSON, kinds (grading thirty students took about 20 s
    of each test's setup).  ``portcheck grade`` in processes of its own, as a teacher runs
    it, with a HOME of its own that holds a secret; whether its runs were boxed is what its
    ``--sandbox`` default decides here."""
    folder = tmp_path_factory.mktemp("graded")
    root = folder / "project"
    copy_slice(root)
    home = folder / "home"
    home.mkdir()
    (home / "secret.txt").write_text(SECRET, encoding="utf-8")
    outside = folder / "outside"
    outside.mkdir()
    kinds = make_submissions(folder / "subs", REPO, outside)
    env = {"HOME": str(home), "PORTCHECK_ROOT": str(root), "PORTCHECK_CACHE": str(build_cache)}
    done = portcheck_process("grade", "freecell", str(folder / "subs"), *LIMITS, "--csv",
                             str(folder / "grades.csv"), cwd=root, env=env, timeout=600)
    json_done = portcheck_process("grade", "freecell", str(folder / "subs"), *LIMITS,
                                  "--format", "json", cwd=root, env=env, timeout=600)
    with open(folder / "grades.csv", encoding="utf-8", newline="") as stream:
        rows = list(csv.DictReader(stream))
    boxed = sandbox.mode_from_environment() != "off" and sandbox.probe() is None
    return {"code": done.returncode, "out": done.stdout, "jcode": json_done.returncode,
            "json": json.loads(json_done.stdout), "rows": rows, "kinds": kinds,
            "outside": outside, "boxed": boxed, "subs": folder / "subs"}


def _line(out: str, student: str) -> str:
    return next(line for line in out.splitlines() if line.split()[:1] == [student])


def expected(kind: str, boxed: bool) -> tuple[str, str]:
    """(the verdict's start on the terminal, the JSON status) of a kind of student."""
    return {CORRECT: ("passed", "pass"),
            WRONG: (f"failed: case {WRONG_CASE}, line", "fail"),
            HANGING: ("failed: stopped at the time limit of 4 s", "error"),
            FLOODING: ("failed: stopped: it printed more than 256 KiB", "error"),
            CRASHING: ("failed: exit code 1: ZeroDivisionError", "error"),
            ESCAPING: ("failed: exit code 1: ", "error") if boxed else ("passed", "pass"),
            NOT_A_PROGRAM: ("not graded: ", "error"),
            TWO_PROGRAMS: ("not graded: several programs in the folder", "error"),
            EMPTY: ("not graded: no program of a known language", "error")}[kind]


def test_every_student_gets_the_verdict_of_what_they_handed_in(graded: dict[str, Any]) -> None:
    assert graded["code"] == 1  # some fail
    for student, kind in graded["kinds"].items():
        verdict, _ = expected(kind, graded["boxed"])
        line = _line(graded["out"], student)
        assert verdict in line, (kind, line)
        if kind in (CORRECT,) or (kind == ESCAPING and not graded["boxed"]):
            assert f"{CASES}/{CASES}" in line
        if kind == WRONG:
            assert f"{CASES - 1}/{CASES}" in line  # wrong at exactly one case
            assert "got 'X" in line  # the first differing line, expected vs got
    assert "30 students: 10 passed" in graded["out"] or not graded["boxed"]


def test_a_run_that_ended_badly_is_said_once_for_its_cases(graded: dict[str, Any]) -> None:
    assert "error  all 9 cases: stopped at the time limit of 4 s" in graded["out"]


def test_the_json_is_one_results_object_per_student(graded: dict[str, Any]) -> None:
    document, boxed = graded["json"], graded["boxed"]
    assert graded["jcode"] == 1
    assert set(document) == set(graded["kinds"])
    for student, results in document.items():
        kind = graded["kinds"][student]
        assert_results_json(results)
        assert results["version"] == 3
        assert results["status"] == expected(kind, boxed)[1], (student, results)
        assert results["status"] in ("pass", "fail", "error")
        if results["status"] == "error":
            assert results["message"]
        else:
            assert "message" not in results
        assert isinstance(results["tests"], list)
        for test in results["tests"]:
            assert {"name", "status", "message", "test_code"} <= set(test)
            assert test["status"] in ("pass", "fail", "error")
            assert (test["message"] is None) == (test["status"] == "pass")
            assert len(test.get("output", "")) <= 500  # clipped, the note counted in
        if kind in (NOT_A_PROGRAM, TWO_PROGRAMS, EMPTY):
            assert results["tests"] == [] and results["message"].startswith("not graded")
        else:
            assert [t["name"] for t in results["tests"]][:2] == ["game-1", "game-617"]
        if kind == WRONG:
            failing = [t for t in results["tests"] if t["status"] == "fail"]
            assert [t["name"] for t in failing] == [WRONG_CASE]
            assert failing[0]["message"].startswith(f"case {WRONG_CASE}, line ")
            assert "expected '" in failing[0]["message"] and "got 'X" in failing[0]["message"]
            # how to check it again: the student's one run, with the suite's settings
            program = graded["subs"] / f"{student}.py"
            assert failing[0]["test_code"] == (
                f"portcheck check freecell {program} --lang python --cases "
                + ",".join(t["name"] for t in results["tests"])
                + f"\n# case {WRONG_CASE} is its part of the output of that one run")


def test_the_csv_has_a_row_per_student_and_case(graded: dict[str, Any]) -> None:
    rows, kinds = graded["rows"], graded["kinds"]
    not_graded = [s for s, k in kinds.items() if k in (NOT_A_PROGRAM, TWO_PROGRAMS, EMPTY)]
    assert len(rows) == (len(kinds) - len(not_graded)) * CASES + len(not_graded)
    by_student: dict[str, list[dict[str, str]]] = {}
    for row in rows:
        by_student.setdefault(row["student"], []).append(row)
    for student in not_graded:
        (row,) = by_student[student]
        assert row["status"] == "not graded" and row["verdict"].startswith("not graded")
    wrong = next(s for s, k in kinds.items() if k == WRONG)
    statuses = {row["case"]: row["status"] for row in by_student[wrong]}
    assert statuses.pop(WRONG_CASE) == "fail" and set(statuses.values()) == {"pass"}
    correct = next(s for s, k in kinds.items() if k == CORRECT)
    assert {row["settings"] for row in by_student[correct]} == {"ports/freecell/python"}


def test_escaping_students_are_held_in_their_box(graded: dict[str, Any]) -> None:
    need(graded["boxed"], f"runs are not boxed here ({sandbox.why_not_boxed()}); install "
                          "package bubblewrap")
    assert list(graded["outside"].iterdir()) == []  # nothing written outside its folder
    for student, kind in graded["kinds"].items():
        if kind == ESCAPING:
            # its /tmp is the box's own (the file is not there); elsewhere read-only
            line = _line(graded["out"], student)
            assert "No such file or directory" in line or "Read-only file system" in line
    assert SECRET not in json.dumps(graded["json"])


def test_output_of_a_port_is_escaped_on_the_terminal(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    (subs / "eve.py").write_text("print('\\x1b[2J\\x1b[1;32mok')\n", encoding="utf-8")
    code, out, _ = portcheck(capsys, "grade", "freecell", str(subs), "--timeout", "10")
    assert code == 1
    assert "\x1b" not in out and "got '\\x1b[2J\\x1b[1;32mok'" in out


def test_a_report_page_is_written(project_copy: Path, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(REPO / "ports" / "freecell" / "python" / "freecell.py", subs / "ann.py")
    (subs / "bob.py").write_text("print('<b>hi</b>')\n", encoding="utf-8")
    code, out, _ = portcheck(capsys, "grade", "freecell", str(subs), "--timeout", "10",
                             "--report", str(tmp_path / "site"))
    assert code == 1, out
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    assert "<h1>Grades: freecell</h1>" in page and "9/9" in page and "0/9" in page
    assert "&lt;b&gt;hi&lt;/b&gt;" in page and "<b>hi</b>" not in page
    (subs / "notes.txt").write_text("todo\n", encoding="utf-8")
    portcheck(capsys, "grade", "freecell", str(subs), "--timeout", "10", "--report",
              str(tmp_path / "site"))  # an earlier report is replaced
    chromium = find_chromium()
    need(chromium, "chromium not found: install Debian's chromium to read the page")
    browser = Chromium(chromium)
    try:
        visit = browser.visit((tmp_path / "site" / "index.html").as_uri())
    finally:
        browser.close()
    assert visit.problems == []
    page = (tmp_path / "site" / "index.html").read_text(encoding="utf-8")
    fragments = [urldefrag(link)[1] for link in visit.links]
    assert fragments == ["student-1", "student-2"]  # notes, not graded, has no section
    assert all(f'id="{fragment}"' in page for fragment in fragments)
    assert "not graded: notes.txt" in page


def test_a_java_student_is_graded_with_the_java_port_settings(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    need(missing_toolchain("java") is None, f"{missing_toolchain('java')}")
    subs = tmp_path / "subs"
    (subs / "jan").mkdir(parents=True)
    shutil.copy(REPO / "ports" / "freecell" / "java" / "Freecell.java", subs / "jan")
    code, out, _ = portcheck(capsys, "grade", "freecell", str(subs), "--timeout", "60")
    assert code == 0, out
    assert "jan" in out and "java" in out and "9/9  passed" in out


@pytest.mark.parametrize(("words", "message"), [
    (["grade", "chess", "subs"], "unknown algorithm 'chess'"),
    (["grade", "freecell", "nowhere"], "nowhere: no such folder"),
    (["grade", "freecell", "empty"], "empty: empty, no submissions to grade"),
    (["grade", "freecell", "file.py"], "file.py: not a folder"),
    (["grade", "freecell", "subs", "--csv", "subs"], "subs: a folder"),
])
def test_usage_errors_are_one_line(project_copy: Path, capsys: pytest.CaptureFixture[str],
                                   words: list[str], message: str) -> None:
    (project_copy / "subs").mkdir()
    (project_copy / "subs" / "ann.py").write_text("print(1)\n", encoding="utf-8")
    (project_copy / "empty").mkdir()
    (project_copy / "file.py").write_text("print(1)\n", encoding="utf-8")
    code, _, err = portcheck(capsys, *words)
    assert code == 2
    assert message in one_error_line(err)


def test_all_passing_exits_0(project_copy: Path, tmp_path: Path,
                             capsys: pytest.CaptureFixture[str]) -> None:
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(REPO / "ports" / "freecell" / "python" / "freecell.py", subs / "ann.py")
    code, out, _ = portcheck(capsys, "grade", "freecell", str(subs), "--format", "json")
    assert code == 0
    assert json.loads(out)["ann"]["status"] == "pass"


def test_a_student_whose_language_has_no_runtime_here_is_not_graded(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing here can run it: said, and not counted as the student's failure."""
    subs = tmp_path / "subs"
    subs.mkdir()
    shutil.copy(REPO / "ports" / "freecell" / "java" / "Freecell.java", subs / "jan.java")
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    code, out, _ = portcheck(capsys, "grade", "freecell", str(subs), "--sandbox", "off")
    assert code == 1
    assert "not graded: no runtime: javac not found: install package " \
        "openjdk-17-jdk-headless" in _line(out, "jan")

"""Who is a student in a submissions folder: a file by its stem, a folder with one program
by its name; anything else a line that says why it is not graded, never left out."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.errors import UsageError
from portcheck.suite.declarations import builtin_languages
from portcheck.verify.grading import find_submissions


def write(path: Path, text: str = "print(1)\n") -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")


def test_students_are_files_and_folders_with_one_program(tmp_path: Path) -> None:
    write(tmp_path / "ann.py")
    write(tmp_path / "bob" / "Deal.java", "class Deal {}\n")
    write(tmp_path / "bob" / "README.md", "mine\n")  # no program: left alone in a folder
    write(tmp_path / "carl.txt", "notes\n")
    write(tmp_path / "two" / "a.py")
    write(tmp_path / "two" / "b.rb", "puts 1\n")
    (tmp_path / "none").mkdir()
    write(tmp_path / ".hidden.py")  # a dot file is nobody's submission
    (tmp_path / "link.py").symlink_to(tmp_path / "ann.py")
    found = {s.name: s for s in find_submissions(tmp_path, builtin_languages())}
    assert sorted(found) == ["ann", "bob", "carl", "link", "none", "two"]
    assert found["ann"].language.name == "python" and found["ann"].program.is_absolute()
    assert found["bob"].language.name == "java" and found["bob"].program.name == "Deal.java"
    assert "no known language has the suffix '.txt'" in found["carl"].problem
    assert found["two"].problem == "several programs in the folder (a.py, b.rb): leave " \
                                   "exactly one"
    assert found["none"].problem.startswith("no program of a known language")
    assert found["link"].problem == "not a regular file or folder"


def test_a_program_in_a_folder_that_is_a_link_is_not_graded(tmp_path: Path) -> None:
    """A link out of a student's folder (to a secret, to another student's program) is not
    that student's program, as a student that is a link is not (the hostile sweep)."""
    write(tmp_path / "outside" / "secret.java", "SECRET\n")
    write(tmp_path / "subs" / "ann.py")
    (tmp_path / "subs" / "bob").mkdir()
    (tmp_path / "subs" / "bob" / "Deal.java").symlink_to(tmp_path / "outside" / "secret.java")
    found = {s.name: s for s in find_submissions(tmp_path / "subs", builtin_languages())}
    assert found["bob"].program is None
    assert found["bob"].problem == "Deal.java: a symbolic link, not a regular file"
    assert found["ann"].program is not None


def test_a_file_and_a_folder_of_one_name_are_both_graded(tmp_path: Path) -> None:
    write(tmp_path / "ann.py")
    write(tmp_path / "ann" / "deal.py")
    names = [s.name for s in find_submissions(tmp_path, builtin_languages())]
    assert names == ["ann", "ann.py"]


@pytest.mark.parametrize(("make", "message"), [
    (lambda p: None, "no such folder"),
    (lambda p: p.write_text("x"), "not a folder"),
    (lambda p: p.mkdir(), "empty, no submissions to grade"),
])
def test_no_folder_or_an_empty_one_is_a_usage_error(tmp_path: Path, make: object,
                                                     message: str) -> None:
    folder = tmp_path / "subs"
    make(folder)  # type: ignore[operator]
    with pytest.raises(UsageError, match=message):
        find_submissions(folder, builtin_languages())


def test_portchecks_own_failure_on_one_student_is_that_students_line(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from portcheck.verify import grading
    from portcheck.verify.execution import RunSettings

    write(tmp_path / "ann.py")
    write(tmp_path / "bob.py")
    submissions = find_submissions(tmp_path, builtin_languages())

    def broken(project: object, settings: object, submission: grading.Submission,
               *rest: object) -> grading.Grade:
        if submission.name == "ann":
            raise RuntimeError("a bug")
        return grading.Grade(submission, [grading.CaseGrade("c-1", "pass")])

    monkeypatch.setattr(grading, "grade", broken)
    grades = grading.grade_all(None, RunSettings(), submissions, None, [], 2)  # type: ignore[arg-type]
    assert grades[0].verdict.startswith("failed: portcheck failed on this student: "
                                        "RuntimeError: a bug (at ")
    assert grades[1].verdict == "passed"

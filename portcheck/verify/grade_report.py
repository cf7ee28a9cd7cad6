"""What ``portcheck grade`` shows and writes: the table of students (passed cases / total,
verdict), each student's cases that did not pass (the first differing line, expected vs
got, with the case), one CSV row per student and case, and one Exercism ``results.json``
object per student (``verify.exercism``).

Everything a program printed or said passes ``terminal.controls`` before the terminal
(the verdicts and messages are escaped where they are made); the CSV and the JSON keep the
data and escape nothing but what their format needs.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

from portcheck.suite.ports import Port
from portcheck.terminal.controls import escape_controls
from portcheck.terminal.words import plural
from portcheck.verify import exercism
from portcheck.verify.grading import NOT_GRADED, CaseGrade, Grade, status_counts
from portcheck.verify.results import PASS

CSV_COLUMNS = ("student", "file", "language", "case", "status", "message", "passed", "total",
               "verdict", "settings")


def _language(grade: Grade) -> str:
    return grade.submission.language.name if grade.submission.language else "-"


def _score(grade: Grade) -> str:
    return f"{grade.passed}/{len(grade.cases)}" if grade.graded else "-"


def table(grades: list[Grade]) -> str:
    """One line a student: name, language, passed/total, verdict."""
    rows = [("student", "language", "cases", "verdict")]
    rows += [(escape_controls(g.name), _language(g), _score(g), g.verdict) for g in grades]
    widths = [max(len(row[n]) for row in rows) for n in range(3)]
    return "\n".join(f"{a:{widths[0]}}  {b:{widths[1]}}  {c:>{widths[2]}}  {d}".rstrip()
                     for a, b, c, d in rows)


def details(grades: list[Grade], verbose: bool = False) -> str:
    """Each graded student's cases that did not pass (every case with ``verbose``)."""
    out: list[str] = []
    for grade in grades:
        shown = [c for c in grade.cases if verbose or c.status != PASS]
        if not grade.graded or not shown:
            continue
        program = grade.submission.program.name if grade.submission.program else ""
        out.append(f"{escape_controls(grade.name)} ({escape_controls(program)}; settings: "
                   f"{grade.settings_from}):")
        if grade.message and not verbose:  # one run that ended badly: said once
            out.append(f"  error  all {plural(len(grade.cases), 'case')}: {grade.message}")
            continue
        for case in shown:
            said = f": {case.message}" if case.message else ""
            out.append(f"  {case.status:5}  {case.case_id}{said}")
    return "\n".join(out)


def summary(grades: list[Grade], seconds: float) -> str:
    counts = status_counts(grades)
    return (f"{plural(len(grades), 'student')}: {counts['passed']} passed, "
            f"{counts['failed']} failed, {counts[NOT_GRADED]} not graded ({seconds:.1f} s)")


def csv_text(grades: list[Grade]) -> str:
    """One row per student and case; a student not graded is one row with no case."""
    buffer = io.StringIO()
    writer = csv.writer(buffer, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for grade in grades:
        common = (grade.name, grade.submission.path.name, _language(grade))
        tail = (grade.passed, len(grade.cases), grade.verdict, grade.settings_from)
        if not grade.cases:
            writer.writerow((*common, "", NOT_GRADED if not grade.graded else "error",
                             grade.verdict, *tail))
        for case in grade.cases:
            writer.writerow((*common, case.case_id, case.status, case.message, *tail))
    return buffer.getvalue()


def student_results(grade: Grade, algorithm: str) -> dict[str, Any]:
    """One student's ``results.json`` object."""
    if not grade.graded:
        return exercism.results([], grade.verdict)
    return program_results(grade.cases, grade.port, algorithm, grade.message,
                           grade.normalize_file)


def program_results(cases: list[CaseGrade], port: Port | None, algorithm: str,
                    message: str = "", normalize_file: str = "",
                    command: Callable[[str], str] | None = None) -> dict[str, Any]:
    """One program's ``results.json`` object (``check``, and each student of ``grade``): a
    test a case, its ``test_code`` the command that checks it again (``command``, or
    ``exercism.rerun``; what was checked where no ``check`` command can say it), and a
    failed build a test of its own (``build``, the compiler's messages) before them."""
    def again(case: CaseGrade) -> str:
        said = f"{algorithm} {case.inputs}".strip() + ": the output equals the golden"
        if command is not None:
            return command(case.case_id)
        if port is None:
            return said
        return exercism.rerun(port, case.case_id, normalize_file or None, fallback=said)

    tests = []
    built = next((case for case in cases if case.build), None)
    if built is not None:
        tests.append(exercism.build_test("build", built.message, built.build,
                                         again(built).split("\n")[0]))
    tests += [exercism.test(case.case_id, case.status, case.message,
                            case.output if case.output or case.status != "error" else None,
                            again(case)) for case in cases]
    return exercism.results(tests, message if all(c.status == "error" for c in cases)
                            else "")


def json_document(grades: list[Grade], algorithm: str) -> dict[str, Any]:
    """Every student's ``results.json`` object, keyed by student name."""
    return {grade.name: student_results(grade, algorithm) for grade in grades}

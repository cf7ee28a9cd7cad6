"""``portcheck grade ALGO SUBMISSIONS/``: every student's program checked against the goldens,
case by case.

A **student** is a file directly in the folder (named by its stem) or a subfolder holding
exactly one program (named by the folder); the language comes from the suffix, among the
languages the suite declares.  Anything else — a file of no known language, a folder with
no program or with several — is a :class:`Grade` that says why it was ``not graded``, never
left out.

Each program is checked as the suite checks its own port **in that language**: the same
cases, runs (one for all, or one per case with its arguments and scripted input), compare
mode and notation map (``normalize``).  When the algorithm has no port in the language, the
defaults: every case of the algorithm, printed in one run, compared ``exact``, with no
notation map.  (Decision written down in docs/grading.md.)

Every run is an ordinary run of a port (``verify.execution``): its own scratch folder, the
time and output limits, and the bubblewrap box wherever runs are boxed; the students are
graded ``jobs`` at a time on threads (each run is a process of its own).
"""

from __future__ import annotations

import dataclasses
import os
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path

from portcheck.errors import UsageError, describe_exception
from portcheck.processes import containment
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.compare import Segment, compare
from portcheck.suite.languages import Language, Registry
from portcheck.suite.ports import Port
from portcheck.suite.project import Project
from portcheck.suite.slicing import cut
from portcheck.terminal.clip import one_line
from portcheck.terminal.controls import escape_controls
from portcheck.verify.checks import MissingGolden, golden_segments
from portcheck.verify.execution import PlannedRun, RunSettings, planned_runs, produce_output
from portcheck.verify.results import FAIL, PASS, SKIP, Reason, RunProblem
from portcheck.verify.workers import map_on_threads

NOT_GRADED = "not graded"
ERROR = "error"  # a case whose run did not end well (a crash, a limit, a failed build)


@dataclass(frozen=True)
class Submission:
    """One student: ``name``, the file or folder handed in, and its program (None, with
    ``problem`` saying why, when nothing can be graded)."""

    name: str
    path: Path
    program: Path | None = None
    language: Language | None = None
    problem: str = ""


@dataclass
class CaseGrade:
    """One case of one student: pass, fail (wrong output) or error (the run did not end
    well); ``message`` is one line (the first differing line, or how the run ended)."""

    case_id: str
    status: str  # pass | fail | error
    message: str = ""
    output: str = ""  # what the program printed for this case (as printed, not escaped)
    inputs: str = ""  # "game=617"
    build: str = ""  # its build failed: what the compiler said (its first line: portcheck's)


@dataclass
class Grade:
    submission: Submission
    cases: list[CaseGrade] = field(default_factory=list)
    message: str = ""  # why nothing ran, or how the one run ended
    settings_from: str = ""  # the suite's port whose settings were used, or "defaults"
    seconds: float = 0.0
    port: Port | None = None  # the program as the port it was checked as
    normalize_file: str = ""  # the port.yaml whose notation map it was read through

    @property
    def name(self) -> str:
        return self.submission.name

    @property
    def graded(self) -> bool:
        return not self.submission.problem

    @property
    def passed(self) -> int:
        return sum(1 for case in self.cases if case.status == PASS)

    @property
    def ok(self) -> bool:
        return self.graded and bool(self.cases) and self.passed == len(self.cases)

    @property
    def verdict(self) -> str:
        """``passed``, ``failed: <first problem>`` or ``not graded: <why>`` (one line)."""
        if not self.graded:
            return f"{NOT_GRADED}: {self.submission.problem}"
        if self.ok:
            return "passed"
        first = next((c for c in self.cases if c.status != PASS), None)
        why = self.message or (first.message if first else "no cases")
        return one_line(escape_controls(f"failed: {why}"))


# -- the students of a folder ---------------------------------------------------------------

def find_submissions(folder: Path, languages: Registry) -> list[Submission]:
    """Every student of ``folder``, by name; a usage error when the folder is missing or
    holds nothing."""
    if not folder.is_dir():
        raise UsageError(f"{folder}: no such folder" if not folder.exists()
                         else f"{folder}: not a folder")
    entries = sorted((p for p in folder.iterdir() if not p.name.startswith(".")),
                     key=lambda p: p.name)
    if not entries:
        raise UsageError(f"{folder}: empty, no submissions to grade")
    # absolute: a run's working folder is a scratch one, and its box binds the program by
    # its path
    found = [_submission(Path(os.path.abspath(entry)), languages) for entry in entries]
    return _distinct(found)


def _submission(entry: Path, languages: Registry) -> Submission:
    if entry.is_dir() and not entry.is_symlink():
        programs = [p for p in sorted(entry.iterdir())
                    if p.is_file() and not p.name.startswith(".")
                    and language_of(p, languages) is not None]
        if len(programs) == 1 and programs[0].is_symlink():
            # as a student that is a link: its program could be any file of the machine
            # (boxed, the box cannot bind it; unboxed, its text would reach the report)
            return Submission(entry.name, entry, problem=f"{programs[0].name}: a symbolic "
                              "link, not a regular file")
        if len(programs) == 1:
            return Submission(entry.name, entry, programs[0], language_of(programs[0],
                                                                          languages))
        if not programs:
            return Submission(entry.name, entry, problem="no program of a known language in "
                              f"the folder (known suffixes: {_suffixes(languages)})")
        return Submission(entry.name, entry, problem="several programs in the folder ("
                          + ", ".join(p.name for p in programs) + "): leave exactly one")
    if not entry.is_file() or entry.is_symlink():
        return Submission(entry.stem, entry, problem="not a regular file or folder")
    language = language_of(entry, languages)
    if language is None:
        return Submission(entry.stem, entry, problem=f"{entry.name}: no known language has "
                          f"the suffix {entry.suffix or '(none)'!r} (known: "
                          f"{_suffixes(languages)})")
    return Submission(entry.stem, entry, entry, language)


def _distinct(found: list[Submission]) -> list[Submission]:
    """Two entries with one name (``ann.py`` and ``ann/``): both are kept, by their file
    names, so neither hides the other."""
    names = [s.name for s in found]
    return [dataclasses.replace(s, name=s.path.name) if names.count(s.name) > 1 else s
            for s in found]


def language_of(path: Path, languages: Registry) -> Language | None:
    try:
        return languages.of_file(path)
    except UsageError:
        return None


def _suffixes(languages: Registry) -> str:
    return " ".join(s for language in languages.values() for s in language.suffixes)


# -- how each student is checked ----------------------------------------------------------

def model_port(ports: Iterable[Port], algorithm: str, language: str) -> Port | None:
    """The suite's port of ``algorithm`` in ``language`` whose settings a student's program
    gets: the template port first, then any other that runs."""
    mine = [p for p in ports if p.algorithm == algorithm and p.language == language
            and p.runnable]
    mine.sort(key=lambda p: (p.origin != "template", p.folder.name))
    return mine[0] if mine else None


def submission_port(reference: Algorithm, submission: Submission,
                    ports: Iterable[Port]) -> tuple[Port, str]:
    """The student's program as a contributed port, and where its settings came from."""
    assert submission.program is not None and submission.language is not None
    language = submission.language
    model = model_port(ports, reference.name, language.name)
    if model is not None:
        port = dataclasses.replace(
            model, folder=submission.program.parent, id=f"{submission.name}",
            origin="contributed", program=submission.program, template=None,
            transcript_from="run", note="", declaration=model.declaration or language)
        return port, model.id
    port = Port(folder=submission.program.parent, id=submission.name, reference=reference,
                language=language.name, origin="contributed", program=submission.program,
                cases=list(reference.cases), declaration=language)
    return port, "defaults"


def grade(project: Project, settings: RunSettings, submission: Submission,
          reference: Algorithm, ports: Iterable[Port]) -> Grade:
    """One student's grade: every case of its port, each pass, fail or error."""
    if submission.problem:
        return Grade(submission)
    started = time.perf_counter()
    ports = list(ports)
    port, source = submission_port(reference, submission, ports)
    try:
        segments = golden_segments(project, port)
    except MissingGolden as missing:
        raise UsageError(str(missing)) from None
    model = next((p for p in ports if p.id == source), None)
    grade = Grade(submission, settings_from=source, port=port, normalize_file=str(
        model.folder / "port.yaml") if model is not None and port.normalize else "")
    try:
        grade.cases, grade.message = grade_port(port, settings, segments)
    except NoRuntime as missing:  # nothing here can run it: not the student's failure
        return Grade(dataclasses.replace(submission, problem=str(missing)),
                     settings_from=source)
    grade.seconds = time.perf_counter() - started
    return grade


def grade_port(port: Port, settings: RunSettings,
               segments: list[Segment]) -> tuple[list[CaseGrade], str]:
    """Each case of ``port`` (its goldens: ``segments``), and how its one run ended when
    that failed ("" otherwise)."""
    if port.runs == "once":
        return _graded_once(port, settings, segments)
    runs = planned_runs(port)
    return [_graded_alone(port, settings, run, segment)
            for run, segment in zip(runs, segments, strict=True)], ""


def grade_output(port: Port, printed: str, segments: list[Segment]) -> list[CaseGrade]:
    """What one run (or a saved output) printed, cut into the cases, each compared alone."""
    pieces = cut(printed, [(s.case_id, s.text) for s in segments], port.compare,
                 port.normalize)
    return [_compared(port, segment, pieces[segment.case_id]) for segment in segments]


class NoRuntime(Exception):
    """The program's language has no runtime here (a skip, not a failure)."""


def _problem(problem: RunProblem) -> tuple[str, str]:
    """How a run ended that gave no output to compare, and what the compiler said when its
    build failed; :class:`NoRuntime` when nothing here can run the program at all."""
    result = problem.result
    if result.status == SKIP:
        raise NoRuntime(result.message) from None
    return result.message, (result.detail or result.message
                            if result.reason == Reason.BUILD_FAILED else "")


def _graded_once(port: Port, settings: RunSettings,
                 segments: list[Segment]) -> tuple[list[CaseGrade], str]:
    """One run prints every case: its output cut into the cases, each compared alone."""
    try:
        output = produce_output(port, port.program, settings, kind="grade")
    except RunProblem as problem:
        message, build = _problem(problem)
        return [CaseGrade(s.case_id, ERROR, message, inputs=s.inputs, build=build)
                for s in segments], message
    return grade_output(port, output.stdout, segments), ""


def _graded_alone(port: Port, settings: RunSettings, run: PlannedRun,
                  segment: Segment) -> CaseGrade:
    """One run for this case (``runs: per-case``)."""
    try:
        output = produce_output(port, port.program, settings, [run], kind="grade")
    except RunProblem as problem:
        message, build = _problem(problem)
        return CaseGrade(segment.case_id, ERROR, message, inputs=segment.inputs, build=build)
    return _compared(port, segment, output.stdout)


def _compared(port: Port, segment: Segment, printed: str) -> CaseGrade:
    difference = compare([segment], printed, port.compare, ("golden", "output"),
                         mapping=port.normalize)
    if difference is None:
        return CaseGrade(segment.case_id, PASS, output=printed, inputs=segment.inputs)
    return CaseGrade(segment.case_id, FAIL, one_line(escape_controls(difference.one_line())),
                     printed, segment.inputs)


def grade_all(project: Project, settings: RunSettings, submissions: list[Submission],
              reference: Algorithm, ports: list[Port], jobs: int,
              done: Callable[[Submission], None] | None = None) -> list[Grade]:
    """Every student's grade, in the submissions' order, ``jobs`` students at a time."""
    def one(submission: Submission) -> Grade:
        try:
            result = grade(project, settings, submission, reference, ports)
        except UsageError:
            raise
        except Exception as error:  # a bug of portcheck's: this student's line, not all
            result = Grade(submission, message="portcheck failed on this student: "
                           f"{describe_exception(error)}")
        if done is not None:
            done(submission)
        return result

    try:
        return map_on_threads(one, submissions, jobs, stop=containment.stop_all)
    finally:
        containment.resume()


def status_counts(grades: list[Grade]) -> dict[str, int]:
    """Students passed, failed and not graded."""
    return {"passed": sum(1 for g in grades if g.ok),
            "failed": sum(1 for g in grades if g.graded and not g.ok),
            NOT_GRADED: sum(1 for g in grades if not g.graded)}


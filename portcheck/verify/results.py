"""What a check of a port ends with: a status, the reason for it, and what to show.

The report, the pytest plugin and the commands read ``status`` and ``reason``; they never
search the message text.  A result's message is one line and its detail is clipped
(``portcheck.terminal.clip``), so no program's output can flood a report.  A run that cannot produce
output (no runtime, a build error, a crash, the time or output limit) raises
:class:`RunProblem` carrying its result.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum

from portcheck.terminal.clip import clip_block, one_line
from portcheck.terminal.controls import escape_controls


class Status(StrEnum):
    PASS = "pass"
    FAIL = "fail"
    SKIP = "skip"  # could not be checked here (no runtime; nothing here can run it)
    NA = "n/a"  # does not apply to this port (a case beyond what its language holds)


class Reason(StrEnum):
    MATCH = "match"
    DIFFERS = "differs"
    NO_RUNTIME = "no runtime"
    BROKEN_TOOLCHAIN = "broken toolchain"  # installed, but its probe hung, failed or crashed
    TRANSCRIPT_ONLY = "transcript only"
    BUILD_FAILED = "build failed"
    TIME_LIMIT = "time limit"
    OUTPUT_LIMIT = "output limit"  # it printed more than --max-output
    MEMORY_LIMIT = "memory limit"  # it used more than --max-memory
    PROCESS_LIMIT = "process limit"  # it started more than --max-processes
    CPU_LIMIT = "cpu limit"  # it used more CPU time than --max-cpu
    DISK_LIMIT = "disk limit"  # it wrote more than --max-disk
    CRASHED = "crashed"
    MISSING = "missing"  # a file or golden the check needs is not there
    INTERNAL = "internal error"  # portcheck itself failed on this port (a bug to report)
    NOT_APPLICABLE = "not applicable"


PASS, FAIL, SKIP, NA = Status.PASS, Status.FAIL, Status.SKIP, Status.NA


@dataclass
class CaseResult:
    """One case of a check that is made case by case (``verify``'s ``run`` check,
    ``verify.cases``; ``grade`` and ``check`` have ``grading.CaseGrade``): ``pass``,
    ``fail`` (wrong output), ``error`` (its run did not end well, or was not made because
    an earlier one did not), ``skip`` (no runtime here) or ``n/a`` (beyond the port's
    ``limits``).  ``message``: one line (the first differing line, or how the run ended);
    ``output``: what the program printed for this case, as printed, clipped to the
    results.json limit (so a remembered verdict keeps no more than that)."""

    case_id: str
    status: str  # pass | fail | error | skip | n/a
    message: str = ""
    output: str = ""
    inputs: str = ""  # "game=617"


@dataclass
class CheckResult:
    port: str
    kind: str  # transcript | run | fresh | deep | record
    status: Status
    message: str = ""
    detail: str = ""  # a diff, compiler output, stderr
    warnings: list[str] = field(default_factory=list)
    seconds: float = 0.0
    reason: Reason = Reason.MATCH
    cases: list[CaseResult] = field(default_factory=list)  # case by case, where it is made so

    def __post_init__(self) -> None:
        """A message is one line and a detail a page, whatever the program printed, and
        neither holds a control character (``terminal.controls``)."""
        self.message = one_line(escape_controls(self.message))
        self.detail = clip_block(escape_controls(self.detail))
        self.warnings = [one_line(escape_controls(w)) for w in self.warnings]
        if self.reason == Reason.MATCH and self.status != PASS:
            self.reason = {FAIL: Reason.DIFFERS, SKIP: Reason.NO_RUNTIME,
                           NA: Reason.NOT_APPLICABLE}[self.status]


class RunProblem(Exception):
    """A program could not give its output; ``result`` says why (a fail or a skip)."""

    def __init__(self, result: CheckResult) -> None:
        super().__init__(result.message)
        self.result = result

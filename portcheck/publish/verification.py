"""How a port was verified, in the words a listing prints under its output.

A listing shows a port's output *as verified*: every check of the port is run (the
``portcheck.verify.checks`` table, as ``verify`` runs it, without ``--deep``), and the outcome says
which runtime executed the program and its version (the real toolchain, or portcheck's
embedded interpreter and its version), or that the output is checked by transcript only,
and which goldens it matched, with where each is also printed (a golden's ``attested``).
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from portcheck.golden.store import golden_path, read_golden
from portcheck.runners import Toolchain
from portcheck.suite.ports import Port
from portcheck.verify.checks import CheckContext, MissingGolden, golden_segments
from portcheck.verify.execution import runner_for
from portcheck.verify.parallel import check_port
from portcheck.verify.plan import plan_port
from portcheck.verify.results import FAIL, PASS, SKIP, CheckResult, Reason

TRANSCRIPT_SOURCES = {  # port.yaml's transcript_from
    "run": "Recorded from a run of this program",
    "article": "As printed in the article",
    "platform": "As printed by a run on the original platform",
}


class Outcome(StrEnum):
    """One word for a port, as the report's matrix shows it."""

    PASSED = "passed"
    FAILED = "failed"
    NOT_RUNNABLE = "not runnable here"  # checked by transcript only: no runtime here
    NOT_APPLICABLE = "not applicable"  # no case of the algorithm is within the port's limits


@dataclass(frozen=True)
class GoldenMatch:
    case: str
    attested: str | None  # where this output is also printed (the article, a table)


@dataclass(frozen=True)
class Verification:
    port: Port
    results: tuple[CheckResult, ...]
    runtime: str | None  # "javac/java, javac 17.0.15": what ran the program, if it ran
    goldens: tuple[GoldenMatch, ...]  # the goldens the output matched (none if it did not)
    runtime_name: str | None = None  # "javac/java": the runtime in a word, for the matrix
    computed_for: str = ""  # "n=6": a case that is no golden one, checked against the
    # reference computed now for these inputs

    def result(self, kind: str) -> CheckResult | None:
        return next((r for r in self.results if r.kind == kind), None)

    @property
    def outcome(self) -> Outcome:
        if any(r.status == FAIL for r in self.results):
            return Outcome.FAILED
        if not self.port.applicable:
            return Outcome.NOT_APPLICABLE
        run = self.result("run")
        if run is not None and run.status == SKIP:
            return Outcome.NOT_RUNNABLE
        return Outcome.PASSED

    @property
    def not_run_because(self) -> str:
        """Why the program was not run here (``javac not found: install package …``), or
        "" when it ran."""
        run = self.result("run")
        return _why(run) if run is not None and run.status == SKIP else ""

    @property
    def failures(self) -> list[CheckResult]:
        return [r for r in self.results if r.status == FAIL]

    @property
    def seconds(self) -> float:
        return sum(r.seconds for r in self.results)

    def how(self) -> str:
        """One sentence: where the output shown comes from and how it was verified."""
        if self.outcome == Outcome.FAILED:
            failed = "; ".join(f"{r.kind}: {r.message}" for r in self.failures)
            return f"Verification FAILED ({failed})."
        if self.outcome == Outcome.NOT_RUNNABLE and self.result("transcript") is None:
            return f"{self._source()}: no output to show."  # rendered here, never run
        if self.computed_for:
            return (f"{self._source()}; it matches the reference's output for "
                    f"{self.computed_for}, computed here (no golden case).")
        return f"{self._source()}; it matches the goldens {self.golden_list()}."

    def _source(self) -> str:
        run = self.result("run")
        ran = run is not None and run.status == PASS
        if self.result("transcript") is None:  # a program rendered for the listing
            if run is not None and not ran:  # no toolchain here: nothing printed
                return f"Not run here ({_why(run)})"
            return f"Printed by a run here (runtime: {self.runtime})"
        recorded = TRANSCRIPT_SOURCES.get(self.port.transcript_from, "Recorded")
        if ran:
            return f"{recorded}; a fresh run here printed it again (runtime: {self.runtime})"
        if run is not None and run.reason == Reason.TRANSCRIPT_ONLY:
            return f"{recorded}; nothing here can run the program ({_why(run)}): checked " \
                   "by transcript only"
        if run is not None:
            return f"{recorded}; not run here ({_why(run)}): checked by transcript only"
        return f"{recorded}; checked by transcript only"

    def golden_list(self) -> str:
        return ", ".join(match.case for match in self.goldens) or "(none)"


def _why(result: CheckResult) -> str:
    return result.message.removeprefix("transcript only: ").removeprefix("no runtime: ")


def verify_port(context: CheckContext, port: Port) -> Verification:
    """Every check of ``port``, and what a listing says about them."""
    return verification_of(context, port, check_port(context, plan_port(port, context.deep)))


def verification_of(context: CheckContext, port: Port,
                    results: list[CheckResult]) -> Verification:
    """What a listing says about checks already run (``portcheck report`` runs them all at
    once, as ``verify`` does)."""
    run = next((r for r in results if r.kind == "run"), None)
    ran = run is not None and run.status in (PASS, FAIL) and run.reason != Reason.NO_RUNTIME
    toolchain = _toolchain(context, port) if ran else None
    transcript = next((r for r in results if r.kind == "transcript"), None)
    # A program rendered for a listing has no transcript: its run was compared with the
    # goldens themselves.
    matched = (transcript.status == PASS if transcript is not None
               else run is not None and run.status == PASS)
    return Verification(port, tuple(results), _describe(toolchain),
                        goldens_of(context, port) if matched else (),
                        toolchain.name if toolchain else None)


def _describe(toolchain: Toolchain | None) -> str | None:
    if toolchain is None:
        return None
    return f"{toolchain.name}, {toolchain.detail}" if toolchain.detail else toolchain.name


def _toolchain(context: CheckContext, port: Port) -> Toolchain:
    """The runtime that ran the port: the same choice ``produce_output`` makes."""
    first = port.applicable[0] if port.applicable else None
    return runner_for(port, context.settings, port.options_for(first),
                      context.environment).toolchain()


def goldens_of(context: CheckContext, port: Port) -> tuple[GoldenMatch, ...]:
    """The golden cases a port prints, with their provenance."""
    try:
        golden_segments(context.project, port)
    except MissingGolden:
        return ()
    stored = read_golden(golden_path(context.project.golden_dir, port.algorithm),
                         port.algorithm) or {}
    return tuple(GoldenMatch(case.id, stored[case.id].attested) for case in port.applicable)


"""``portcheck golden check``: the goldens against the reference, and what ``update``
shares with it (the cases a ``-k`` selects, what the reference says now, a case's diff).

- A missing golden file or case fails; it never passes quietly.
- A golden case that no port prints is reported as stale (a note, not a failure: one line
  counting them, each case with ``-v``); a case the reference no longer declares fails
  ``check`` until pruned.
- The suite's orphans fail it too (``portcheck.suite.orphans``): a golden file whose
  reference is gone, a template no port renders, a port folder that is no port.
- A partial run (some algorithms, ``-k``) reports nothing about goldens it did not look at.
"""

from __future__ import annotations

import difflib
import fnmatch
from dataclasses import dataclass, field

from portcheck.errors import UsageError
from portcheck.golden.remembered import GoldenChecks
from portcheck.golden.stale import CaseKey, printed_cases, stale_cases
from portcheck.golden.store import GoldenCase, golden_path, read_golden
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.orphans import orphans_of
from portcheck.suite.ports import Port
from portcheck.suite.project import Project
from portcheck.suite.reference_host import imported_files
from portcheck.terminal.clip import clip_block
from portcheck.terminal.words import plural


@dataclass
class GoldenReport:
    failures: list[str] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    unprinted: list[tuple[str, str]] = field(default_factory=list)  # (golden file, case id)
    diffs: list[str] = field(default_factory=list)
    written: list[str] = field(default_factory=list)
    fix: set[str] = field(default_factory=set)  # the commands that would fix the failures
    remembered: dict[str, str] = field(default_factory=dict)  # algorithm -> when checked


def selected(case_ids: list[str], patterns: list[str]) -> list[str]:
    """The case ids that match any ``-k`` pattern (a substring or a shell pattern)."""
    if not patterns:
        return case_ids
    return [c for c in case_ids
            if any(p in c or fnmatch.fnmatchcase(c, p) for p in patterns)]


def expected_cases(algorithm: Algorithm, case_ids: list[str]) -> dict[str, GoldenCase]:
    """What the reference says now, for ``case_ids``."""
    cases, attested = algorithm.cases, algorithm.attested
    return {cid: GoldenCase(cases[cid].params, algorithm.output(cases[cid].params),
                            attested.get(cid)) for cid in case_ids}


def check_patterns(algorithms: list[Algorithm], patterns: list[str]) -> None:
    """A ``-k`` that selects no case of any algorithm would check nothing: a usage error."""
    if patterns and not any(selected(list(a.cases), patterns) for a in algorithms):
        raise UsageError(f"-k {' '.join(patterns)}: no case id of "
                         f"{', '.join(a.name for a in algorithms)} matches")


def check_goldens(project: Project, algorithms: list[Algorithm], patterns: list[str],
                  ports: list[Port], remembered: GoldenChecks | None = None) -> GoldenReport:
    """The goldens of ``algorithms`` against the reference (the cases ``patterns`` select),
    and the suite's orphans; with ``remembered`` (``verify``), an algorithm whose goldens
    matched the reference and of which nothing has changed since is not asked again."""
    check_patterns(algorithms, patterns)
    report = GoldenReport()
    printed = printed_cases(ports)
    for algorithm in algorithms:
        _check_one(project, algorithm, patterns, printed, report,
                   None if patterns else remembered)
    if not patterns:
        for orphan in orphans_of(project, ports, [a.name for a in algorithms]):
            report.failures.append(orphan.line())
            report.fix.add(orphan.fix)
    return report


def _check_one(project: Project, algorithm: Algorithm, patterns: list[str],
               printed: set[CaseKey], report: GoldenReport,
               remembered: GoldenChecks | None) -> None:
    path = golden_path(project.golden_dir, algorithm.name)
    shown = project.relative(path)
    recalled = remembered.recall(algorithm) if remembered is not None else None
    if recalled is not None:  # matched, and the golden file is as it was then
        report.remembered[algorithm.name] = recalled.made
        stored_ids = recalled.case_ids
    else:
        stored = read_golden(path, algorithm.name)
        if stored is None:
            report.failures.append(f"{shown}: missing golden file")
            report.fix.add(f"portcheck golden update {algorithm.name}")
            return
        stored_ids = list(stored)
        failures = len(report.failures)
        wanted = selected(list(algorithm.cases), patterns)
        for cid, case in expected_cases(algorithm, wanted).items():
            if cid not in stored:
                report.failures.append(f"{shown}: missing golden case {cid}")
                report.fix.add(f"portcheck golden update {algorithm.name} --new-only")
            elif stored[cid] != case:
                report.failures.append(f"{shown}: case {cid} differs from the reference")
                report.diffs.append(case_diff(shown, cid, stored[cid], case))
                report.fix.add(f"portcheck golden update {algorithm.name} --allow-changed")
        if remembered is not None and len(report.failures) == failures:
            remembered.remember(algorithm, stored_ids, imported_files(project.root))
    known = algorithm.cases
    looked_at = selected(stored_ids, patterns)
    dropped = [cid for cid in looked_at if cid not in known]
    source = project.relative(algorithm.source)
    report.failures += capped([f"{shown}: case {cid} is no longer a case of {source}"
                               for cid in dropped], f"{shown}: and {{}} more cases no longer "
                              f"in {source}")
    if dropped:
        report.fix.add(f"portcheck golden update {algorithm.name} --prune")
    current = [cid for cid in looked_at if cid in known]
    unprinted = stale_cases({algorithm.name: current}, printed)
    report.unprinted += [(shown, cid) for _, cid in unprinted]


def unprinted_notes(report: GoldenReport, verbose: bool) -> list[str]:
    """The golden cases no port prints: one line counting them, or (``verbose``) a line
    each."""
    if not report.unprinted:
        return []
    if verbose:
        return [f"{shown}: case {cid}: no port prints it (stale unless a test reads it; a "
                "complete pytest run reports those)" for shown, cid in report.unprinted]
    files = {shown for shown, _ in report.unprinted}
    return [f"{plural(len(report.unprinted), 'golden case')} of {plural(len(files), 'file')} "
            "no port prints (stale unless a test reads them; -v lists them)"]


SHOWN_LINES = 20  # a report lists this many lines of one kind, then counts the rest


def capped(lines: list[str], rest: str) -> list[str]:
    """The first SHOWN_LINES of ``lines``, then ``rest`` filled with how many were left."""
    if len(lines) <= SHOWN_LINES:
        return lines
    return [*lines[:SHOWN_LINES], rest.format(len(lines) - SHOWN_LINES)]


def case_diff(shown: str, case_id: str, old: GoldenCase | None, new: GoldenCase) -> str:
    """A case as stored and as the reference says it now, as a clipped unified diff."""
    before = [] if old is None else _lines(old)
    return clip_block("".join(difflib.unified_diff(
        before, _lines(new), f"{shown} [{case_id}] (stored)",
        f"{shown} [{case_id}] (reference)", n=3)))


def _lines(case: GoldenCase) -> list[str]:
    head = [f"params: {case.params}\n"]
    if case.attested:
        head.append(f"attested: {case.attested}\n")
    return head + [f"| {line}\n" for line in case.output.split("\n")]

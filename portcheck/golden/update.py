"""``portcheck golden update``: the goldens written from the reference, never silently.

``update`` adds new cases; an existing case whose output changed is rewritten only with
``allow_changed`` (case ids are stable: a change must show up in review); ``new_only`` adds
new cases and touches nothing else; ``prune`` removes cases the reference no longer has
and, in an update of every algorithm, the golden files of algorithms that are gone.
Every change is printed as a diff.  A partial run (some algorithms, ``-k``) never deletes
goldens it did not look at.
"""

from __future__ import annotations

from portcheck.golden.check import (
    GoldenReport,
    case_diff,
    check_patterns,
    expected_cases,
    selected,
)
from portcheck.golden.store import golden_path, read_golden, write_golden
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.project import Project


def update_goldens(project: Project, algorithms: list[Algorithm], patterns: list[str], *,
           new_only: bool = False, allow_changed: bool = False,
           prune: bool = False) -> GoldenReport:
    check_patterns(algorithms, patterns)
    report = GoldenReport()
    for algorithm in algorithms:
        _update_one(project, algorithm, patterns, new_only, allow_changed, prune, report)
    every = {a.name for a in algorithms} >= set(project.algorithms)
    if prune and not new_only and not patterns and every:
        for path in sorted(project.golden_dir.glob("*.yaml")):
            if path.stem not in project.algorithms:
                path.unlink()
                report.diffs.append(f"{project.relative(path)}: removed (no algorithm "
                                    f"{path.stem} in reference/)\n")
    return report


def _update_one(project: Project, algorithm: Algorithm, patterns: list[str], new_only: bool,
                allow_changed: bool, prune: bool, report: GoldenReport) -> None:
    path = golden_path(project.golden_dir, algorithm.name)
    shown = project.relative(path)
    stored = read_golden(path, algorithm.name) or {}
    result = dict(stored)
    refused = len(report.failures)
    for cid, case in expected_cases(algorithm, selected(list(algorithm.cases), patterns)).items():
        if cid not in stored:
            result[cid] = case
            report.diffs.append(case_diff(shown, cid, None, case))
        elif stored[cid] != case and not new_only:
            report.diffs.append(case_diff(shown, cid, stored[cid], case))
            if allow_changed:
                result[cid] = case
            else:
                report.failures.append(f"{shown}: case {cid} would change; case ids are "
                                       "stable, so this needs --allow-changed")
                report.fix.add(f"portcheck golden update {algorithm.name} --allow-changed")
    if len(report.failures) > refused:
        return  # all or nothing: a refused change leaves the file as it was
    known = algorithm.cases
    if prune and not new_only:
        for cid in selected(list(stored), patterns):
            if cid not in known:
                del result[cid]
                report.diffs.append(f"{shown}: removed case {cid}\n")
    order = [c for c in known if c in result] + [c for c in result if c not in known]
    result = {cid: result[cid] for cid in order}
    # Order alone is no change: a partial run must not rewrite cases it did not look at.
    if result != stored or not path.exists():
        write_golden(path, algorithm.name, result)
        report.written.append(shown)

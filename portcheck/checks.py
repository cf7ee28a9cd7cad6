"""The checks of one port, each returning a ``CheckResult``:

- ``transcript``: the recorded transcript against the goldens of the port's cases;
- ``run``: a fresh run of the program against the transcript (whenever a runtime exists);
- ``fresh``: for template ports, the template rendered again gives the committed program;
- ``deep``: the template rendered with other inputs, run, and compared with the reference
  computed on the fly.
"""

from __future__ import annotations

import random
import tempfile
from pathlib import Path

from portcheck.algorithms import Case, get_algorithm
from portcheck.compare import Segment, compare
from portcheck.execution import (
    FAIL,
    PASS,
    SKIP,
    CheckResult,
    RunSettings,
    produce_output,
)
from portcheck.golden_store import golden_path, read_golden
from portcheck.ports import Port
from portcheck.project import Project
from portcheck.render import check_rendered, render_template
from portcheck.yamlio import read_text, write_atomic


class MissingGolden(Exception):
    """The goldens a port needs are not there: a failed check, with the fixing command."""


def golden_segments(project: Project, port: Port) -> list[Segment]:
    """The expected transcript of a port: its cases' golden outputs, in order."""
    path = golden_path(project.golden_dir, port.algorithm)
    stored = read_golden(path, port.algorithm)
    if stored is None:
        raise MissingGolden(f"{project.relative(path)}: missing golden file "
                            f"(run: portcheck golden update {port.algorithm})")
    missing = [cid for cid in port.cases if cid not in stored]
    if missing:
        raise MissingGolden(f"{project.relative(path)}: missing golden case {missing[0]} "
                            f"(run: portcheck golden update {port.algorithm} --new-only)")
    return [Segment(cid, stored[cid].output) for cid in port.cases]


def check_transcript(project: Project, port: Port) -> CheckResult:
    if not port.transcript.exists():
        return CheckResult(port.id, "transcript", FAIL, "transcript.txt is missing "
                           f"(record it: portcheck render write {port.algorithm})")
    try:
        expected = golden_segments(project, port)
    except MissingGolden as missing:
        return CheckResult(port.id, "transcript", FAIL, str(missing))
    difference = compare(expected, read_text(port.transcript), port.compare,
                         ("golden", "transcript.txt"))
    if difference:
        return CheckResult(port.id, "transcript", FAIL,
                           f"transcript differs from golden: {difference.one_line()}",
                           difference.diff)
    return CheckResult(port.id, "transcript", PASS, f"{len(port.cases)} cases ({port.compare})")


def check_fresh(project: Project, port: Port) -> CheckResult:
    if port.template is None:
        return CheckResult(port.id, "fresh", SKIP, f"origin {port.origin}: no template")
    state = check_rendered(port, project.templates_dir)
    if state.fresh:
        return CheckResult(port.id, "fresh", PASS, "rendered template = committed program")
    return CheckResult(port.id, "fresh", FAIL,
                       f"{state.reason} (run: portcheck render write {port.algorithm})")


def check_run(project: Project, port: Port, settings: RunSettings) -> CheckResult:
    if not port.runnable:
        return CheckResult(port.id, "run", SKIP, "transcript only: nothing here can run it"
                           + (f" ({port.note})" if port.note else ""))
    if not port.program.exists():
        return CheckResult(port.id, "run", FAIL, f"{port.program.name} is missing")
    result = produce_output(port, port.program, settings)
    if isinstance(result, CheckResult):
        return result
    try:
        cases: list[Segment] | None = golden_segments(project, port)
    except MissingGolden as missing:
        if not port.transcript.exists():
            return CheckResult(port.id, "run", FAIL, str(missing))
        cases = None
    if port.transcript.exists():
        expected = [Segment("transcript", read_text(port.transcript))]
        against = "transcript.txt"
    else:
        expected, against = cases or [], "golden"
    difference = compare(expected, result.stdout, port.compare, (against, "fresh run"), cases)
    if difference:
        return CheckResult(port.id, "run", FAIL,
                           f"fresh run differs from {against}: {difference.one_line()}",
                           difference.diff, result.warnings, result.seconds)
    return CheckResult(port.id, "run", PASS, f"matches {against} ({result.seconds:.2f} s)",
                       warnings=result.warnings, seconds=result.seconds)


def record_transcript(port: Port, settings: RunSettings) -> CheckResult:
    """Run the program and keep what it printed as its transcript (``render write``)."""
    result = produce_output(port, port.program, settings, kind="record")
    if isinstance(result, CheckResult):
        return result
    if port.transcript.exists() and read_text(port.transcript) == result.stdout:
        return CheckResult(port.id, "record", PASS, "transcript.txt unchanged")
    write_atomic(port.transcript, result.stdout)
    return CheckResult(port.id, "record", PASS, "transcript.txt recorded from a run")


def other_cases(port: Port, count: int, seed: int) -> list[Case]:
    """``count`` inputs drawn at random (reproducibly) from each input's valid range,
    always including both ends of the range."""
    algorithm = get_algorithm(port.algorithm)
    rng = random.Random(f"{seed}:{port.id}")
    cases = []
    for n in range(count):
        params = {}
        for name, spec in algorithm.params.items():
            edges = spec.edges()
            params[name] = edges[n] if n < len(edges) else spec.draw(rng)
        cases.append(Case("-".join(f"{k}-{v}" for k, v in params.items()), params))
    return cases


def check_deep(project: Project, port: Port, settings: RunSettings, count: int,
               seed: int) -> CheckResult:
    if port.template is None or not port.runnable:
        return CheckResult(port.id, "deep", SKIP, "only template ports are re-rendered")
    algorithm = get_algorithm(port.algorithm)
    cases = other_cases(port, count, seed)
    text = render_template(port.template, project.templates_dir, port.algorithm, cases)
    with tempfile.TemporaryDirectory(prefix="portcheck-deep-") as folder:
        program = Path(folder) / port.program.name
        program.write_text(text, encoding="utf-8")
        result = produce_output(port, program, settings, cases, kind="deep")
    if isinstance(result, CheckResult):
        return result
    expected = [Segment(c.id, algorithm.output(c.params)) for c in cases]
    difference = compare(expected, result.stdout, port.compare, ("reference", "fresh run"))
    if difference:
        return CheckResult(port.id, "deep", FAIL, f"differs from the reference on other "
                           f"inputs: {difference.one_line()}", difference.diff)
    names = ", ".join(c.id for c in cases[:3]) + (", …" if len(cases) > 3 else "")
    return CheckResult(port.id, "deep", PASS, f"{count} other inputs match ({names})")

"""A teaching listing of one port: its source, then its output as verified.

The output shown is what the program printed (its transcript, checked against the goldens
and, where a runtime exists, against a fresh run), never the goldens themselves.  With
``cases``, a template port is rendered again for just those cases, run, and its output
compared with their goldens (the listing then shows that smaller program); any other port
shows its own program and the part of its transcript those cases printed.  An article port
may be shown as the article printed it (``as_printed``), its errata marked.
"""

from __future__ import annotations

import dataclasses
import tempfile
from dataclasses import dataclass
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.files.yamlio import read_text
from portcheck.publish.errata import MarkedText, as_printed, as_run, plain
from portcheck.publish.verification import Verification, verification_of, verify_port
from portcheck.suite import slicing
from portcheck.suite.algorithms import Case
from portcheck.suite.languages import Language
from portcheck.suite.ports import Port
from portcheck.suite.render import render_template
from portcheck.verify.checks import (
    CheckContext,
    compare_with_goldens,
    differential_run,
    golden_segments,
    inputs_of,
)
from portcheck.verify.execution import produce_output
from portcheck.verify.results import FAIL, PASS, CheckResult, RunProblem

ERRATA_FILE = "ERRATA.md"


@dataclass(frozen=True)
class Listing:
    port: Port
    language: Language
    file_name: str  # "Freecell.java"
    source: MarkedText  # the program (or the article's text), its marked lines
    as_printed: bool
    output: str  # what the program printed for the cases shown
    verification: Verification
    errata: str  # the port's ERRATA.md ("" if it has none)

    @property
    def title(self) -> str:
        return f"{self.port.reference.title} — {self.language.title}"

    @property
    def cases(self) -> list[str]:
        return [match.case for match in self.verification.goldens]

    @property
    def warnings(self) -> list[str]:
        """What the runs warned about (a 1C number turned into text implicitly), each once,
        placed in the template where the program was rendered from one."""
        return list(dict.fromkeys(w for r in self.verification.results for w in r.warnings))

    @property
    def notes(self) -> list[str]:
        """What a reader must know about the output besides how it was verified."""
        notes = [self.port.note] if self.port.note else []
        if self.port.normalize:
            notes.append(f"compared after the reviewed mapping: "
                         f"{self.port.normalize.describe()}")
        if self.port.compare != "exact":
            notes.append(f"compared with the goldens in {self.port.compare} mode")
        return notes + self.source.notes


def build_listing(context: CheckContext, port: Port, cases: list[str] | None = None,
                  printed: bool = False, inputs: Case | None = None) -> Listing:
    """The listing of ``port`` (``cases``: only those; ``printed``: as the article printed
    it; ``inputs``: one case, golden or not, the template rendered and run for it).  Its
    verification may have failed: the caller decides what to do with that."""
    if printed and port.origin != "article":
        raise UsageError(f"{port.id}: only an article port has a printed text "
                         f"(origin: {port.origin})")
    if inputs is not None:
        return _for_inputs(context, port, inputs)
    if cases:
        _check_cases(port, cases)
    if cases and port.template is not None:
        return _rerendered(context, port, cases)
    verification = verify_port(context, port)
    if cases:  # the goldens of the cases shown
        verification = dataclasses.replace(verification, goldens=tuple(
            m for m in verification.goldens if m.case in cases))
    output = _transcript(context, port, verification, cases)
    source = read_text(port.program, inside=port.folder)
    return _listing(port, port.program.name, source, printed, output, verification)


def listing_of(context: CheckContext, port: Port, verification: Verification) -> Listing:
    """The listing of a port whose checks have run already (``portcheck report``)."""
    output = _transcript(context, port, verification, None)
    source = read_text(port.program, inside=port.folder)
    return _listing(port, port.program.name, source, False, output, verification)


def _listing(port: Port, name: str, source: str, printed: bool, output: str,
             verification: Verification) -> Listing:
    language = port.lang
    if port.origin != "article":
        marked = plain(source)
    else:
        marked = (as_printed if printed else as_run)(source, language.comment)
    errata = port.folder / ERRATA_FILE
    return Listing(port, language, name, marked, printed, output, verification,
                   read_text(errata, inside=port.folder) if errata.is_file() else "")


def _check_cases(port: Port, cases: list[str]) -> None:
    known = port.reference.cases
    for case_id in cases:
        if case_id not in known:
            raise UsageError(f"{port.algorithm} has no case {case_id!r} "
                             f"(cases: {', '.join(known)})")
        why = port.why_not(known[case_id])
        if why:
            raise UsageError(f"{port.id}: case {case_id} is not applicable: {why}")
        if port.template is None and case_id not in port.cases:
            raise UsageError(f"{port.id} does not print case {case_id} "
                             f"(it prints {', '.join(port.cases)})")


def _transcript(context: CheckContext, port: Port, verification: Verification,
                cases: list[str] | None) -> str:
    """The transcript, or the part of it the chosen cases printed."""
    if not port.transcript.is_file():
        return ""
    text = port.transcript_text()
    if not cases or not verification.goldens:
        return text
    goldens = [(s.case_id, s.text) for s in golden_segments(context.project, port)]
    pieces = slicing.cut(text, goldens, port.compare, port.normalize)
    return "".join(pieces[case_id] for case_id in port.cases if case_id in cases)


def _rerendered(context: CheckContext, port: Port, cases: list[str]) -> Listing:
    """The template rendered for ``cases`` only, run, and compared with their goldens."""
    chosen = [port.reference.cases[c] for c in cases]
    text = render_template(port.template, context.project.templates_dir, port.reference,
                           chosen)
    with tempfile.TemporaryDirectory(prefix="portcheck-listing-") as folder:
        program = Path(folder) / port.program.name
        program.write_text(text, encoding="utf-8")
        variant = dataclasses.replace(port, folder=Path(folder), program=program,
                                      cases=list(cases))
        try:
            output = produce_output(variant, program, context.settings,
                                    environment=context.environment)
        except RunProblem as problem:
            result, printed = problem.result, ""
        else:
            result, printed = compare_with_goldens(context, variant, output, "run"), \
                output.stdout
    verification = verification_of(context, variant, [result])
    return _listing(variant, port.program.name, text, False, printed, verification)


def _for_inputs(context: CheckContext, port: Port, case: Case) -> Listing:
    """The template rendered for ``case`` (any valid inputs), run, and compared with the
    reference's output computed now; a case that is a golden one is compared with its
    golden, as ``--cases`` does."""
    if port.template is None:
        raise UsageError(f"{port.id} is not a template port: only a template can be rendered "
                         "for other inputs")
    why = port.why_not(case)
    if why:
        raise UsageError(f"{port.id}: not applicable to {port.language}: {why}")
    golden = port.reference.cases.get(case.id)
    if golden is not None and golden.params == case.params:
        return _rerendered(context, port, [case.id])
    try:
        run = differential_run(context, port, [case], kind="listing", label="this run")
    except RunProblem as problem:
        result, printed = problem.result, ""
    else:
        printed = run.output.stdout
        result = (CheckResult(port.id, "run", FAIL, f"differs from the reference: "
                              f"{run.difference.one_line()}", run.difference.diff)
                  if run.difference else
                  CheckResult(port.id, "run", PASS, "matches the reference",
                              warnings=run.output.warnings, seconds=run.output.seconds))
    text = render_template(port.template, context.project.templates_dir, port.reference,
                           [case])
    variant = dataclasses.replace(port, cases=[])
    verification = dataclasses.replace(verification_of(context, variant, [result]),
                                       computed_for=inputs_of(case))
    return _listing(variant, port.program.name, text, False, printed, verification)

"""The puzzle book's ports on the embedded interpreter: the article's programs and the
templates (rendered with inputs that run in a moment) print and fail the same with and
without the whole-number specialisation."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from portcheck.suite.project import Project
from portcheck.suite.render import render_template
from portinterp.arsac import lower_text
from portinterp.arsac.frontend.lower import ModuleLowering
from portinterp.arsac.frontend.parser import parse
from portinterp.arsac.runtime.core import ArsacRuntime
from portinterp.core.program import compile_module
from portinterp.errors import SourceError
from tests.helpers.reference import REPO

PROGRAMS = sorted((REPO / "ports").glob("*/arsac-article/*.arsac"))
# The templates, rendered with the inputs that run in a moment on the interpreter.
SMALL = {"queens": {"n": range(1, 9)}, "queens-block": {"n": range(1, 7)},
         "domino-chain": {"n": (2, 3, 5, 6)}, "ruler": {"k": range(1, 21)}}


def outcome(text: str, filename: str, specialised: bool) -> str:
    """What the program prints, and the error it stops with."""
    out = io.StringIO()
    try:
        module = lower_text(text, filename) if specialised else \
            ModuleLowering(filename).module(parse(text, filename))
        compile_module(module, ArsacRuntime).run(ArsacRuntime(out, io.StringIO()))
    except SourceError as error:
        return out.getvalue() + f"\n{error}"
    return out.getvalue()


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: f"{p.parent.name}/{p.stem}")
def test_the_article_ports_print_and_fail_the_same_with_and_without_it(program: Path) -> None:
    text = program.read_text(encoding="utf-8")
    assert outcome(text, str(program), True) == outcome(text, str(program), False)


@pytest.mark.parametrize("algorithm", SMALL)
def test_the_templates_print_the_same_with_and_without_it(algorithm: str) -> None:
    project = Project(REPO)
    reference = project.algorithm(algorithm)
    (name, values), = SMALL[algorithm].items()
    cases = [case for case in reference.cases.values() if case.params[name] in values]
    template = project.templates_dir / "arsac" / f"{algorithm}.arsac.j2"
    text = render_template(template, project.templates_dir, reference, cases)
    assert outcome(text, algorithm, True) == outcome(text, algorithm, False)

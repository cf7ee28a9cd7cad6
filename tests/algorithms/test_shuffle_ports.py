"""The card-shuffling ports' own claims: where a language's numbers stop (the KuMir
derangement port's limits are where цел really overflows) and that the Java template ports
never lean on java.util.Random, which must stay an independent witness."""

from __future__ import annotations

import io
import re

import pytest

from portcheck.suite.algorithms import Case
from portcheck.suite.ports import load_port
from portcheck.suite.project import Project
from portcheck.suite.render import render_template
from portinterp.kumir import compile_text, run_program
from tests.helpers.reference import REPO, reference_module

PROJECT = Project(REPO)
ALGORITHMS = ("javarandom", "reshuffle", "fisher-yates", "shuffle-bias", "derangement")


def run_kumir_derangement(n: int, index: int) -> str:
    algorithm = PROJECT.algorithm("derangement")
    template = REPO / "templates" / "kumir" / "derangement.kum.j2"
    text = render_template(template, PROJECT.templates_dir, algorithm,
                           [Case(f"n-{n}-index-{index}", {"n": n, "index": index})])
    out = io.StringIO()
    run_program(compile_text(text, "derangement.kum"), stdin=io.StringIO(), stdout=out)
    return out.getvalue()


def test_kumir_derangements_stop_where_the_limits_say() -> None:
    """Up to 12 cards the school-language port prints the reference; at 13 its цел
    overflows and it stops with KuMir's error instead of printing a wrong number."""
    port = load_port(REPO / "ports" / "derangement" / "kumir" / "port.yaml", PROJECT)
    assert port.limits["n"].high == 12
    reference = PROJECT.algorithm("derangement")
    top = reference_module("derangement").count(12) - 1
    assert port.limits["index"].high == top
    assert run_kumir_derangement(12, top) == reference.output({"n": 12, "index": top})
    with pytest.raises(Exception, match="Целочисленное переполнение"):
        run_kumir_derangement(13, 0)


@pytest.mark.parametrize("algorithm", ALGORITHMS)
def test_java_templates_compute_without_java_util_random(algorithm: str) -> None:
    program = next((REPO / "ports" / algorithm / "java").glob("*.java"))
    code = re.sub(r"//[^\n]*|/\*.*?\*/", "", program.read_text(encoding="utf-8"),
                  flags=re.DOTALL)
    assert "java.util" not in code and "Random" not in code

"""The 1C ports on the embedded interpreter: the article's program (also as printed, with
adjacent literals) and the FreeCell template print the article's deals and what the
reference computes; every 1C port runs alike with its operators specialised by their static
types or all left general; the static types of the FreeCell port make its generator run
without run-time type checks."""

from __future__ import annotations

import io
from pathlib import Path
from types import SimpleNamespace

import jinja2
import pytest

from portinterp.bsl import compile_file, compile_text, run_program
from portinterp.bsl.frontend.lower import ModuleLowering
from portinterp.bsl.frontend.parser import parse
from portinterp.bsl.frontend.source import normalise
from portinterp.bsl.frontend.static_types import StaticTypes
from portinterp.bsl.platform import BslRuntime
from portinterp.core.program import Program, compile_module
from portinterp.errors import CompileError, RunError
from tests.helpers.article import article_deals
from tests.helpers.reference import REPO, freecell

output = freecell.output

ROOT = REPO
PROGRAMS = sorted((ROOT / "ports").glob("*/bsl*/*.bsl"))  # templates' and articles' ports


def run_text(text: str, dialect: str = "platform") -> tuple[str, list[str]]:
    out = io.StringIO()
    warnings = run_program(compile_text(text, "t.bsl"), stdin=io.StringIO(), stdout=out,
                           dialect=dialect)
    return out.getvalue(), warnings


def infer(text: str) -> StaticTypes:
    lowerer = ModuleLowering("t.bsl")
    module = lowerer.module(parse(normalise(text), "t.bsl"))
    return StaticTypes(module, lowerer.initial)


def kinds(types: StaticTypes, name: str, proc: str = "") -> set[str]:
    return set(types.variables[(proc, name)])


# The article's printed result of Игра(1); Игра(617); (seeds/000_01165c5c1e87014b.txt).
ARTICLE_OUTPUT = article_deals()[1] + article_deals()[617]


def render_freecell(games: list[int]) -> str:
    environment = jinja2.Environment(
        loader=jinja2.FileSystemLoader(ROOT / "templates"), undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True, trim_blocks=True, lstrip_blocks=True)
    cases = [SimpleNamespace(id=f"game-{g}", params={"game": g}) for g in games]
    return environment.get_template("bsl/freecell.bsl.j2").render(cases=cases,
                                                                   algorithm="freecell")


def test_article_program_as_printed_joins_adjacent_literals_with_a_line_feed() -> None:
    """In the article ``Рез + ""`` / ``""`` on two lines: adjacent string literals are one
    string with a line feed between them, so the printed code runs as it stands.  Each line
    starts with a space (``Рез + " " + карта``) that the typeset output does not show."""
    fixed = (ROOT / "ports/freecell/bsl-article/freecell.bsl").read_text(encoding="utf-8")
    as_printed = fixed.replace("Рез = Рез + Символы.ПС;", 'Рез = Рез + ""\n"";')
    expected = "".join(" " + line + "\n" for line in ARTICLE_OUTPUT.splitlines())
    assert run_text(as_printed)[0] == expected
    assert run_text(fixed)[0] == expected


def test_freecell_template_prints_the_reference_output() -> None:
    games = [1, 617, 2, 1000000, 2**31 - 1]
    printed, warnings = run_text(render_freecell(games))
    assert printed == "".join(output(game) for game in games)
    assert printed.startswith(ARTICLE_OUTPUT)
    assert warnings == []


def test_freecell_seed_and_generator_are_whole_numbers() -> None:
    # Семя = НомерИгры (every call passes a positive integer literal), then (214013 * Семя
    # + 2531011) % 2147483648: whole numbers of 0 or more ("nat") stay so under *, + and %;
    # Цел(Семя / 65536) too.
    text = (ROOT / "ports/freecell/bsl/freecell.bsl").read_text(encoding="utf-8")
    types = infer(text)
    assert kinds(types, "семя") == {"nat"}
    assert kinds(types, "номеригры", "игра") == {"nat"}
    assert types.returns["лкг"] == {"nat"}
    assert kinds(types, "карты", "игра") == {"array"}
    assert kinds(types, "строкарасклада", "игра") == {"str"}
    assert kinds(types, "инд", "игра") == {"nat"}


def test_freecell_generator_runs_without_run_time_type_checks() -> None:
    source = compile_file(ROOT / "ports/freecell/bsl/freecell.bsl").python_source
    generator = source.split("def f_игра")[0]
    assert "type(" not in generator and "P_mul" not in generator and "P_add" not in generator


def general(text: str) -> Program:
    """The program with the lowering's general operators only (no ``specialise``)."""
    module = ModuleLowering("p.bsl").module(parse(normalise(text), "p.bsl"))
    return compile_module(module, BslRuntime)


def outcome(program: Program) -> str:
    from portinterp.bsl import run_program

    out = io.StringIO()
    try:
        run_program(program, stdin=io.StringIO(), stdout=out)
    except RunError as error:
        return out.getvalue() + f"!{error}"
    return out.getvalue()


def same_outcome(text: str) -> None:
    assert outcome(compile_text(text, "p.bsl")) == outcome(general(text))


@pytest.mark.parametrize("path", PROGRAMS, ids=[p.stem for p in PROGRAMS])
def test_the_1c_ports_run_alike_specialised_or_not(path: Path) -> None:
    text = path.read_text(encoding="utf-8-sig")
    try:
        general(text)
    except CompileError as error:  # both ways must refuse it, with the same message
        with pytest.raises(CompileError) as specialised:
            compile_text(text, "p.bsl")
        assert str(specialised.value) == str(error)
        return
    same_outcome(text)


def test_the_article_port_is_among_the_programs() -> None:
    assert any(path.parent.name == "bsl-article" for path in PROGRAMS)

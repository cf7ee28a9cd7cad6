"""The FreeCell templates rendered by the tool's own renderer, compiled and run: they deal as the
reference does (which deals as the 1C article prints), for games that need 64-bit arithmetic
too."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.errors import UsageError
from portcheck.runners import get_runner
from portcheck.runners.cache import BuildCache
from portcheck.suite.algorithms import Case
from portcheck.suite.project import Project
from portcheck.suite.render import render_template
from tests.helpers.article import article_deals
from tests.helpers.programs import build_and_run, write_program
from tests.helpers.reference import REPO, freecell

requires_java = pytest.mark.requires_runtime("java")
requires_pascal = pytest.mark.requires_runtime("pascal")


@pytest.fixture
def cache(build_cache: Path) -> BuildCache:
    return BuildCache(build_cache)


FREECELL = Project(REPO).algorithm("freecell")


freecell_output = freecell.output


TEMPLATES_DIR = REPO / "templates"


ARTICLE_GAME_617 = article_deals()[617]  # printed in the 1C article


# Game numbers that need 64-bit arithmetic (2^31 - 1, 2^31 - 2) and ordinary ones.
GAMES = [1, 617, 2147483647, 2147483646, 32000, 1000000]


TEMPLATES = [
    pytest.param("java", "freecell.java.j2", "Freecell.java", marks=requires_java),
    pytest.param("pascal", "freecell.pas.j2", "freecell.pas", marks=requires_pascal),
    pytest.param("python", "freecell.py.j2", "freecell.py"),
]


def render(language: str, template: str, games: list[int]) -> str:
    """Render with the tool's own renderer, as ``portcheck render`` does."""
    cases = [Case(f"game-{game}", {"game": game}) for game in games]
    return render_template(TEMPLATES_DIR / language / template, TEMPLATES_DIR, FREECELL, cases)


def test_reference_agrees_with_the_article() -> None:
    assert freecell_output(617) == ARTICLE_GAME_617


@pytest.mark.parametrize(("language", "template", "filename"), TEMPLATES)
def test_freecell_template_deals_like_the_reference(
    language: str, template: str, filename: str, cache: BuildCache, tmp_path: Path
) -> None:
    source = write_program(tmp_path, filename, render(language, template, GAMES))
    result = build_and_run(get_runner(language, cache=cache), source)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "".join(freecell_output(game) for game in GAMES)
    assert ARTICLE_GAME_617 in result.stdout
    assert "\r" not in result.stdout


@pytest.mark.parametrize(("language", "template", "filename"), TEMPLATES)
def test_freecell_template_without_cases_prints_nothing(
    language: str, template: str, filename: str, cache: BuildCache, tmp_path: Path
) -> None:
    source = write_program(tmp_path, filename, render(language, template, []))
    result = build_and_run(get_runner(language, cache=cache), source)
    assert (result.stdout, result.returncode) == ("", 0)


@pytest.mark.parametrize(("language", "template", "filename"), TEMPLATES)
def test_freecell_template_needs_the_game_parameter(
    language: str, template: str, filename: str
) -> None:
    cases = [Case("game-without-params", {})]
    with pytest.raises(UsageError, match="undefined"):
        render_template(TEMPLATES_DIR / language / template, TEMPLATES_DIR, FREECELL, cases)

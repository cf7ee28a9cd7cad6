"""The dice-game ports beyond their goldens: an input that runs out before the game ends
stops every port with a clear error (no hang, no endless "Неправильный выбор!"), the 1C port
gets the scripted answers written in, ``portcheck run`` plays a game with the scripted
player, and the school-language template carries the article's own Выбор_компьютера.
"""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from portcheck.cli.main import main
from portcheck.errors import UsageError
from portcheck.runners import get_runner
from portcheck.runners.cache import BuildCache
from portcheck.suite.algorithms import Case
from portcheck.suite.project import Project
from portcheck.suite.render import render_template
from tests.helpers.reference import REPO, reference_module

dice_game = reference_module("dice-game")

TEMPLATES = REPO / "templates"
PORTS = REPO / "ports" / "dice-game"
SEED = 20  # the player gives up: every kind of answer is typed
RAN_OUT = "Ввод закончился раньше, чем игра"
TIMEOUT = 30.0  # far above a game's run; a program looping on end of input would reach it


def short_script(seed: int, keep: int) -> str:
    return "".join(line + "\n" for line in dice_game.stdin_script(seed).splitlines()[:keep])


@pytest.fixture
def cache(tmp_path: Path) -> BuildCache:
    return BuildCache(tmp_path / "cache")


@pytest.mark.parametrize(("language", "program", "message"), [
    pytest.param("python", "dice_game.py", RAN_OUT),
    pytest.param("java", "DiceGame.java", RAN_OUT, marks=pytest.mark.requires_runtime("java")),
    pytest.param("pascal", "dice_game.pas", RAN_OUT,
                 marks=pytest.mark.requires_runtime("pascal")),
    pytest.param("kumir", "dice_game.kum", r"dice_game\.kum:\d+:\d+: Ошибка ввода"),
])
@pytest.mark.parametrize("keep", [0, 3, 7])
def test_input_that_runs_out_stops_the_game(language: str, program: str, message: str,
                                            keep: int, cache: BuildCache) -> None:
    options = {"seed": SEED, "engine": "embedded"} if language == "kumir" else {}
    runner = get_runner(language, cache=cache, **options)
    args = [] if language == "kumir" else [str(SEED)]
    result = runner.run(runner.build(PORTS / language / program),
                        stdin=short_script(SEED, keep), timeout=TIMEOUT, args=args)
    assert not result.timed_out
    assert result.returncode == 1
    assert re.search(message, result.stderr.strip().splitlines()[-1])
    assert dice_game.output(SEED).startswith(result.stdout)
    assert "Игра закончилась!" not in result.stdout


class Answers:
    """A reference whose functions answer as given, in place of its process."""

    def __init__(self, values: dict[str, str]) -> None:
        self.values = values

    def call(self, function: str, algorithm: str, params: dict[str, object]) -> dict:
        return {"value": self.values[function]}


def test_1c_program_gets_the_answers_written_in(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path, cache: BuildCache) -> None:
    """The 1C template writes each case's scripted answers into the program; cut short,
    they stop the game with the same clear error as the other languages."""
    project = Project(REPO)
    algorithm = project.algorithm("dice-game")
    case = Case(f"seed-{SEED}", {"seed": SEED})
    full = render_template(TEMPLATES / "bsl" / "dice-game.bsl.j2", TEMPLATES, algorithm, [case])
    assert 'Ответы.Добавить("пять");' in full
    cut = short_script(SEED, 7)
    short = dataclasses.replace(algorithm, calls=Answers({"stdin_script": cut}))
    text = render_template(TEMPLATES / "bsl" / "dice-game.bsl.j2", TEMPLATES, short, [case])
    assert text.count("Ответы.Добавить(") == 7
    program = tmp_path / "dice_game.bsl"
    program.write_text(text, encoding="utf-8")
    runner = get_runner("bsl", cache=cache, engine="embedded")
    result = runner.run(runner.build(program), timeout=TIMEOUT)
    assert (result.timed_out, result.returncode) == (False, 1)
    assert result.stderr.strip().splitlines()[-1].endswith(RAN_OUT)
    assert dice_game.output(SEED).startswith(result.stdout)


def test_a_template_asking_for_a_script_the_reference_lacks(tmp_path: Path) -> None:
    (tmp_path / "python").mkdir()
    template = tmp_path / "python" / "freecell.py.j2"
    template.write_text("{% for c in cases %}{{ stdin_script(c) }}{% endfor %}\n",
                        encoding="utf-8")
    freecell = Project(REPO).algorithm("freecell")
    with pytest.raises(UsageError, match=r"freecell\.py: no stdin_script\(\)"):
        render_template(template, tmp_path, freecell, [Case("game-1", {"game": 1})])


@pytest.mark.parametrize("language", [
    "python", "kumir", "bsl",
    pytest.param("java", marks=pytest.mark.requires_runtime("java")),
])
def test_run_plays_a_game_with_the_scripted_player(
        language: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        tmp_path: Path) -> None:
    """`portcheck run dice-game` runs the case as the port does: the seed (as an argument,
    or irnd's seed) and the scripted answers on standard input (or written in, for 1C)."""
    monkeypatch.setenv("PORTCHECK_ROOT", str(REPO))
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    code = main(["run", "dice-game", "--lang", language, "seed=5"])
    out, err = capsys.readouterr()
    assert (code, err) == (0, "")
    assert out == dice_game.output(5)


def _code(text: str, algorithm: str) -> list[str]:
    """The lines of one KuMir algorithm, comments and blank lines left out."""
    start = text.index(f"алг цел {algorithm}")
    body = text[start:text.index("\nкон", start) + 4]
    lines = (line.split("|", 1)[0].strip() for line in body.splitlines())
    return [line for line in lines if line]


def test_kumir_template_has_the_article_programs_move() -> None:
    article = (REPO / "ports" / "dice" / "kumir-article" / "dice.kum").read_text(encoding="utf-8")
    template = (TEMPLATES / "kumir" / "_dice_rules.kum.j2").read_text(encoding="utf-8")
    assert _code(template, "Выбор_компьютера") == _code(article, "Выбор_компьютера")

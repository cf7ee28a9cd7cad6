"""Ports a test writes into a project: a contributed FreeCell port whose transcript is the
goldens (``add_port``), programs that hang or crash, the contributed programs kept in
tests/data/contributed/, and an article port of ``portcheck init``'s Collatz suite
(``collatz_article_port``)."""

from __future__ import annotations

import shutil
from pathlib import Path

from portcheck.suite.declarations import builtin_languages
from tests.helpers.cli import write
from tests.helpers.reference import REPO, freecell

GAME_1 = freecell.output(1)
# Programs someone else wrote print the deal as many published ports do: the game from argv,
# a "Hand N" header, suits as letters; letters.yaml is their reviewed presentation mapping.
CONTRIBUTED = REPO / "tests" / "data" / "contributed"

HANGING_PROGRAM = f"""\
import sys

sys.stdout.write({freecell.output(1)!r})
sys.stdout.flush()
while True:
    pass
"""

CRASHING_PROGRAM = """\
import sys

print("J♦ 2♦ 9♥")
print("the deck is empty", file=sys.stderr)
sys.exit(3)
"""


def add_port(root: Path, name: str, language: str, program: str, text: str,
             cases: tuple[str, ...] = ("game-1",)) -> Path:
    """A contributed port ``ports/freecell/<name>`` running ``text``, whose transcript is
    the goldens of ``cases``."""
    folder = root / "ports" / "freecell" / name
    write(folder / "port.yaml", (
        f"algorithm: freecell\nlanguage: {language}\norigin: contributed\n"
        f"program: {program}\ncases: [{', '.join(cases)}]\ncompare: exact\n"))
    write(folder / program, text)
    write(folder / "transcript.txt", "".join(freecell.output(**freecell.CASES[c])
                                             for c in cases))
    return folder


def collatz_article_port(root: Path, name: str, program: str, text: str, cases: list[str],
                         language: str = "python") -> Path:
    """An article port ``ports/collatz/<name>`` of ``portcheck init``'s suite at ``root``."""
    folder = root / "ports" / "collatz" / name
    write(folder / program, text)
    write(folder / "port.yaml", f"algorithm: collatz\nlanguage: {language}\norigin: article\n"
                                f"program: {program}\ncases: [{', '.join(cases)}]\n")
    return folder


def copy_port(port: Path, target: Path) -> None:
    """A port folder of the real project copied into a copy's ``ports/<algo>/`` (a test that
    wants a port outside ``project_copy``'s slice copies it), with its language's templates
    of the algorithm: a template no port renders is an orphan."""
    shutil.copytree(port, target, ignore=shutil.ignore_patterns("__pycache__"))
    copy_templates(port.parents[2], target.parents[2], port.name.split("-")[0],
                   port.parent.name)


def copy_templates(source: Path, target: Path, language: str, algorithm: str) -> None:
    """``templates/<language>/`` of ``algorithm`` (its pieces and range mode too)."""
    folder = source / "templates" / language
    for template in sorted([*folder.glob(f"{algorithm}.*.j2"),
                            *folder.glob(f"_{algorithm}_*.j2"),
                            *folder.glob(f"{algorithm}-range.*.j2")]):
        into = target / "templates" / language
        into.mkdir(parents=True, exist_ok=True)
        shutil.copy2(template, into)


FREECELL_CASES = ("game-1, game-617, game-2, game-11982, game-32000, game-1000000, "
                  "game-1073741824, game-2147483646, game-2147483647")


def explicit_port_yaml(root: Path, language: str = "python") -> Path:
    """``ports/freecell/<language>/port.yaml`` saying every key, as the layout would say
    them (a template port needs none: a test that breaks or extends one writes it)."""
    path = root / "ports" / "freecell" / language / "port.yaml"
    if not path.exists():
        program = builtin_languages().get(language).program_name("freecell")
        suffix = builtin_languages().get(language).suffixes[0]
        write(path, f"algorithm: freecell\nlanguage: {language}\norigin: template\n"
                    f"program: {program}\ntemplate: templates/{language}/freecell{suffix}.j2\n"
                    f"cases: [{FREECELL_CASES}]\ncompare: exact\n")
    return path


def append(path: Path, text: str) -> None:
    """``text`` added to a port.yaml (made when the port had none)."""
    write(path, (path.read_text(encoding="utf-8") if path.exists() else "") + text)

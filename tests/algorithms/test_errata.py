"""An article's program as the article printed it: the ERRATUM / ADDED / ELISION marks in
the runnable file give back the printed text (checked line by line against the article
itself), every change marked."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from portcheck.publish.errata import as_printed, as_run
from portcheck.suite.declarations import builtin_languages
from tests.helpers.reference import REPO, SHARED

ARTICLE_PROGRAMS = sorted(p for p in (REPO / "ports").glob("*/*-article/*")
                          if p.is_file() and p.name not in ("port.yaml", "transcript.txt")
                          and p.suffix not in (".md", ".txt", ".yaml"))


def words(line: str) -> str:
    """A line with its white space as one space (the articles are typeset: no-break
    spaces, indentation lost) and without the HTML italics of a web copy (the puzzle book
    marks its variables <i>k</i>)."""
    return " ".join(re.sub(r"</?i>", "", line).replace("\xa0", " ").split())


def seed_lines() -> dict[Path, set[str]]:
    return {path: {words(line) for line in path.read_text(encoding="utf-8").splitlines()}
            for path in sorted((SHARED / "seeds").glob("*.txt"))}


@pytest.mark.skipif(not (SHARED / "seeds").is_dir(), reason="the articles (../shared/seeds) "
                    "are not beside this checkout")
@pytest.mark.parametrize("program", ARTICLE_PROGRAMS, ids=lambda p: str(p.relative_to(REPO)))
def test_as_printed_is_the_article_text(program: Path) -> None:
    """Every line of the printed text is a line of the article (elisions aside)."""
    printed = as_printed(program.read_text(encoding="utf-8"),
                         builtin_languages().of_file(program).comment)
    seeds = seed_lines()
    article = max(seeds, key=lambda s: sum(words(line) in seeds[s] for line in printed.lines))
    missing = [(n, line) for n, line in enumerate(printed.lines, start=1)
               if words(line) and words(line) not in seeds[article]
               and getattr(printed.marks.get(n), "kind", "") != "elision"]
    assert missing == [], f"not in {article.name}"


PROGRAM = """\
| ADDED: a header
| written for the port
| (конец ADDED)

алг Игра
нач
  лит клавиша | ADDED: for the fix
  n := 29 + irnd(11) | ERRATUM: n := 30 + rnd(11)
  ввод клавиша | ERRATUM: нц
               | ERRATUM: кц при inkey <> ""
  | ELISION: «…(см. выше)» the fragment given above
  вывод n
  | (конец ELISION)
кон
"""


def test_as_printed() -> None:
    text = as_printed(PROGRAM, "|")
    assert text.lines == ["алг Игра", "нач", "  n := 30 + rnd(11)", "  нц",
                          '  кц при inkey <> ""', "  …(см. выше)", "кон"]
    assert {n: m.kind for n, m in text.marks.items()} == {3: "erratum", 4: "erratum",
                                                          5: "erratum", 6: "elision"}
    assert "runs «ввод клавиша»" in text.marks[4].note
    assert text.ranges()[1][:2] == (4, 5)  # one erratum, two printed lines
    assert any("a header" in note for note in text.notes)
    assert any("лит клавиша" in note for note in text.notes)


def test_as_run_marks_the_program() -> None:
    text = as_run(PROGRAM, "|")
    assert text.lines == PROGRAM.splitlines()
    kinds = {n: m.kind for n, m in text.marks.items()}
    assert [kinds.get(n) for n in range(1, 4)] == ["added"] * 3
    assert kinds[7] == "added" and kinds[8] == kinds[9] == "erratum"
    assert [kinds.get(n) for n in (11, 12, 13)] == ["elision"] * 3
    assert "printed «n := 30 + rnd(11)»" in text.marks[8].note


def test_an_elision_without_an_end_runs_to_the_end_of_the_file() -> None:
    text = as_printed("a\n// ELISION: the article breaks off\nb\nc\n", "//")
    assert text.lines == ["a", "…"]


def test_a_bar_in_a_string_is_no_mark() -> None:
    line = 'вывод "| ERRATUM: x" | ERRATUM: вывод "y"'
    assert as_printed(line, "|").lines == ['вывод "y"']
    assert re.search("вывод", as_run(line, "|").marks[1].note)

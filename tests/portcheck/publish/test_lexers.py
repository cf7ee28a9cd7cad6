"""The Pygments lexers of the ports' languages: every program in ports/ is read by its
language's lexer (the one ``portcheck.suite.languages`` names) with no ``Error`` token, and the
lexers portcheck adds are found by name and file name through Pygments' entry points."""

from __future__ import annotations

from pathlib import Path

import pytest
from pygments.lexers import get_lexer_by_name, get_lexer_for_filename
from pygments.token import Comment, Error, Keyword, Name, String

from portcheck.publish.lexers.kumir import KumirLexer
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.lexing import lexer_for
from tests.helpers.reference import REPO

PROGRAMS = sorted(p for p in (REPO / "ports").glob("*/*/*")
                  if p.is_file() and p.suffix in {s for lang in builtin_languages().values()
                                                    for s in lang.suffixes})


def test_every_port_has_a_program_to_read() -> None:
    assert len(PROGRAMS) >= len({p.parent for p in PROGRAMS}) > 0


@pytest.mark.parametrize("program", PROGRAMS, ids=lambda p: str(p.relative_to(REPO)))
def test_no_error_tokens(program: Path) -> None:
    language = builtin_languages().of_file(program)
    tokens = list(lexer_for(language).get_tokens(program.read_text(encoding="utf-8-sig")))
    errors = [value for kind, value in tokens if kind in Error]
    assert errors == [], f"{language.lexer} lexer cannot read {errors[:5]}"


def test_every_language_names_a_lexer_pygments_finds() -> None:
    for language in builtin_languages().values():
        assert get_lexer_by_name(language.lexer).aliases, language.name


def test_kumir_lexer_is_a_pygments_plugin() -> None:
    assert isinstance(get_lexer_by_name("kumir"), KumirLexer)
    assert isinstance(get_lexer_for_filename("freecell.kum"), KumirLexer)


def kinds(text: str) -> list[tuple[object, str]]:
    return [(k, v) for k, v in KumirLexer().get_tokens(text) if v.strip()]


def test_kumir_tokens() -> None:
    tokens = kinds('алг цел Выбор компьютера(арг цел n)\nнач\n  знач := div(n, 2) | 2\n'
                   '  вывод "a | b", нс\nкон\n')
    assert (Keyword.Declaration, "алг") in tokens
    assert (Keyword.Type, "цел") in tokens
    assert (Name.Function, "Выбор компьютера") in tokens  # KuMir names may have spaces
    assert (Name.Builtin, "div") in tokens
    assert (Comment.Single, "| 2") in tokens
    assert (String.Double, '"a | b"') in tokens  # a bar inside a string is no comment
    assert (Keyword, "кц") in kinds("нц\nкц при i > 2\n")
    assert (Keyword, "при") in kinds("нц\nкц_при i > 2\n")


def test_kumir_lexer_marks_what_is_not_kumir() -> None:
    assert (Error, "@") in kinds("x := 1 @ 2\n")
    assert (Error, "—") in kinds("x := 7 — y\n")  # the article's typeset minus

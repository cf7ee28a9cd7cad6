"""``string_literal``: text written into a program as a literal of its language, control
characters included (the dice game's 1C port has the player's typed lines written in)."""

from __future__ import annotations

import ast

import pytest

from portcheck.errors import UsageError
from portcheck.suite.render import string_literal

TYPED = ' \t3\t\r'  # a second move as the scripted player types it


@pytest.mark.parametrize(("language", "literal"), [
    ("java", '" \\t3\\t\\r"'),
    ("python", '" \\t3\\t\\r"'),
    ("pascal", "' ' + #9 + '3' + #9 + #13"),
    ("bsl", '" " + Символы.Таб + "3" + Символы.Таб + Символы.ВК'),
    ("kumir", '" " + юнисимвол(9) + "3" + юнисимвол(9) + юнисимвол(13)'),
])
def test_control_characters_are_the_languages_own(language: str, literal: str) -> None:
    assert string_literal(TYPED, language) == literal


@pytest.mark.parametrize(("language", "literal"), [
    ("java", '"a\\"b\'c\\nd\\\\"'),
    ("pascal", "'a\"b''c' + #10 + 'd\\'"),
    ("bsl", '"a""b\'c" + Символы.ПС + "d\\"'),
    ("kumir", '"a""b\'c" + нс + "d\\"'),
    ("arsac", '"a""b\'cd\\"'),
])
def test_quotes_are_doubled_or_escaped(language: str, literal: str) -> None:
    text = "a\"b'c\nd\\" if language != "arsac" else "a\"b'cd\\"
    assert string_literal(text, language) == literal


@pytest.mark.parametrize("language", ["java", "python", "pascal", "bsl", "kumir", "arsac"])
def test_the_empty_string(language: str) -> None:
    assert string_literal("", language) in ('""', "''")


def test_python_reads_back_what_was_written() -> None:
    for text in (TYPED, 'a"b\\c\nd', ""):
        assert ast.literal_eval(string_literal(text, "python")) == text


def test_the_book_language_and_unknown_languages_refuse() -> None:
    with pytest.raises(UsageError, match="no line break or tab"):
        string_literal("a\tb", "arsac")
    with pytest.raises(UsageError, match="unknown language 'cobol'"):
        string_literal("a", "cobol")

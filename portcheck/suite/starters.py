"""A new algorithm's first files (``portcheck new``): a reference skeleton and, per language,
a starter template that runs at once, printing each case's inputs as the skeleton's
``output()`` does, so the new ports verify before a line of the algorithm is written.

The starters are in ``portcheck/suite/starter/new/``; each is a template *of a template*,
rendered here with delimiters of its own (``<< name >>``, ``<% for … %>``) so that the
port's own Jinja (``{{ case.params.n }}``, ``{% for case in cases %}``) passes through as
text.  An input is ``NAME=LOW..HIGH`` (a whole number) or ``NAME=one|two|three`` (a word
of a few); without one, the skeleton has ``n=1..100``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import TYPE_CHECKING, Any

from portcheck.errors import UsageError
from portcheck.suite.algorithms import NAME, case_of
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.params import WHOLE_NUMBER

if TYPE_CHECKING:  # imported when a starter is written: `portcheck new --help` does without
    import jinja2

LANGUAGES = ("python", "java", "pascal", "bsl", "kumir", "arsac")  # those with a starter
INT32 = 2**31 - 1
DEFAULT_INPUT = "n=1..100"
RANGE = re.compile(rf"({WHOLE_NUMBER.pattern})\.\.({WHOLE_NUMBER.pattern})")


@dataclass(frozen=True)
class Input:
    """One input of a new algorithm, and how each starter declares it."""

    name: str
    low: int = 0
    high: int = 0
    choices: tuple[str, ...] = ()

    @property
    def choice(self) -> bool:
        return bool(self.choices)

    @property
    def long(self) -> bool:
        return not self.choice and max(abs(self.low), abs(self.high)) > INT32

    @property
    def declaration(self) -> str:
        if self.choice:
            return f'ChoiceParam({self.choices!r}, "…")'
        return f'IntParam({self.low}, {self.high}, "…")'

    @property
    def values(self) -> tuple[Any, ...]:
        """The inputs of the skeleton's cases: both ends and the middle."""
        if self.choice:
            return self.choices[0], self.choices[len(self.choices) // 2], self.choices[-1]
        return self.low, (self.low + self.high) // 2, self.high

    python_type = property(lambda self: "str" if self.choice else "int")
    java_type = property(lambda self: "String" if self.choice else
                         "long" if self.long else "int")
    pascal_type = property(lambda self: "string" if self.choice else
                           "Int64" if self.long else "LongInt")
    kumir_type = property(lambda self: "лит" if self.choice else "цел")


def parse_input(text: str) -> Input:
    """``n=1..100`` or ``method=naive|book``; anything else is a usage error."""
    name, sep, spec = text.partition("=")
    if not sep or not name.isidentifier() or not name.isascii():
        raise UsageError(f"--input {text!r}: expected NAME=LOW..HIGH or NAME=one|two "
                         "(NAME: letters, digits and _)")
    if (found := RANGE.fullmatch(spec)) is not None:
        low, high = int(found.group(1)), int(found.group(2))
        if low > high:
            raise UsageError(f"--input {text!r}: {low} is above {high}")
        return Input(name, low, high)
    words = tuple(spec.split("|"))
    if len(words) < 2 or not all(re.fullmatch(r"[A-Za-z0-9_-]+", w) for w in words) \
            or len(set(words)) != len(words):
        raise UsageError(f"--input {text!r}: expected NAME=LOW..HIGH or NAME=one|two (two "
                         "or more different words of letters, digits, _ and -)")
    return Input(name, choices=words)


def reference_module(algorithm: str, title: str, inputs: list[Input]) -> str:
    """The text of ``reference/<module>.py`` for a new algorithm."""
    if not NAME.fullmatch(algorithm):
        raise UsageError(f"{algorithm!r}: an algorithm's name is lower-case words joined by "
                         "'-' (josephus, dice-move)")
    names = [i.name for i in inputs]
    if len(set(names)) != len(names):
        raise UsageError(f"--input: an input is named twice ({', '.join(names)})")
    kinds = sorted({"ChoiceParam" if i.choice else "IntParam" for i in inputs})
    rows = list(zip(*(i.values for i in inputs), strict=True))
    cases = list({case.id: case for case in (case_of(dict(zip(names, row, strict=True)))
                                             for row in rows)}.values())
    return _render("reference.py.in", algorithm=algorithm, title=title, inputs=inputs,
                   imports=", ".join(kinds), cases=cases)


def starter_template(language: str, algorithm: str, title: str, inputs: list[Input]) -> str:
    """The text of ``templates/<language>/<algorithm>.<ext>.j2``: a program that prints each
    case's inputs, one line a case, as the skeleton's ``output()`` does."""
    if language not in LANGUAGES:
        raise UsageError(f"no starter template for {language} (starters: "
                         f"{', '.join(LANGUAGES)}): write templates/{language}/{algorithm}"
                         f".<ext>.j2 yourself, then: portcheck render write {algorithm} "
                         f"--lang {language}")
    stem = builtin_languages().get("java").program_name(algorithm).removesuffix(".java")
    arguments = ", ".join(
        f"{{{{ case.params.{i.name}"
        + (f' | string_literal("{language}")' if i.choice else "") + " }}"
        + ("L" if language == "java" and i.long else "") for i in inputs)
    return _render(f"{language}.j2", algorithm=algorithm, title=title, inputs=inputs,
                   function=algorithm.replace("-", "_"), class_name=stem,
                   names=", ".join(i.name for i in inputs), arguments=arguments)


def template_suffix(language: str) -> str:
    """What a template's name has between the algorithm and ``.j2``: ``.java``."""
    return builtin_languages().get(language).suffixes[0]


@cache
def _environment() -> jinja2.Environment:
    import jinja2

    env = jinja2.Environment(
        loader=jinja2.PackageLoader("portcheck.suite", "starter/new"),
        block_start_string="<%", block_end_string="%>", variable_start_string="<<",
        variable_end_string=">>", comment_start_string="<#", comment_end_string="#>",
        undefined=jinja2.StrictUndefined, trim_blocks=True, lstrip_blocks=True,
        keep_trailing_newline=True, autoescape=False)
    env.filters["python"] = repr
    return env


def _render(name: str, **values: object) -> str:
    return _environment().get_template(name).render(**values)


def starter_files() -> list[str]:
    """The starters shipped (for the tests: one a language)."""
    folder = resources.files("portcheck.suite") / "starter" / "new"
    return sorted(entry.name for entry in folder.iterdir() if entry.name.endswith(".j2"))

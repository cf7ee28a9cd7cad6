"""The front-end registry: every language of ``portinterp.languages`` offers the same API,
and importing a front-end's package does not import the parser (a program from the compile
cache runs without Lark)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from portinterp.frontends import RunOption, front_end
from portinterp.languages import LANGUAGES

API = ("compile_text", "compile_file", "lower_text", "run_program", "run_file")


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_every_front_end_offers_the_same_api(language: str) -> None:
    front = front_end(language)
    assert all(callable(getattr(front, name, None)) for name in API)
    assert LANGUAGES[language].description and LANGUAGES[language].suffixes
    assert all(isinstance(option, RunOption) for option in front.RUN_OPTIONS)


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_importing_a_front_end_does_not_import_lark(language: str) -> None:
    code = f"import sys, {LANGUAGES[language].package}; print('lark' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "False"


@pytest.mark.parametrize("language", sorted(LANGUAGES))
def test_the_run_options_are_the_tables(language: str) -> None:
    assert front_end(language).RUN_OPTIONS == LANGUAGES[language].run_options


def test_the_dialects_of_the_table_are_the_runtimes() -> None:
    from portinterp.bsl import DIALECTS

    [dialect] = LANGUAGES["bsl"].run_options
    assert (dialect.name, tuple(dialect.choices or ())) == ("dialect", tuple(DIALECTS))


def test_the_run_options_of_every_language_import_no_front_end() -> None:
    code = ("import sys; from portinterp.frontends import run_options; run_options(); "
            f"print([m for m in {sorted(s.package for s in LANGUAGES.values())!r} "
            "if m in sys.modules])")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          check=True)
    assert done.stdout.strip() == "[]"

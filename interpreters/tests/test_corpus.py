"""The corpora of the three languages, one runner: each ``<language>/corpus/<name>.<suffix>``
prints exactly ``<name>.out`` (given ``<name>.in`` as its input when there is one; a 1C
program with a ``<name>.onescript.out`` prints that in OneScript's dialect); each
``<language>/errors/<name>.<suffix>`` stops with exactly the one line of its ``<name>.err``
(``line:col: message``), whatever printed before it.  Through the public API
(``portinterp.run_file``), as a user of the package runs a file."""

from __future__ import annotations

from pathlib import Path

import pytest

import portinterp
from portinterp import CompileError, RunError

HERE = Path(__file__).parent


def programs(folder: str) -> list[Path]:
    """Every program of ``<language>/<folder>``, by language and name."""
    return sorted(path for language, spec in portinterp.LANGUAGES.items()
                  for suffix in spec.suffixes
                  for path in (HERE / language / folder).glob(f"*{suffix}"))


PRINTING = [(path, path.with_suffix(".out"), {}) for path in programs("corpus")] + [
    (path, path.with_suffix(".onescript.out"), {"dialect": "onescript"})
    for path in programs("corpus") if path.with_suffix(".onescript.out").exists()]
FAILING = programs("errors")


def label(path: Path) -> str:
    return f"{path.parent.parent.name}/{path.stem}"


def stdin_of(program: Path) -> str:
    given = program.with_suffix(".in")
    return given.read_text(encoding="utf-8") if given.exists() else ""


@pytest.mark.parametrize(("program", "expected", "options"), PRINTING,
                         ids=[label(p) + "".join(f"/{v}" for v in o.values())
                              for p, _, o in PRINTING])
def test_program_prints_its_output(program: Path, expected: Path,
                                   options: dict[str, str]) -> None:
    result = portinterp.run_file(program, stdin_of(program), **options)
    assert result.error is None
    assert (result.exit_status, result.output) == (0, expected.read_text(encoding="utf-8"))


@pytest.mark.parametrize("program", FAILING, ids=[label(p) for p in FAILING])
def test_error_program_stops_with_its_one_line_message(program: Path) -> None:
    expected = program.with_suffix(".err").read_text(encoding="utf-8").strip()
    result = portinterp.run_file(program, stdin_of(program))
    assert result.exit_status == 1
    assert str(result.error) == f"{program}:{expected}"
    assert "\n" not in str(result.error)


@pytest.mark.parametrize("language", sorted(portinterp.LANGUAGES))
def test_every_language_has_a_corpus_of_both_kinds(language: str) -> None:
    assert any(label(p).startswith(language + "/") for p, _, _ in PRINTING)
    assert any(label(p).startswith(language + "/") for p in FAILING)


def test_the_1c_errors_cover_every_kind() -> None:
    assert len([p for p in FAILING if p.suffix == ".bsl"]) >= 15


def test_compile_errors_are_found_before_running() -> None:
    result = portinterp.run_file(HERE / "kumir" / "errors" / "rnd_to_int.kum")
    assert isinstance(result.error, CompileError) and result.output == ""


def test_run_errors_keep_the_output_printed_before_them() -> None:
    result = portinterp.run_file(HERE / "kumir" / "errors" / "freecell_int_overflow.kum")
    assert isinstance(result.error, RunError)
    # 214013 * 1 + 2531011 = 2745024 fits; 214013 * 2745024 does not.
    assert result.output == "2745024\n"

"""The languages portinterp runs, by name: the front-end package, the file suffixes, the
line ``--help`` gives and the run options — the one table everything that runs a language by
name reads, known without importing a front-end (a command line serving every language, as
``portcheck exec`` is, imports only the one it runs)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any


@dataclass(frozen=True)
class RunOption:
    """A keyword of the front-end's ``run_program``, also ``--<name>`` on its command line."""

    name: str
    type: Callable[[str], Any]
    default: Any
    help: str
    choices: Sequence[Any] | None = None


@dataclass(frozen=True)
class Language:
    name: str  # "bsl": what ``python -m portinterp LANGUAGE`` and the API take
    title: str  # "1C (BSL)": what a person reads
    package: str  # the front-end package (``python -m`` runs it)
    suffixes: tuple[str, ...]  # the files of the language; the first is the usual one
    description: str  # one line for ``--help``: "Run a 1C (BSL) program."
    run_options: tuple[RunOption, ...] = ()  # the front-end's ``RUN_OPTIONS``


LANGUAGES: dict[str, Language] = {language.name: language for language in (
    Language("arsac", "the puzzle book's pseudo-language (Arsac)", "portinterp.arsac",
             (".arsac",), "Run a program in the puzzle book's pseudo-language."),
    Language("bsl", "1C (BSL)", "portinterp.bsl", (".bsl", ".os"), "Run a 1C (BSL) program.",
             (RunOption("dialect", str, "platform", choices=("platform", "onescript"),
                        help="presentation of numbers: 1C:Enterprise (default) or OneScript"),
              )),
    Language("kumir", "the school algorithmic language (KuMir)", "portinterp.kumir",
             (".kum",), "Run a school-algorithmic-language program.",
             (RunOption("seed", int, 1, help="seed of rnd/irnd (default 1)"),)),
)}


def get_language(name: str) -> Language:
    """The language called ``name``; ``LookupError`` naming the known ones otherwise."""
    if name not in LANGUAGES:
        raise LookupError(f"unknown language {name!r} (known: {', '.join(LANGUAGES)})")
    return LANGUAGES[name]


def language_of_file(path: Path) -> Language:
    """The language of a program file, from its suffix (``LookupError`` when none has it)."""
    suffix = path.suffix.lower()
    for language in LANGUAGES.values():
        if suffix in language.suffixes:
            return language
    known = ", ".join(s for language in LANGUAGES.values() for s in language.suffixes)
    raise LookupError(f"{path}: no language has the suffix {suffix!r} (known: {known})")

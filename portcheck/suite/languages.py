"""The languages portcheck runs: what each one is, and the registry that finds it.

A language is data (docs/languages.md): its name, title, suffixes, how a rendered program is
named, how it is built and run, whether it takes arguments, its comment marker and Pygments
lexer, the Debian package of each program it needs, how its version is asked and the
mutation rules that fit it.  The built-in languages are declared in the packaged
``portcheck/suite/languages.yaml``; a suite declares more in ``languages.yaml`` at its root
(``portcheck.suite.declarations`` reads both).  A few built-in languages name a runner class
instead of commands, where code buys something (the embedded interpreters, the Java batch,
Free Pascal's flush unit, Python's own interpreter).

Everything that depends on the set of languages asks a :class:`Registry`: the project's
(``Project.languages``: the built-in ones and the suite's) or, where no project is at hand,
``portcheck.suite.declarations.builtin_languages()``.  So port.yaml's ``language``,
``--lang``, the language of a file from its suffix, the runners, the lexers and the
mutation rules of a language a suite declared are found exactly as a built-in one's.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from pathlib import Path

from portcheck.errors import UsageError

EMBEDDED = "embedded"
# How a rendered program of ``dice-move`` is named (``Language.naming``).
NAMINGS = ("snake_case", "CamelCase", "kebab-case")
PLACEHOLDERS = ("source", "out", "executable", "stem", "args")
PLACEHOLDER = re.compile(r"\{(\w*)\}")


@dataclass(frozen=True)
class Language:
    name: str  # "java": what port.yaml says
    title: str  # "Java", "1C", "КуМир": what a person reads (a report's column header)
    suffixes: tuple[str, ...]  # the first is what a rendered program is called
    runner: str | None = None  # "package.module:Class" (built-in only), imported when used
    naming: str = "snake_case"  # dice_move.c, DiceMove.java (a class-named file), dice-move.x
    takes_args: bool = True  # whether a program can be given command-line arguments
    lexer: str = "text"  # the Pygments lexer's name
    comment: str = "//"  # what starts a comment running to the end of the line
    options: tuple[str, ...] = ()  # the runner options a port.yaml may give (``options:``)
    external: str | None = None  # the real tool's engine name when there is an embedded one
    embedded: str | None = None  # the embedded interpreter's language in portinterp
    # -- the declared commands (none for a language run by a runner class) --
    build: tuple[tuple[str, ...], ...] = ()  # commands run in the build folder, in order
    run: tuple[str, ...] = ()  # the command that runs a built program
    version: tuple[str, ...] = ()  # the command whose first line of output is the version
    packages: tuple[tuple[str, str], ...] = ()  # (program, Debian package) for each program
    env: tuple[tuple[str, str], ...] = ()  # variables set for its builds and runs
    build_timeout: float = 120.0  # seconds a build command may take
    # the variable naming the compiler's own cache folder (Go: GOCACHE), set for its builds
    # to a folder of portcheck's cache root, writable in the box for builds only
    build_cache: str | None = None
    # a mutant that survives is built again this way (checks too slow for every run)
    strict_build: tuple[tuple[str, ...], ...] = ()
    mutation: tuple[str, ...] = ()  # universalmutator rule files: built-in names, or paths
    declared_in: str = field(default="", compare=False)  # "file:line" of its declaration

    @property
    def engines(self) -> tuple[str, ...]:
        """The engines ``--engine`` may choose for this language (none: just its toolchain)."""
        return (EMBEDDED, self.external) if self.external and self.embedded else ()

    @property
    def declared(self) -> bool:
        """Whether it is run by its declared commands (not by a runner class)."""
        return self.runner is None

    def program_name(self, algorithm: str) -> str:
        """The file a rendered program of ``algorithm`` is called: ``dice_move.pas``,
        ``DiceMove.java`` (a Java file is named after its public class)."""
        words = algorithm.split("-")
        if self.naming == "CamelCase":
            stem = "".join(word.capitalize() for word in words)
        elif self.naming == "kebab-case":
            stem = "-".join(words)
        else:
            stem = "_".join(words)
        return stem + self.suffixes[0]

    def package_of(self, program: str) -> str:
        """The Debian package that provides ``program`` (or, for a program the declaration
        does not name, the package of its first)."""
        found = dict(self.packages)
        return found.get(program) or (self.packages[0][1] if self.packages else "?")

    @property
    def programs(self) -> tuple[str, ...]:
        """The programs its commands start, in order of first use (a word that is a
        placeholder, such as ``{executable}``, is the program built, not one to find)."""
        found: list[str] = []
        for command in (*self.build, self.run, self.version):
            if command and not PLACEHOLDER.search(command[0]) and command[0] not in found:
                found.append(command[0])
        return tuple(found)


class Registry:
    """Languages by name: the built-in ones and those a suite declares."""

    def __init__(self, languages: Mapping[str, Language]) -> None:
        self._languages = dict(languages)

    def __iter__(self) -> Iterator[str]:
        return iter(self._languages)

    def __contains__(self, name: object) -> bool:
        return name in self._languages

    def __len__(self) -> int:
        return len(self._languages)

    def values(self) -> list[Language]:
        return list(self._languages.values())

    def get(self, name: str) -> Language:
        """The language called ``name``; an unknown one is a usage error listing the known."""
        if name not in self._languages:
            raise UsageError(f"unknown language {name!r} (known: {', '.join(self)})")
        return self._languages[name]

    def of_file(self, path: Path) -> Language:
        """The language of a program file, from its suffix (a suite's own declarations are
        asked first)."""
        suffix = path.suffix.lower()
        for language in reversed(self.values()):  # the suite's come after the built-in ones
            if suffix in language.suffixes:
                return language
        known = ", ".join(s for language in self._languages.values() for s in language.suffixes)
        raise UsageError(f"{path}: cannot tell the language from the suffix (known: {known}; "
                         "or name it with --lang)")

    def all_engines(self) -> tuple[str, ...]:
        """Every engine name of every language: the ``--engine`` choices (with ``auto``)."""
        names = [EMBEDDED]
        names += [e for language in self._languages.values() for e in language.engines
                  if e not in names]
        return ("auto", *names)


def engine_for(language: Language, engine: str | None, *, strict: bool = True) -> str | None:
    """The engine to force for ``language`` (None: its default), given ``--engine``.  The
    languages without engines ignore the option; for one with engines, an engine that does
    not run it is a usage error when ``strict`` (``exec``, ``run``), and ignored otherwise
    (``verify --engine oscript`` leaves the school-language ports alone)."""
    if engine in (None, "auto") or not language.engines:
        return None
    if engine not in language.engines:
        if not strict:
            return None
        raise UsageError(f"engine {engine!r} does not run {language.name} "
                         f"(use {' or '.join(language.engines)})")
    return engine

"""The languages portcheck runs: one registry, the one owner of what each language is.

Everything that depends on the set of languages is built from ``LANGUAGES``: the runners
(``portcheck.runners.get_runner``), the language names ``port.yaml`` accepts and the runner
options it may give (each runner takes exactly those), the ``--engine``
choices of the command line, the language of a file given to ``exec`` and ``check`` (from its
suffix) and the file name a rendered program gets.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from portcheck.errors import UsageError

EMBEDDED = "embedded"


@dataclass(frozen=True)
class Language:
    name: str  # "java": what port.yaml says
    title: str  # "Java", "1C", "КуМир": what a person reads (a report's column header)
    runner: str  # "package.module:Class", imported when first used
    suffixes: tuple[str, ...]  # the first is what a rendered program is called
    external: str | None = None  # the real tool's engine name when there is an embedded one
    embedded: str | None = None  # the embedded interpreter's language in portinterp
    # (``portinterp.languages``; ``portcheck.runners.embedded`` finds its package)
    class_named_file: bool = False  # Java: the file is named after its public class
    takes_args: bool = True  # whether a program can be given command-line arguments
    lexer: str = "text"  # the Pygments lexer's name (portcheck.publish.lexers adds kumir,
    # arsac)
    comment: str = "//"  # what starts a comment running to the end of the line
    options: tuple[str, ...] = ()  # the runner options a port.yaml may give (``options:``)

    @property
    def engines(self) -> tuple[str, ...]:
        """The engines ``--engine`` may choose for this language (none: just its toolchain)."""
        return (EMBEDDED, self.external) if self.external and self.embedded else ()

    def program_name(self, algorithm: str) -> str:
        """The file a rendered program of ``algorithm`` is called: ``freecell.pas``,
        ``DiceMove.java`` (a Java file is named after its public class)."""
        words = algorithm.split("-")
        if self.class_named_file:
            stem = "".join(word.capitalize() for word in words)
        else:
            stem = "_".join(words)
        return stem + self.suffixes[0]


LANGUAGES: dict[str, Language] = {language.name: language for language in (
    Language("arsac", "Псевдокод Арсака",
             "portcheck.runners.arsac:ArsacRunner", (".arsac",),
             embedded="arsac", takes_args=False, lexer="arsac",
             options=("engine", "encoding")),
    Language("bsl", "1C", "portcheck.runners.bsl:BslRunner", (".bsl", ".os"),
             external="oscript", embedded="bsl", takes_args=False,
             lexer="bsl", options=("engine", "dialect")),
    Language("java", "Java", "portcheck.runners.java:JavaRunner", (".java",),
             class_named_file=True, lexer="java"),
    Language("kumir", "КуМир", "portcheck.runners.kumir:KumirRunner",
             (".kum",), external="kumir", embedded="kumir", takes_args=False,
             lexer="kumir", comment="|", options=("engine", "seed", "encoding")),
    Language("pascal", "Free Pascal", "portcheck.runners.pascal:PascalRunner", (".pas", ".pp"),
             lexer="pascal"),
    Language("python", "Python", "portcheck.runners.python:PythonRunner", (".py",),
             lexer="python", comment="#"),
)}


def get_language(name: str) -> Language:
    if name not in LANGUAGES:
        raise UsageError(f"unknown language {name!r} (known: {', '.join(LANGUAGES)})")
    return LANGUAGES[name]


def language_of_file(path: Path) -> Language:
    """The language of a program file, from its suffix."""
    suffix = path.suffix.lower()
    for language in LANGUAGES.values():
        if suffix in language.suffixes:
            return language
    known = ", ".join(s for language in LANGUAGES.values() for s in language.suffixes)
    raise UsageError(f"{path}: cannot tell the language from the suffix (known: {known}; "
                     "or name it with --lang)")


def all_engines() -> tuple[str, ...]:
    """Every engine name of every language: the ``--engine`` choices (with ``auto``)."""
    names = [EMBEDDED]
    names += [e for language in LANGUAGES.values() for e in language.engines if e not in names]
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

"""Reading declared languages: the built-in ones (``portcheck/suite/languages.yaml``, packaged
with portcheck) and a suite's own (``languages.yaml`` at its root), in one format
(docs/languages.md).

    lua:                                    # the name port.yaml and --lang use
      title: Lua
      suffixes: [.lua]                      # the first is a rendered program's
      build: [[luac5.4, -p, "{source}"]]    # optional: commands run in the build folder
      run: [lua5.4, "{source}", "{args}"]   # how a built program runs
      version: [lua5.4, -v]                 # its first line of output is the version
      package: lua5.4                       # or {program: package, ...}
      comment: "--"
      lexer: lua

Every mistake is one line naming the file and line.  A suite may not declare a built-in
language again (it would change the built-in ports' meaning); it may give a suffix a
language of its own, which then wins for files of that suffix.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.files.yaml_cache import read_yaml_cached
from portcheck.files.yamlio import LineNumbers, read_yaml
from portcheck.suite.languages import NAMINGS, PLACEHOLDER, PLACEHOLDERS, Language, Registry

FILE_NAME = "languages.yaml"
PACKAGED = Path(__file__).resolve().parent / FILE_NAME
# Keys a suite's declaration may have; the packaged file may also name a runner class.
KEYS = {"title", "suffixes", "program", "build", "run", "args", "comment", "lexer",
        "package", "version", "env", "build_timeout", "mutation", "strict_build"}
# Keys of the packaged file only: a runner class and what it reads, and a compiler's own
# cache shared by builds (``build_cache``: only for a compiler portcheck vouches runs no
# code of the program it builds, docs/sandbox.md, "The compilers' own caches").
CODE_KEYS = {"runner", "options", "external", "embedded", "build_cache"}
REQUIRED = ("title", "suffixes")
COMMAND_KEYS = ("run", "version", "package")  # required unless a runner class runs it


def builtin_languages() -> Registry:
    """The built-in languages."""
    return Registry(_builtin())


@cache
def _builtin() -> dict[str, Language]:
    return read_declarations(PACKAGED, packaged=True)


_SUITES: dict[Path, tuple[tuple[int, int, int] | None, Registry]] = {}


def registry_for(root: Path) -> Registry:
    """The languages of the suite at ``root``: the built-in ones, then those of its
    ``languages.yaml`` (read again whenever the file changes)."""
    path = root.resolve() / FILE_NAME
    identity = _identity(path)
    held = _SUITES.get(path)
    if held is not None and held[0] == identity:
        return held[1]
    languages = dict(_builtin())
    if identity is not None:
        document_lines = read_yaml(path).lines
        for name, language in read_declarations(path).items():
            same = [known for known in languages if known.casefold() == name.casefold()]
            if same and same[0] in _builtin():
                called = "" if same[0] == name else f" ({same[0]!r})"
                raise UsageError(f"{document_lines.where(name)}: {name!r} is a built-in "
                                 f"language{called}; declare yours under another name")
            if same:  # --lang and port.yaml would tell them apart by case alone
                raise UsageError(f"{document_lines.where(name)}: {name!r} and {same[0]!r} "
                                 "differ only in case; give them names of their own")
            languages[name] = language
    registry = Registry(languages)
    _SUITES[path] = (identity, registry)
    return registry


def _identity(path: Path) -> tuple[int, int, int] | None:
    try:
        info = path.stat()
    except FileNotFoundError:
        return None
    except OSError as error:
        raise UsageError(f"{path}: cannot read: {error.strerror}") from None
    return info.st_ino, info.st_size, info.st_mtime_ns


def read_declarations(path: Path, *, packaged: bool = False) -> dict[str, Language]:
    """Every language declared in the file at ``path``, checked (portcheck's own, the
    ``packaged`` one, read through the sealed cache of its parse)."""
    document = read_yaml_cached(path) if packaged else read_yaml(path)
    data, lines = document.data, document.lines
    if data is None:
        return {}
    if not isinstance(data, dict):
        raise UsageError(f"{lines.where()}: a languages file is a mapping of language names "
                         "to their declarations")
    for name, line in zip(data, lines.top_lines(), strict=False):
        if not isinstance(name, str):  # `~:`, `yes:` or `1:`, which YAML reads as no text
            raise UsageError(f"{path}:{line}: a language name is letters, digits, - _ and +, "
                             f"written as text: {name!r}")
    return {name: _language(name, spec, lines, path, packaged) for name, spec in data.items()}


def _language(name: str, spec: Any, lines: LineNumbers, path: Path,
              packaged: bool) -> Language:
    where = lines.where(name)
    if not name or not all(ch.isalnum() or ch in "-_+" for ch in name) or name[0] == "-":
        raise UsageError(f"{where}: a language name is letters, digits, - _ and +: {name!r}")
    if not isinstance(spec, dict):
        raise UsageError(f"{where}: the declaration of {name} must be a mapping")
    known = KEYS | CODE_KEYS if packaged else KEYS
    for key in spec:
        if key not in known:
            extra = f" ({key} is for portcheck's built-in languages)" \
                if key in CODE_KEYS else ""
            raise UsageError(f"{lines.where(name, key)}: unknown key {key!r} in the "
                             f"declaration of {name} (known: {', '.join(sorted(KEYS))}){extra}")
    needed = REQUIRED if "runner" in spec else (*REQUIRED, *COMMAND_KEYS)
    for key in needed:
        if key not in spec:
            raise UsageError(f"{where}: the declaration of {name} has no {key!r}")
    read = _Reader(name, spec, lines)
    language = Language(
        name=name,
        title=read.text("title"),
        suffixes=read.suffixes(),
        runner=read.text("runner") if "runner" in spec else None,
        naming=read.choice("program", NAMINGS, "snake_case"),
        takes_args=read.flag("args", True),
        # the packaged file's lexers are checked by a test, not at every start of portcheck
        lexer=read.text("lexer", "text") if packaged else read.lexer(),
        comment=read.text("comment", "//"),
        options=read.words("options"),
        external=read.text("external") if "external" in spec else None,
        embedded=read.text("embedded") if "embedded" in spec else None,
        build=read.commands("build"),
        run=read.command("run"),
        version=read.command("version"),
        packages=read.packages(),
        env=read.env(),
        build_timeout=read.seconds("build_timeout", 120.0),
        build_cache=read.variable("build_cache"),
        mutation=read.rules(path.parent),
        strict_build=read.commands("strict_build"),
        declared_in=where,
    )
    read.check_commands(language)
    return language


class _Reader:
    """The values of one declaration, each checked; a mistake names its line."""

    def __init__(self, name: str, spec: dict[str, Any], lines: LineNumbers) -> None:
        self.name, self.spec, self.lines = name, spec, lines

    def where(self, *keys: str | int) -> str:
        return self.lines.where(self.name, *keys)

    def fail(self, key: str, message: str, *more: str | int) -> UsageError:
        return UsageError(f"{self.where(key, *more)}: {self.name}: {key}: {message}")

    def text(self, key: str, default: str | None = None) -> str:
        value = self.spec.get(key, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(key, "must be text")
        return value

    def flag(self, key: str, default: bool) -> bool:
        value = self.spec.get(key, default)
        if not isinstance(value, bool):
            raise self.fail(key, "must be true or false")
        return value

    def choice(self, key: str, allowed: tuple[str, ...], default: str) -> str:
        value = self.spec.get(key, default)
        if value not in allowed:
            raise self.fail(key, f"{value!r} is not one of {', '.join(allowed)}")
        return str(value)

    def seconds(self, key: str, default: float) -> float:
        value = self.spec.get(key, default)
        if isinstance(value, bool) or not isinstance(value, int | float) \
                or not math.isfinite(value) or not 0 < value <= 3600:
            raise self.fail(key, "must be a number of seconds above 0 and at most 3600")
        return float(value)

    def words(self, key: str) -> tuple[str, ...]:
        value = self.spec.get(key, [])
        if not isinstance(value, list) or not all(isinstance(w, str) and w for w in value):
            raise self.fail(key, "must be a list of words")
        return tuple(value)

    def suffixes(self) -> tuple[str, ...]:
        value = self.words("suffixes")
        if not value or not all(s.startswith(".") and len(s) > 1 and s == s.lower()
                                and "/" not in s for s in value):
            raise self.fail("suffixes", "must be a non-empty list of lower-case suffixes "
                            "such as .c")
        return value

    def lexer(self) -> str:
        value = self.text("lexer", "text")
        # imported here, and the class found but not made: a lexer compiles its regular
        # expressions when made, which every command would pay for at start-up
        from pygments.lexers import find_lexer_class_by_name
        from pygments.util import ClassNotFound
        try:
            find_lexer_class_by_name(value)
        except ClassNotFound:
            raise self.fail("lexer", f"Pygments has no lexer {value!r} (its names: "
                            "pygmentize -L lexers)") from None
        return value

    def command(self, key: str, *at: str | int) -> tuple[str, ...]:
        value = self.spec.get(key, []) if not at else self.spec[key][at[0]]
        if value == [] and not at:
            return ()
        if not isinstance(value, list) or not value or not all(
                isinstance(w, str | int | float) and not isinstance(w, bool) for w in value):
            raise self.fail(key, "must be a command: a list of words, the program first", *at)
        words = tuple(str(w) for w in value)
        for word in words:
            if "{" in PLACEHOLDER.sub("", word) or "}" in PLACEHOLDER.sub("", word):
                raise self.fail(key, f"a brace without its pair in {word!r} (braces are for "
                                "placeholders only, such as {source})", *at)
            for placeholder in PLACEHOLDER.findall(word):
                if placeholder not in PLACEHOLDERS:
                    raise self.fail(key, f"unknown placeholder {{{placeholder}}} (known: "
                                    f"{', '.join('{' + p + '}' for p in PLACEHOLDERS)})", *at)
            if "{args}" in word and word != "{args}":
                raise self.fail(key, "{args} stands for the run's arguments: a word of its "
                                "own", *at)
        if words[0] == "{args}":
            raise self.fail(key, "the first word is the program to start, not {args}", *at)
        return words

    def commands(self, key: str) -> tuple[tuple[str, ...], ...]:
        value = self.spec.get(key, [])
        if not isinstance(value, list):
            raise self.fail(key, "must be a list of commands")
        if value and all(isinstance(w, str) for w in value):
            return (self.command(key),)  # one command written alone
        return tuple(self.command(key, n) for n in range(len(value)))

    def packages(self) -> tuple[tuple[str, str], ...]:
        value = self.spec.get("package")
        if value is None:
            return ()
        if isinstance(value, str) and value.strip():
            return (("", value),)
        if isinstance(value, dict) and value and all(
                isinstance(k, str) and isinstance(v, str) and v.strip()
                for k, v in value.items()):
            return tuple(value.items())
        raise self.fail("package", "must be a Debian package's name, or a mapping of each "
                        "program to its package")

    def env(self) -> tuple[tuple[str, str], ...]:
        value = self.spec.get("env", {})
        if not isinstance(value, dict) or not all(
                isinstance(k, str) and k and "=" not in k and isinstance(v, str | int)
                for k, v in value.items()):
            raise self.fail("env", "must map variable names to values")
        return tuple((k, str(v)) for k, v in value.items())

    def variable(self, key: str) -> str | None:
        value = self.spec.get(key)
        if value is None:
            return None
        if not isinstance(value, str) or not value.isidentifier():
            raise self.fail(key, "must be a variable's name (GOCACHE)")
        return value

    def rules(self, folder: Path) -> tuple[str, ...]:
        """universalmutator rule files: its own by name (``c_like``), others by a path
        relative to the declaring file."""
        names = self.words("mutation") or ("universal",)
        found = []
        for n, name in enumerate(names):
            if "/" in name or name.endswith(".rules"):
                path = (folder / name).resolve()
                if not path.is_file():
                    raise self.fail("mutation", f"no rule file {name!r}", n)
                found.append(str(path))
            else:
                found.append(f"{name}.rules")
        return tuple(found)

    def check_commands(self, language: Language) -> None:
        """A declared language's commands can be carried out: each program has a package,
        and the program a build makes is what the run starts."""
        if not language.declared:
            return
        if not language.run:
            raise self.fail("run", "must be a command: a list of words, the program first")
        if not language.version or PLACEHOLDER.search(language.version[0]):
            raise self.fail("version", "must be a command that an installed program answers "
                            "with its version: a list of words, the program first")
        named = dict(language.packages)
        if "" not in named:
            for program in language.programs:
                if program not in named:
                    raise self.fail("package", f"names no package for {program}")
        uses = " ".join((*language.run, *(w for c in language.build for w in c)))
        if "{executable}" in uses and not language.build:
            raise self.fail("run", "{executable} is what a build makes: declare the build")


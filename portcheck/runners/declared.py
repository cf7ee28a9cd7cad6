"""A declared language's runner: its build and run commands, carried out as declared
(``portcheck.suite.languages``, docs/languages.md), with everything a built-in runner has.

- **Toolchain**: every program its commands start must be on PATH; a missing one is
  ``gcc not found: install package gcc``.  The version is the first line its ``version``
  command prints, asked once per compiler binary (``BuildCache.probe``).
- **Build**: the program is copied into a fresh build folder under its own name, and the
  build commands run there one after another (``{source}`` is its name, ``{out}`` the
  folder, ``{executable}`` the folder's file named after the program's stem).  The folder
  becomes a build cache entry keyed by the language's name, the toolchain's version, the
  build commands, the variables set, the file name and bytes: an unchanged program is not
  built again, a changed compiler or command builds it anew.  Nothing is written beside
  the program, and two copies of one program in two folders build the same bytes (the
  mutants' trivial compiler equivalence needs that).
- **Run**: the run command, with ``{source}`` the copy in the entry and ``{args}`` the
  run's arguments, word for word.

Every build command and every run goes through :meth:`DeclaredRunner.execute` — argv, the
working folder, the variables and the limits, nothing else — and from there through
``run_command`` (containment: a time limit, an output limit, the whole process tree ended),
the one place a box around the program would go.

A build that fails, hangs or floods is one :class:`BuildError`: a header line that says
which, and the compiler's first messages (``BUILD_LINES_SHOWN`` lines, then how many more).
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Mapping, Sequence
from pathlib import Path

from portcheck.files.cache_root import cache_root
from portcheck.runners.base import (
    DEFAULT_MAX_OUTPUT,
    DEFAULT_TIMEOUT,
    BuildError,
    CannotStart,
    RunResult,
    Toolchain,
    child_env,
    missing_tool_message,
    run_command,
    unusable,
)
from portcheck.runners.cache import BuildCache, cache_key
from portcheck.runners.compiled import CompiledRunner
from portcheck.runners.environment import RunEnvironment
from portcheck.suite.languages import Language
from portcheck.terminal.clip import one_line
from portcheck.terminal.controls import escape_controls

BUILD_OUTPUT_LIMIT = 1024 * 1024  # bytes of a build command's messages read, each stream
BUILD_LINES_SHOWN = 20  # of the compiler's messages, in a failed build's error
# Below the cache root: the compilers' own caches (``build_cache``), one folder a language.
# A dot: no language's name has one, so no build cache folder is called this.
COMPILER_CACHES = "compiler.caches"
# where the compilers' caches are when the cache root is a scratch one (``mutate``'s
# hundreds of builds): still the user's, so each mutate task does not compile Go's
# standard library again
COMPILER_CACHES_ENV = "PORTCHECK_COMPILER_CACHES"


class DeclaredRunner(CompiledRunner):
    """Builds and runs programs of a language by its declared commands."""

    def __init__(self, declaration: Language, *, cache: BuildCache | None = None,
                 environment: RunEnvironment | None = None) -> None:
        super().__init__(cache=cache, environment=environment)
        self.declaration = declaration
        self.language = declaration.name
        self.suffix = declaration.suffixes[0]
        self.name = declaration.name  # the build cache's folder
        self.env = child_env(dict(declaration.env))

    # -- the toolchain ----------------------------------------------------------------

    def _probe(self, timeout: float) -> Toolchain:
        """Every program on PATH (else missing: a skip naming the package), then the
        version command within ``timeout``; one that hangs, fails or cannot start is a
        *broken* toolchain: a failure, as for the built-in compilers."""
        shown = "/".join(self.declaration.programs) or self.name
        for program in self.declaration.programs:
            if shutil.which(program, path=self.env.get("PATH")) is None:
                package = self.declaration.package_of(program)
                return Toolchain(shown, False, missing_tool_message(program, package))
        version = self.declaration.version
        asked = " ".join(version)
        tool = shutil.which(version[0], path=self.env.get("PATH"))
        assert tool is not None  # one of the programs found above
        try:
            probe = self.cache.probe(tool, [tool, *version[1:]], timeout=timeout)
        except CannotStart as error:
            return Toolchain(shown, False, f"{asked}: {error}", broken=True)
        answer = escape_controls((probe.stdout + probe.stderr).strip())
        if probe.timed_out:
            return Toolchain(shown, False, f"{asked} did not answer within {timeout:g} s",
                             broken=True)
        if probe.returncode != 0:
            said = one_line(answer) if answer else "no answer"
            return Toolchain(shown, False, f"{asked} failed (exit {probe.returncode}): {said}",
                             broken=True)
        first = next((line.strip() for line in answer.splitlines() if line.strip()), "")
        return Toolchain(shown, True, first or f"{version[0]} (no version said)")

    # -- building ---------------------------------------------------------------------

    def build(self, source: Path) -> Path:
        toolchain = self.toolchain()
        if not toolchain.ok:
            raise unusable(toolchain)
        text = source.read_bytes()
        commands = [word for command in self.declaration.build for word in (*command, "\0")]
        variables = [f"{k}={v}" for k, v in self.declaration.env]
        key = cache_key(self.name, toolchain.detail, *commands, "\0", *variables, source.name,
                        text)
        entry = self.cache.get_or_build(self.name, key,
                                        lambda work: self._build_into(source, text, work))
        return entry / source.name

    def _build_into(self, source: Path, text: bytes, work: Path) -> None:
        (work / source.name).write_bytes(text)
        words = self._words(work / source.name, build=True)
        env, writable = self.env, [work]
        own = compiler_cache(self.declaration.name) if self.declaration.build_cache else None
        if self.declaration.build_cache and own is not None:
            env, writable = {**self.env, self.declaration.build_cache: str(own)}, [work, own]
        for command in self.declaration.build:
            argv = expand(command, words)
            result = self.execute(argv, cwd=work, timeout=self.declaration.build_timeout,
                                  max_output=BUILD_OUTPUT_LIMIT, env=env, writable=writable)
            _check_build(source, argv[0], result, self.declaration.build_timeout)
        for made in _made(self.declaration.run, words):
            if not Path(made).is_file():
                builder = Path(self.declaration.build[-1][0]).name
                raise BuildError(f"{source}: {builder} made no {Path(made).name}")

    # -- running ----------------------------------------------------------------------

    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT,
            max_output: int = DEFAULT_MAX_OUTPUT, args: Sequence[str] = ()) -> RunResult:
        argv = expand(self.declaration.run, self._words(built.absolute(), build=False), args)
        return self.execute(argv, stdin=stdin, timeout=timeout, max_output=max_output,
                            readable=[built.parent])

    def execute(self, argv: Sequence[str], *, cwd: Path | None = None, stdin: str = "",
                timeout: float, max_output: int, env: Mapping[str, str] | None = None,
                readable: Sequence[Path] = (),
                writable: Sequence[Path] | None = None) -> RunResult:
        """The one way this runner starts a process (a build command, a run): contained,
        within its time and output limits, in ``cwd`` (default: a scratch folder), boxed
        where runs are boxed: writing only ``cwd`` (a build: ``writable``, its folder and
        the compiler's own cache), reading ``readable`` (the build folder) besides the
        toolchains."""
        return run_command(argv, stdin=stdin, timeout=timeout, max_output=max_output, cwd=cwd,
                           env=env if env is not None else self.env, readable=readable,
                           writable=writable)

    @staticmethod
    def _words(program: Path, *, build: bool) -> dict[str, str]:
        """What the placeholders stand for: in a build (run in the build folder) the
        program is its own file name there; in a run, the copy's whole path."""
        out = program.parent
        return {"source": program.name if build else str(program), "out": str(out),
                "executable": str(out / program.stem), "stem": program.stem}


def compiler_cache(language: str) -> Path | None:
    """The folder a language's compiler keeps its own cache in (``build_cache``: Go's
    compiled standard library), made if missing: below portcheck's cache root, hidden from
    every run, writable in the box for that language's builds only.  None where it cannot
    be made (a cache root that cannot be written): the compiler then keeps its cache where
    it would, which the box hides — slower, not wrong."""
    folder = Path(os.environ.get(COMPILER_CACHES_ENV) or cache_root() / COMPILER_CACHES) \
        / language
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return folder


def expand(command: Sequence[str], words: Mapping[str, str],
           args: Sequence[str] = ()) -> list[str]:
    """``command`` with its placeholders replaced; ``{args}`` (a word of its own) by the
    run's arguments, one word each."""
    argv: list[str] = []
    for word in command:
        if word == "{args}":
            argv += list(args)
            continue
        for name, value in words.items():
            word = word.replace("{" + name + "}", value)
        argv.append(word)
    return argv


def _made(run: Sequence[str], words: Mapping[str, str]) -> list[str]:
    """The files the run command starts from the build folder: they must exist."""
    return [expand([word], words)[0] for word in run
            if "{executable}" in word or "{out}" in word]


def _check_build(source: Path, program: str, result: RunResult, limit: float) -> None:
    """A :class:`BuildError` for a build command that failed, hung or flooded."""
    name = Path(program).name
    if result.timed_out:
        header = f"{source}: {name} did not finish in {limit:g} s (stopped)"
    elif result.output_limited:
        header = (f"{source}: {name} printed more than {BUILD_OUTPUT_LIMIT // 1024} KiB on "
                  f"{result.output_limited} (stopped)")
    elif result.returncode != 0:
        header = f"{source}: {name} failed (exit {result.returncode})"
    else:
        return
    raise BuildError("\n".join([header, *first_lines(result.stderr + result.stdout)]))


def first_lines(text: str, shown: int = BUILD_LINES_SHOWN) -> list[str]:
    """The first ``shown`` lines of a compiler's messages, and how many more there were."""
    lines = [line.rstrip() for line in text.strip().splitlines()]
    if len(lines) <= shown:
        return lines
    return [*lines[:shown], f"… ({len(lines) - shown} more lines)"]


"""Building mutants, many at a time, and their compiled forms (``equivalence``).

Each program is in a folder of its own, under the port's file name (a Java file is named
after its class).  Java mutants are compiled by one JVM per batch (``MutantJavac.java``:
``javax.tools`` in a loop, so javac starts and warms up once, not once per mutant), with
``-g:none`` so that the classes carry no line table; the classes are run as they are.  Free
Pascal mutants are built by the runner's own ``fpc`` call, with ``-gt`` (locals trashed;
a survivor again with ``-gtttt``, trashed to 0);
Python and the embedded interpreters' mutants by Python's parser and the embedded
front-end's full check and compile (in worker processes); a declared language's (C, Go,
Lua, …) by its own build commands, ``--jobs`` at once, its compiled form what they made.  A
mutant that does not build is *stillborn*.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterable, Sequence
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor
from dataclasses import dataclass
from itertools import repeat
from pathlib import Path

from portcheck.errors import describe_exception
from portcheck.mutate import equivalence
from portcheck.processes import limits
from portcheck.runners import BuildError, Runner, get_runner
from portcheck.runners.base import require_tool, run_command
from portcheck.runners.cache import MANIFEST
from portcheck.runners.embedded import compile_cached
from portcheck.runners.jdk import JAVAC_OPTIONS
from portcheck.runners.jdk import PACKAGE as JDK_PACKAGE
from portcheck.runners.pascal import _fpc
from portcheck.suite.ports import Port
from portcheck.verify.execution import RunSettings, runner_for

HELPER = Path(__file__).resolve().parent / "MutantJavac.java"
JAVA_BATCH_SECONDS = 60.0  # a batch's time limit: this, plus ...
JAVA_SECONDS_EACH = 10.0  # ... this per mutant in it
# Free Pascal fills every local variable with a pattern on entry ("trash"), the original
# as every mutant: a mutant that drops an initialisation reads the pattern, not the 0 an
# unused stack happens to hold, so it fails as the bug would elsewhere (docs/mutation.md).
FPC_TRASH = ("-gt",)
# The pattern -gt writes ($55…) reads as a value nothing expects, and a dropped
# initialisation whose value is only ever tested against a few others (-1 as "no answer")
# can pass with it; a survivor is built again with -gtttt, whose pattern is 0, and run
# again (``second_build``): undefined behaviour is told apart under either pattern.
FPC_TRASH_ZERO = ("-gtttt",)


@dataclass
class Build:
    """A program built (or not): what to run, and its compiled form."""

    ok: bool
    form: str | None = None  # the digest of its compiled form (equivalence)
    prebuilt: Path | None = None  # what the runner runs (None: the runner builds it)
    error: str = ""
    how: str = ""  # how a second build differs ("locals trashed to 0")


def build_all(port: Port, settings: RunSettings, programs: Sequence[Path],
              jobs: int) -> list[Build]:
    """Every program of ``programs`` built, in order."""
    if port.language == "java":
        return _java_batches(programs, jobs)
    if port.lang.embedded:
        return _embedded(port, settings, programs, jobs)
    one = {"pascal": _pascal, "python": _python}.get(port.language)
    if one is None:  # a declared language: its own build commands
        runner = get_runner(port.lang)
        return _parallel(lambda program: _declared(runner, program), programs, jobs)
    return _parallel(one, programs, jobs)


def _parallel(build: Callable[[Path], Build], programs: Iterable[Path], jobs: int) -> list[Build]:
    with ThreadPoolExecutor(jobs) as pool:
        return list(pool.map(build, programs))


def second_build(port: Port, program: Path) -> Build | None:
    """A survivor's other build, where one tells more: Free Pascal's with locals
    trashed to 0, a declared language's ``strict_build`` (C and C++: with the address
    sanitizer); ``None`` for the other languages."""
    if port.language == "pascal":
        return dataclasses.replace(_pascal(program, FPC_TRASH_ZERO, "bin-zero"),
                                   how="locals trashed to 0")
    strict = port.lang.strict_build
    if not strict:
        return None
    runner = get_runner(dataclasses.replace(port.lang, name=f"{port.lang.name}-strict",
                                            build=strict))
    flags = " ".join(word for word in strict[-1] if word.startswith("-f"))
    return dataclasses.replace(_declared(runner, program), how=f"its strict build, {flags}")


def _pascal(program: Path, trash: tuple[str, ...] = FPC_TRASH, folder: str = "bin") -> Build:
    work = program.parent / folder
    work.mkdir(exist_ok=True)
    try:
        _fpc(program, work, trash)
    except BuildError as error:
        return Build(False, error=str(error))
    binary = work / program.stem
    return Build(True, equivalence.file_form(binary), binary)


def _python(program: Path) -> Build:
    try:
        get_runner("python").build(program)
    except BuildError as error:
        return Build(False, error=str(error))
    text = program.read_text(encoding="utf-8")
    return Build(True, equivalence.python_form(text, program.name))


def _declared(runner: Runner, program: Path) -> Build:
    """A program of a declared language built by its build commands (into the scratch
    build cache); its compiled form is what the build made besides the program's copy
    (``None`` when it made nothing: no trivial compiler equivalence then)."""
    try:
        built = runner.build(program)
    except BuildError as error:
        return Build(False, error=str(error))
    made = [path for path in sorted(built.parent.iterdir())
            if path.is_file() and path.name not in (built.name, MANIFEST)]
    form = equivalence.digest(*(part for path in made
                                for part in (path.name.encode(), path.read_bytes()))) \
        if made else None
    return Build(True, form, built)


def _embedded(port: Port, settings: RunSettings, programs: Sequence[Path],
              jobs: int) -> list[Build]:
    """The embedded front-end's check and compile of each program, ``jobs`` processes at
    once (a compile is pure Python: threads would take turns; one job: in this process);
    each compiled program is kept in the build cache, where the runner's build and the run
    find it."""
    first = port.applicable[0] if port.applicable else None
    runner = runner_for(port, settings, port.options_for(first))
    encoding = getattr(runner, "encoding", "utf-8-sig")
    interpreter = port.lang.embedded
    if jobs == 1:  # here, not in a child: a Dask worker (``mutate --all``) may start none
        return list(map(_compiled, repeat(interpreter), programs, repeat(encoding)))
    with ProcessPoolExecutor(jobs) as pool:
        return list(pool.map(_compiled, repeat(interpreter), programs, repeat(encoding)))


def _compiled(language: str, program: Path, encoding: str) -> Build:
    try:
        compiled = compile_cached(language, program, encoding)
    except Exception as error:  # the front-end's check rejects it (or cannot compile it)
        return Build(False, error=describe_exception(error))
    return Build(True, equivalence.program_form(compiled))


def _java_batches(programs: Sequence[Path], jobs: int) -> list[Build]:
    """``jobs`` JVMs, each compiling its share of ``programs``."""
    shares = [list(programs[n::jobs]) for n in range(jobs)]
    with ThreadPoolExecutor(jobs) as pool:
        done = list(pool.map(_java_batch, shares))
    results: list[Build] = [Build(False)] * len(programs)
    for n, share in enumerate(done):
        results[n::jobs] = share
    return results


def _java_batch(programs: list[Path]) -> list[Build]:
    if not programs:
        return []
    helper = get_runner("java").build(HELPER)
    java = require_tool("java", JDK_PACKAGE)
    requests = "".join(f"{p.parent / 'classes'}\t{p}\n" for p in programs)
    for program in programs:
        (program.parent / "classes").mkdir(exist_ok=True)
    with limits.building():  # a compiler: it may write only the mutants' class folders
        result = run_command([java, "-Xshare:auto", "-cp", str(helper.parent), helper.stem,
                              *JAVAC_OPTIONS, "-g:none"], stdin=requests,
                             timeout=JAVA_BATCH_SECONDS + JAVA_SECONDS_EACH * len(programs),
                             writable=[p.parent / "classes" for p in programs],
                             readable=[helper.parent, *programs])
    answers = result.stdout.splitlines()
    if len(answers) != len(programs):
        raise BuildError(f"the batch compiler stopped after {len(answers)} of "
                         f"{len(programs)} mutants: {result.stderr.strip()[:300]}")
    return [_java_build(program, answer) for program, answer in zip(programs, answers,
                                                                     strict=True)]


def _java_build(program: Path, answer: str) -> Build:
    classes = program.parent / "classes"
    if answer != "0" or not (classes / f"{program.stem}.class").is_file():
        return Build(False, error=answer[2:])
    return Build(True, equivalence.files_form(classes, ".class"),
                 classes / f"{program.stem}.class")

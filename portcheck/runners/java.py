"""Java: compile with ``javac`` (JDK 17), run the class with ``java``.

The class name comes from the file name, as Java requires of a public class: ``Freecell.java``
builds ``Freecell.class`` and runs as ``java -cp <entry> Freecell``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from portcheck.runners.base import (
    DEFAULT_MAX_OUTPUT,
    DEFAULT_TIMEOUT,
    BuildError,
    RunResult,
    Toolchain,
    require_tool,
    run_command,
    unusable,
)
from portcheck.runners.cache import cache_key
from portcheck.runners.compiled import CompiledRunner
from portcheck.runners.jdk import JAVA_OPTIONS, JAVAC_OPTIONS, PACKAGE, java_command

COMPILE_TIMEOUT = 120.0


class JavaRunner(CompiledRunner):
    language = "java"
    suffix = ".java"
    name = "javac/java"

    def _probe(self, timeout: float) -> Toolchain:
        return self._probe_version(PACKAGE, ("javac", "java"), ["-version"], timeout)

    def build(self, source: Path) -> Path:
        class_name = source.stem
        if not class_name.isidentifier():
            raise BuildError(f"{source}: {class_name!r} cannot be a Java class name")
        batch = self.environment.java_batch
        if batch is not None:  # verify compiles all its sources in one JVM, first
            batch.before_build(source, self)
        entry = self.cache.get_or_build(self.name, self.key(source),
                                        lambda work: _javac(source, work))
        return entry / f"{class_name}.class"

    def key(self, source: Path) -> str:
        """The build cache's key of ``source``: toolchain, options, file name and bytes."""
        toolchain = self.toolchain()
        if not toolchain.ok:
            raise unusable(toolchain)
        return cache_key(self.name, toolchain.detail, *JAVAC_OPTIONS, source.name,
                         source.read_bytes())

    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT,
            max_output: int = DEFAULT_MAX_OUTPUT, args: Sequence[str] = ()) -> RunResult:
        batch = self.environment.java_batch
        batched = batch.take(built, args, stdin, timeout, max_output, self) if batch else None
        if batched is not None:  # this verify's run of it, made in the batch JVM
            return batched
        argv = [*java_command(built, *JAVA_OPTIONS), *args]
        return run_command(argv, stdin=stdin, timeout=timeout, max_output=max_output)


def _javac(source: Path, work: Path) -> None:
    """Compile ``source`` into ``work``; the error names the file as the caller gave it."""
    javac = require_tool("javac", PACKAGE)
    result = run_command(  # here, so that its messages name the file as it was given
        [javac, *JAVAC_OPTIONS, "-d", str(work.absolute()), str(source)],
        timeout=COMPILE_TIMEOUT, cwd=Path.cwd())
    if result.timed_out:
        raise BuildError(f"{source}: javac did not finish in {COMPILE_TIMEOUT:g} s")
    if result.returncode != 0:
        output = (result.stderr + result.stdout).strip()
        raise BuildError(f"{source}: javac failed (exit {result.returncode})\n{output}")
    if not (work / f"{source.stem}.class").is_file():
        raise BuildError(f"{source}: javac wrote no class {source.stem}; is it declared?")

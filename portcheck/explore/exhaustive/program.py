"""The range-mode program of a port: rendered from ``templates/<language>/<algorithm>-range.*.j2``
(which includes the teaching port's own deal), built and run on a span of inputs by the
language's contained runner (time limit, output limit), on whichever machine runs the shard.

Its contract: given ``FIRST LAST`` on the command line, it prints one line, ``COUNT DIGEST``
(``portcheck.explore.exhaustive.digest``), and exits with 0.
"""

from __future__ import annotations

import hashlib
import tempfile
from dataclasses import dataclass
from pathlib import Path

from portcheck.errors import UsageError
from portcheck.explore.exhaustive.ranges import Span
from portcheck.runners import BuildError, RunResult, get_runner
from portcheck.runners.base import CannotStart
from portcheck.runners.exit_status import error_line, how_it_ended
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.languages import Language
from portcheck.suite.layout import RANGE_SUFFIX
from portcheck.suite.project import Project
from portcheck.suite.render import render_template
from portcheck.terminal.sizes import size_text
from portcheck.verify.execution import RunSettings

SUFFIX = RANGE_SUFFIX  # templates/<language>/<algorithm>-range.<ext>.j2


@dataclass(frozen=True)
class RangeProgram:
    """A rendered range-mode program: all a worker needs to build and run it."""

    algorithm: str
    declaration: Language  # travels with the task: a worker needs no suite
    name: str  # FreecellRange.java
    text: str

    @property
    def language(self) -> str:
        return self.declaration.name

    @property
    def digest(self) -> str:
        return hashlib.sha256(f"{self.name}\0{self.text}".encode()).hexdigest()


class ShardError(Exception):
    """The program did not run to its end on a span, or printed no ``COUNT DIGEST``."""


class ShardStopped(ShardError):
    """The program could not be built or started, or was stopped at a limit: nothing that
    a smaller span would pin on one input, so such a shard is reported, not bisected."""


def range_languages(project: Project, algorithm: str) -> list[str]:
    """The languages with a range-mode template of ``algorithm``."""
    return [name for name in project.languages if _template(project, name, algorithm) is not None]


def _template(project: Project, language: str, algorithm: str) -> Path | None:
    found = sorted((project.templates_dir / language).glob(f"{algorithm}{SUFFIX}.*.j2"))
    return found[0] if found else None


def render_range_program(project: Project, algorithm: Algorithm, language: str) -> RangeProgram:
    declaration = project.languages.get(language)
    template = _template(project, declaration.name, algorithm.name)
    if template is None:
        known = ", ".join(range_languages(project, algorithm.name)) or "none"
        raise UsageError(f"{algorithm.name}: --range has no {language} program (no "
                         f"templates/{language}/{algorithm.name}{SUFFIX}.*.j2); it runs "
                         f"in: {known}")
    text = render_template(template, project.templates_dir, algorithm, [])
    name = declaration.program_name(algorithm.name + SUFFIX)
    return RangeProgram(algorithm.name, declaration, name, text)


def run_span(program: RangeProgram, span: Span, settings: RunSettings) -> tuple[int, int]:
    """Build the program (cached by content) and run it on ``span``: ``(count, digest)``.
    :class:`ShardError` when it fails to build, to run to its end or to print the line."""
    runner = get_runner(program.declaration)
    with tempfile.TemporaryDirectory(prefix="portcheck-range-") as folder:
        source = Path(folder) / program.name
        source.write_text(program.text, encoding="utf-8")
        try:
            built = runner.build(source)
            result = runner.run(built, timeout=settings.timeout,
                                max_output=settings.max_output,
                                args=[str(span.first), str(span.last)])
        except (BuildError, CannotStart) as error:
            raise ShardStopped(str(error).strip().splitlines()[0]) from None
    return _count_and_digest(result, settings)


def _count_and_digest(result: RunResult, settings: RunSettings) -> tuple[int, int]:
    if result.output_limited:
        raise ShardStopped(f"it printed more than {size_text(settings.max_output)} (the "
                           "output limit)")
    if result.timed_out:
        raise ShardStopped(f"stopped at the time limit of {settings.timeout:g} s (see "
                           "--timeout, or take smaller shards)")
    if result.returncode != 0:
        said = error_line(result.stderr)
        raise ShardError(how_it_ended(result.returncode or 0) + (f": {said}" if said else ""))
    words = result.stdout.split()
    if len(words) != 2 or not all(word.isdigit() for word in words):
        raise ShardError(f"printed {result.stdout.strip()[:80]!r}, not 'COUNT DIGEST'")
    return int(words[0]), int(words[1])

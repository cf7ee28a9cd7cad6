"""``portcheck verify``: every check of every selected port, run concurrently."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

from portcheck.checks import (
    check_deep,
    check_fresh,
    check_run,
    check_transcript,
)
from portcheck.errors import UsageError
from portcheck.execution import CheckResult, RunSettings
from portcheck.ports import LANGUAGES, Port
from portcheck.project import Project


@dataclass(frozen=True)
class Selection:
    algorithms: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()  # a language (bsl) or a port folder (bsl-article)

    def wants(self, port: Port) -> bool:
        return ((not self.algorithms or port.algorithm in self.algorithms)
                and (not self.languages or port.language in self.languages
                     or port.folder.name in self.languages))


def select_ports(ports: list[Port], selection: Selection) -> list[Port]:
    """The ports the selection wants; an unknown language is a usage error."""
    for language in selection.languages:
        if language not in LANGUAGES and not any(p.folder.name == language for p in ports):
            raise UsageError(f"unknown language {language!r} (known: {', '.join(LANGUAGES)})")
    return [port for port in ports if selection.wants(port)]


def check_port(project: Project, port: Port, settings: RunSettings, deep: int,
               seed: int) -> list[CheckResult]:
    """transcript and run for every port; fresh and deep for ports rendered from a
    template (an article's program has nothing to re-render: no check, rather than a skip)."""
    results = [check_transcript(project, port), check_run(project, port, settings)]
    if port.template is not None:
        results.append(check_fresh(project, port))
        if deep:
            results.append(check_deep(project, port, settings, deep, seed))
    return results


def verify(project: Project, ports: list[Port], settings: RunSettings, *, deep: int = 0,
           seed: int = 1, jobs: int = 2) -> dict[str, list[CheckResult]]:
    """The results of every check, by port id, in the ports' order."""
    with ThreadPoolExecutor(max_workers=max(1, jobs)) as pool:
        futures = [pool.submit(check_port, project, port, settings, deep, seed)
                   for port in ports]
        return {port.id: future.result() for port, future in zip(ports, futures, strict=True)}

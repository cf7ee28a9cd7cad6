"""``portcheck verify``: every check of every selected port, run concurrently."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from portcheck.checks import CheckContext, kinds_for, run_check
from portcheck.errors import UsageError
from portcheck.languages import LANGUAGES
from portcheck.ports import Port
from portcheck.results import CheckResult
from portcheck.runners import containment
from portcheck.workers import map_on_threads


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


def check_port(context: CheckContext, port: Port) -> list[CheckResult]:
    """Every check the port gets (``checks.kinds_for``), in report order."""
    return [run_check(kind, context, port) for kind in kinds_for(port, context.deep)]


def verify(context: CheckContext, ports: list[Port], jobs: int = 2,
           done: Callable[[Port], None] | None = None) -> dict[str, list[CheckResult]]:
    """The results of every check, by port id, in the ports' order; ``done(port)`` is
    called as each port's checks end (a progress indicator counts them).  Interrupted
    (Ctrl-C, SIGTERM), it ends the runs in flight and starts no other before it passes the
    interruption on: it does not wait for the ports' time limits."""
    def one(port: Port) -> list[CheckResult]:
        results = check_port(context, port)
        if done is not None:
            done(port)
        return results

    try:
        results = map_on_threads(one, ports, jobs, stop=containment.stop_all)
    finally:
        containment.resume()  # at exit, containment stops whatever a late thread starts
    return {port.id: checks for port, checks in zip(ports, results, strict=True)}

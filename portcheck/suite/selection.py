"""Which ports a command works on: the algorithms and languages (or port folders) named on
its command line."""

from __future__ import annotations

from dataclasses import dataclass

from portcheck.errors import UsageError
from portcheck.suite.languages import Registry
from portcheck.suite.ports import Port


@dataclass(frozen=True)
class Selection:
    algorithms: tuple[str, ...] = ()
    languages: tuple[str, ...] = ()  # a language (bsl) or a port folder (bsl-article)

    def wants(self, port: Port) -> bool:
        return ((not self.algorithms or port.algorithm in self.algorithms)
                and (not self.languages or port.language in self.languages
                     or port.folder.name in self.languages))


def select_ports(ports: list[Port], selection: Selection, languages: Registry) -> list[Port]:
    """The ports the selection wants.  A language not in ``languages`` (the project's) and
    no port folder's name is a usage error, and so is a ``--lang`` that selects no port (of
    the algorithms named): a command that was asked to check a language and checked
    nothing of it must not pass."""
    for language in selection.languages:
        if language not in languages and not any(p.folder.name == language for p in ports):
            raise UsageError(f"unknown language {language!r} (known: {', '.join(languages)})")
    chosen = [port for port in ports if selection.wants(port)]
    for language in selection.languages:
        if not any(language in (port.language, port.folder.name) for port in chosen):
            of = f" of {', '.join(selection.algorithms)}" if selection.algorithms else ""
            raise UsageError(f"--lang {language}: there is no port{of} in {language}, so "
                             "nothing would be checked")
    return chosen

"""The puzzle book's pseudo-language: nothing but portcheck's embedded interpreter runs it
(``python -m portinterp.arsac``); see ``portcheck.runners.interpreted``."""

from __future__ import annotations

from portcheck.runners.cache import BuildCache
from portcheck.runners.embedded import DEFAULT_ENCODING
from portcheck.runners.environment import RunEnvironment
from portcheck.runners.interpreted import InterpretedRunner


class ArsacRunner(InterpretedRunner):
    language = "arsac"
    suffix = ".arsac"
    external_program = None  # no real tool exists: always the embedded interpreter
    external_package = None

    def __init__(self, engine: str | None = None, *, cache: BuildCache | None = None,
                 environment: RunEnvironment | None = None,
                 encoding: str = DEFAULT_ENCODING) -> None:
        """``encoding`` is the source's; ``cache`` is accepted like every runner's."""
        super().__init__(engine, environment=environment)
        self.encoding = encoding

    def embedded_options(self) -> list[str]:
        return ["--encoding", self.encoding]

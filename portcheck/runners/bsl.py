"""1C (BSL): ``oscript`` (OneScript) when it is installed, else the embedded interpreter
(``python -m portinterp.bsl``); see ``portcheck.runners.interpreted``."""

from __future__ import annotations

from portcheck.runners.cache import BuildCache
from portcheck.runners.embedded import bsl_dialects
from portcheck.runners.environment import RunEnvironment
from portcheck.runners.interpreted import InterpretedRunner

OSCRIPT_PROGRAM = "oscript"
OSCRIPT_PACKAGE = "onescript (from oscript.io; not in Debian)"


class BslRunner(InterpretedRunner):
    language = "bsl"
    suffix = ".bsl"
    external_program = OSCRIPT_PROGRAM
    external_package = OSCRIPT_PACKAGE

    def __init__(self, engine: str | None = None, dialect: str = "platform", *,
                 cache: BuildCache | None = None,
                 environment: RunEnvironment | None = None) -> None:
        """``dialect`` ("platform" or "onescript") is how the embedded interpreter presents
        numbers; oscript always writes OneScript's.  ``cache`` is accepted like every
        runner's; the embedded build is a check remembered in memory."""
        if dialect not in bsl_dialects():
            raise ValueError(f"unknown 1C dialect {dialect!r} "
                             f"(known: {', '.join(bsl_dialects())})")
        super().__init__(engine, environment=environment)
        self.dialect = dialect

    def embedded_options(self) -> list[str]:
        return ["--dialect", self.dialect]

    def embedded_detail(self) -> str:
        return f", {self.dialect} presentation"

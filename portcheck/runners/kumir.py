"""The school algorithmic language (KuMir): ``kumir2-run`` when it is installed, else the
embedded interpreter (``python -m portinterp.kumir``); see
``portcheck.runners.interpreted``."""

from __future__ import annotations

from portcheck.runners.cache import BuildCache
from portcheck.runners.embedded import DEFAULT_ENCODING
from portcheck.runners.environment import RunEnvironment
from portcheck.runners.interpreted import InterpretedRunner

KUMIR_PROGRAM = "kumir2-run"
KUMIR_PACKAGE = "kumir2"


class KumirRunner(InterpretedRunner):
    language = "kumir"
    suffix = ".kum"
    external_program = KUMIR_PROGRAM
    external_package = KUMIR_PACKAGE

    def __init__(self, engine: str | None = None, *, cache: BuildCache | None = None,
                 environment: RunEnvironment | None = None, seed: int = 1,
                 encoding: str = DEFAULT_ENCODING) -> None:
        """``seed`` seeds rnd/irnd; ``encoding`` is the source's (utf-8-sig, cp1251).
        ``cache`` is accepted like every runner's."""
        super().__init__(engine, environment=environment)
        self.seed = seed
        self.encoding = encoding

    def embedded_options(self) -> list[str]:
        return ["--seed", str(self.seed), "--encoding", self.encoding]

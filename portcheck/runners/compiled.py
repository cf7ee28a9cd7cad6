"""What the compiled languages' runners share: a build cache, and a toolchain probe run
once per runner (and kept per compiler binary by the cache)."""

from __future__ import annotations

from abc import abstractmethod

from portcheck.runners.base import Runner, Toolchain
from portcheck.runners.cache import BuildCache


class CompiledRunner(Runner):
    name: str  # "javac/java"

    def __init__(self, *, cache: BuildCache | None = None) -> None:
        self.cache = cache if cache is not None else BuildCache()
        self._toolchain: Toolchain | None = None

    def toolchain(self) -> Toolchain:
        if self._toolchain is None:
            self._toolchain = self._probe()
        return self._toolchain

    @abstractmethod
    def _probe(self) -> Toolchain:
        """Find the compiler and ask its version."""

"""What the compiled languages' runners share: a build cache, and a toolchain probe run
once per runner (and kept per compiler binary by the cache)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable

from portcheck.runners.base import (
    PROBE_TIMEOUT,
    CannotStart,
    Runner,
    Toolchain,
    ToolchainMissing,
    require_tool,
)
from portcheck.runners.cache import BuildCache
from portcheck.runners.environment import PLAIN, RunEnvironment
from portcheck.terminal.clip import one_line
from portcheck.terminal.controls import escape_controls


class CompiledRunner(Runner):
    name: str  # "javac/java"

    def __init__(self, *, cache: BuildCache | None = None,
                 environment: RunEnvironment | None = None) -> None:
        """``cache``: where builds go (default: the environment's, else the cache folder's)."""
        self.environment = environment if environment is not None else PLAIN
        shared = self.environment.build_cache
        self.cache = cache if cache is not None else shared if shared is not None \
            else BuildCache()
        self._toolchain: Toolchain | None = None

    def toolchain(self, timeout: float = PROBE_TIMEOUT) -> Toolchain:
        if self._toolchain is None:
            self._toolchain = self._probe(min(timeout, PROBE_TIMEOUT))
        return self._toolchain

    @abstractmethod
    def _probe(self, timeout: float) -> Toolchain:
        """Find the compiler and ask its version (within ``timeout`` seconds)."""

    def _probe_version(self, package: str, programs: tuple[str, ...], args: list[str],
                       timeout: float, describe: Callable[[str], str] = str) -> Toolchain:
        """The toolchain when every one of ``programs`` is on PATH and ``programs[0] args``
        answers within ``timeout`` (its answer, through ``describe``, is the version shown).
        A program that is there but hangs, fails or cannot start is a *broken* toolchain: a
        failure, not the skip a missing one gets."""
        try:
            found = [require_tool(program, package) for program in programs]  # all of them
        except ToolchainMissing as missing:
            return Toolchain(self.name, False, str(missing))
        compiler = found[0]
        asked = f"{programs[0]} {' '.join(args)}"
        try:
            probe = self.cache.probe(compiler, [compiler, *args], timeout=timeout)
        except CannotStart as error:
            return Toolchain(self.name, False, f"{asked}: {error}", broken=True)
        answer = one_line(escape_controls((probe.stdout + probe.stderr).strip()))
        if probe.timed_out:
            return Toolchain(self.name, False, f"{asked} did not answer within {timeout:g} s",
                             broken=True)
        if probe.returncode != 0:
            return Toolchain(self.name, False, f"{asked} failed: {answer}", broken=True)
        return Toolchain(self.name, True, describe(answer))

"""What the compiled languages' runners share: a build cache, and a toolchain probe run
once per runner (and kept per compiler binary by the cache)."""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable

from portcheck.runners.base import Runner, Toolchain, ToolchainMissing, require_tool
from portcheck.runners.cache import BuildCache
from portcheck.runners.environment import PLAIN, RunEnvironment

PROBE_TIMEOUT = 60.0


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

    def toolchain(self) -> Toolchain:
        if self._toolchain is None:
            self._toolchain = self._probe()
        return self._toolchain

    @abstractmethod
    def _probe(self) -> Toolchain:
        """Find the compiler and ask its version."""

    def _probe_version(self, package: str, programs: tuple[str, ...], args: list[str],
                       describe: Callable[[str], str] = str) -> Toolchain:
        """The toolchain when every one of ``programs`` is on PATH and ``programs[0] args``
        answers (its answer, through ``describe``, is the version shown)."""
        try:
            found = [require_tool(program, package) for program in programs]  # all of them
        except ToolchainMissing as missing:
            return Toolchain(self.name, False, str(missing))
        compiler = found[0]
        probe = self.cache.probe(compiler, [compiler, *args], timeout=PROBE_TIMEOUT)
        answer = (probe.stdout + probe.stderr).strip()
        if probe.returncode != 0:
            return Toolchain(self.name, False,
                             f"{programs[0]} {' '.join(args)} failed: {answer}")
        return Toolchain(self.name, True, describe(answer))

"""What the runs of one command share, on one object that the command makes and passes to
every runner it asks for (``get_runner(language, environment=…)``), instead of state kept in
module globals: the build cache of compiled programs, the Java batch (one JVM for the
planned Java runs), the embedded interpreters' zygote and their bytecode folder.

``verify`` opens one for all its ports (:func:`run_environment`), ``mutate`` one for a
port's mutants; everything else (the pytest plugin, ``run``, ``fuzz``, ``check``,
``listing``) runs in :data:`PLAIN`: every run made the ordinary way, nothing shared.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from contextlib import ExitStack, contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # imported by run_environment: a command that runs in PLAIN needs none
    from portcheck.runners.bytecode import BytecodeCache
    from portcheck.runners.cache import BuildCache
    from portcheck.runners.java_batch import Batch, Job, Limits
    from portcheck.runners.zygote import ZygoteSession


@dataclass(frozen=True)
class RunEnvironment:
    build_cache: BuildCache | None = None  # None: each runner its own, in the cache folder
    java_batch: Batch | None = None  # the planned Java runs, made in one JVM
    zygote: ZygoteSession | None = None  # embedded runs forked from one zygote
    bytecode: BytecodeCache | None = None  # embedded runs' bytecode kept in the cache

    def interpreter_env(self, env: dict[str, str]) -> dict[str, str]:
        """``env`` for a run of an embedded interpreter in this environment."""
        return self.bytecode.apply(env) if self.bytecode is not None else env


PLAIN = RunEnvironment()


@contextmanager
def run_environment(*, java_runs: Sequence[Job] = (), limits: Limits | None = None,
                    shared_builds: bool = False, embedded_bytecode: bool = False,
                    fork_embedded: bool = False, takes_failures: bool = False,
                    programs: Sequence[Path] = ()) -> Iterator[RunEnvironment]:
    """An environment for the runs made within the block, ended with it: ``java_runs``
    batched (made with ``limits``; their results are taken only for runs with those
    limits), one build cache for every runner (``shared_builds``), the embedded
    interpreters' bytecode kept (``embedded_bytecode``) and their runs forked from a zygote
    (``fork_embedded``; ``takes_failures``: a failed run is taken too, not run again;
    ``programs``: the folders of the programs the zygote will run, readable in its box)."""
    from portcheck.runners import bytecode, zygote
    from portcheck.runners.cache import BuildCache
    from portcheck.runners.java_batch import Batch

    batch = Batch(java_runs, limits) if java_runs and limits is not None else None
    with ExitStack() as stack:
        forks = (stack.enter_context(zygote.session(takes_failures, programs))
                 if fork_embedded else None)
        kept = stack.enter_context(bytecode.private_session()) if embedded_bytecode else None
        yield RunEnvironment(
            build_cache=BuildCache() if shared_builds else None,
            java_batch=batch,
            zygote=forks,
            bytecode=kept)

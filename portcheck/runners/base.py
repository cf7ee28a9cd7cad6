"""The runner contract: how every language's toolchain builds and runs a port.

A runner compiles a source file once (``build``, cached by content hash) and runs the result
as a subprocess with a time limit (``run``).  Everything a runner needs from the operating
system goes through :func:`run_command`, which kills the whole process group on timeout and
keeps whatever the program printed before it was stopped.
"""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import time
from abc import ABC, abstractmethod
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path

DEFAULT_TIMEOUT = 20.0

# Children print UTF-8 whatever the caller's locale is.
CHILD_ENV_OVERRIDES: dict[str, str] = {
    "PYTHONIOENCODING": "utf-8",
    "LANG": "C.UTF-8",
    "LC_ALL": "C.UTF-8",
}


@dataclass
class Toolchain:
    """What ``portcheck list`` shows for one runner."""

    name: str  # "javac/java"
    ok: bool
    detail: str  # version if ok, else "not found: install package openjdk-17-jdk-headless"


@dataclass
class RunResult:
    """The outcome of one run of a built program."""

    stdout: str
    stderr: str
    returncode: int | None  # None when it timed out
    seconds: float
    timed_out: bool = False


class BuildError(Exception):
    """A program could not be built; the message carries the compiler's own output."""


class ToolchainMissing(BuildError):
    """The compiler or runtime is not installed; the message names the Debian package."""


class Runner(ABC):
    """Build and run programs of one language."""

    language: str  # "java", "pascal", "python", "bsl", "kumir"
    suffix: str  # ".java"

    @abstractmethod
    def toolchain(self) -> Toolchain:
        """Which toolchain this runner uses, and whether it is installed."""

    @abstractmethod
    def build(self, source: Path) -> Path:
        """Compile ``source``; cached by content hash.  Raises :class:`BuildError`."""

    @abstractmethod
    def run(self, built: Path, *, stdin: str = "", timeout: float = DEFAULT_TIMEOUT,
            args: Sequence[str] = ()) -> RunResult:
        """Run a built program with a time limit and command-line ``args``."""


def child_env(extra: Mapping[str, str] | None = None) -> dict[str, str]:
    """The environment for a child process: ours, forced to UTF-8, plus ``extra``."""
    env = dict(os.environ)
    env.update(CHILD_ENV_OVERRIDES)
    if extra:
        env.update(extra)
    return env


def missing_tool_message(program: str, package: str) -> str:
    """The one wording used everywhere for a toolchain that is not installed."""
    return f"{program} not found: install package {package}"


def require_tool(program: str, package: str) -> str:
    """The full path of ``program`` on PATH, or :class:`ToolchainMissing` naming the package."""
    found = shutil.which(program)
    if found is None:
        raise ToolchainMissing(missing_tool_message(program, package))
    return found


def _decode(data: bytes | None) -> str:
    return (data or b"").decode("utf-8", errors="replace")


def _kill_group(process: subprocess.Popen[bytes]) -> None:
    """Kill the child and everything it started (it leads its own process group)."""
    try:
        os.killpg(process.pid, signal.SIGKILL)
    except ProcessLookupError:
        pass


def run_command(
    argv: Sequence[str | os.PathLike[str]],
    *,
    stdin: str = "",
    timeout: float = DEFAULT_TIMEOUT,
    cwd: Path | None = None,
    env: Mapping[str, str] | None = None,
) -> RunResult:
    """Run ``argv`` with a time limit, in its own process group.

    On timeout the whole group is killed and the result keeps the output printed so far,
    with ``returncode=None`` and ``timed_out=True``.  Output is decoded as UTF-8 with
    replacement characters for invalid bytes.
    """
    started = time.perf_counter()
    process = subprocess.Popen(
        [os.fspath(arg) for arg in argv],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        cwd=cwd,
        env=dict(env) if env is not None else child_env(),
        start_new_session=True,
    )
    try:
        stdout, stderr = process.communicate(stdin.encode("utf-8"), timeout=timeout)
    except subprocess.TimeoutExpired:
        _kill_group(process)
        stdout, stderr = process.communicate()  # what was printed before the kill
        return RunResult(
            stdout=_decode(stdout),
            stderr=_decode(stderr),
            returncode=None,
            seconds=time.perf_counter() - started,
            timed_out=True,
        )
    except BaseException:
        _kill_group(process)
        process.wait()
        raise
    return RunResult(
        stdout=_decode(stdout),
        stderr=_decode(stderr),
        returncode=process.returncode,
        seconds=time.perf_counter() - started,
    )

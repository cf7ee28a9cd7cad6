"""The build cache: compiled programs, keyed by what went into them.

An entry is a directory named by the sha256 of its key parts (runner name, toolchain version,
compiler options, source file name and bytes).  A build is written into a temporary directory
beside the entries and renamed into place in one step, so an entry is either complete or
absent: a crashed build leaves only a ``.tmp-*`` directory that no lookup ever returns.
"""

from __future__ import annotations

import dataclasses
import hashlib
import json
import os
import shutil
import tempfile
from collections.abc import Callable
from pathlib import Path

from portcheck.cache_root import cache_root
from portcheck.runners.base import RunResult, run_command

TEMP_PREFIX = ".tmp-"


def cache_key(*parts: str | bytes) -> str:
    """The sha256 of ``parts``; each part is length-prefixed so no two lists collide."""
    digest = hashlib.sha256()
    for part in parts:
        data = part.encode("utf-8") if isinstance(part, str) else part
        digest.update(len(data).to_bytes(8, "big"))
        digest.update(data)
    return digest.hexdigest()


def _slug(name: str) -> str:
    """A runner name usable as a directory name: ``javac/java`` -> ``javac-java``."""
    return "".join(char if char.isalnum() else "-" for char in name)


class BuildCache:
    """A directory of finished builds; counts its hits and misses."""

    def __init__(self, root: Path | None = None) -> None:
        self.root = root if root is not None else cache_root()
        self.hits = 0
        self.misses = 0

    def entry_dir(self, runner: str, key: str) -> Path:
        return self.root / _slug(runner) / key

    def get_or_build(self, runner: str, key: str, build: Callable[[Path], None]) -> Path:
        """The entry for ``key``; on a miss ``build(work_dir)`` fills a fresh directory first.

        Any exception from ``build`` removes the half-written directory and propagates.
        """
        final = self.entry_dir(runner, key)
        if final.is_dir():
            self.hits += 1
            return final
        self.misses += 1
        final.parent.mkdir(parents=True, exist_ok=True)
        work = Path(tempfile.mkdtemp(prefix=TEMP_PREFIX, dir=final.parent))
        try:
            build(work)
            self._publish(work, final)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        return final

    def probe(self, tool: str, argv: list[str], timeout: float) -> RunResult:
        """``argv`` run once per version of ``tool`` (its resolved path, size and mtime):
        a JVM answering ``javac -version`` costs most of a second, on every command.
        A failed probe is not kept."""
        stat = Path(tool).resolve().stat()
        key = cache_key("probe", str(Path(tool).resolve()), str(stat.st_size),
                        str(stat.st_mtime_ns), *argv)
        entry = self.entry_dir("probes", key)
        if (entry / "result.json").is_file():
            return RunResult(**json.loads((entry / "result.json").read_text(encoding="utf-8")))
        result = run_command(argv, timeout=timeout)
        if result.returncode == 0:
            self.get_or_build("probes", key, lambda work: (work / "result.json").write_text(
                json.dumps(dataclasses.asdict(result)), encoding="utf-8"))
        return result

    @staticmethod
    def _publish(work: Path, final: Path) -> None:
        """Rename ``work`` to ``final``; if another process got there first, keep theirs."""
        try:
            os.rename(work, final)
        except OSError:
            if not final.is_dir():
                raise
            shutil.rmtree(work, ignore_errors=True)

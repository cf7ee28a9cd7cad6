"""The build cache: compiled programs, keyed by what went into them.

An entry is a directory named by the sha256 of its key parts (runner name, toolchain version,
compiler options, source file name and bytes).  A build is written into a temporary directory
beside the entries and renamed into place in one step, so an entry is either complete or
absent: a crashed build leaves only a ``.tmp-*`` directory that no lookup ever returns.

An entry is never trusted blindly: it holds a manifest (``.manifest.json``: each file's size
and sha256, written when it is published, sealed with this user's key: ``files.sealed``)
and a hit is checked against it, so an entry planted by someone else (a shared or restored
cache: a binary that prints the goldens would be a false pass), or truncated, emptied or
half-deleted since (a full disk, a careless ``rm``, another tool) is thrown away and built
again rather than run (an empty ``fpc`` binary failed with "Exec format
error", a truncated ``.class`` was blamed on the port).  A cache folder that cannot be
written (read-only, a file in its place, a read-only home) is replaced, for this run, by a
temporary folder, with one note on stderr.
"""

from __future__ import annotations

import atexit
import dataclasses
import errno
import hashlib
import json
import os
import shutil
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

from portcheck.files.cache_root import cache_root
from portcheck.files.sealed import seal, unseal
from portcheck.runners.base import RunResult, run_command

TEMP_PREFIX = ".tmp-"
_FAILED_PROBES: dict[tuple[str, float], RunResult] = {}  # of this process, by key and limit


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

    def lookup(self, runner: str, key: str) -> Path | None:
        """The entry for ``key`` when it is there and intact; a damaged one is removed."""
        entry = self.entry_dir(runner, key)
        if not entry.is_dir():
            return None
        if intact(entry):
            return entry
        _discard(entry)
        return None

    def get_or_build(self, runner: str, key: str, build: Callable[[Path], None]) -> Path:
        """The entry for ``key``; on a miss ``build(work_dir)`` fills a fresh directory first.

        Any exception from ``build`` removes the half-written directory and propagates.
        """
        found = self.lookup(runner, key)
        if found is not None:
            self.hits += 1
            return found
        self.misses += 1
        final = self._writable_entry(runner, key)
        work = Path(tempfile.mkdtemp(prefix=TEMP_PREFIX, dir=final.parent))
        try:
            build(work)
            write_manifest(work)
            self._publish(work, final)
        except BaseException:
            shutil.rmtree(work, ignore_errors=True)
            raise
        return final

    def probe(self, tool: str, argv: list[str], timeout: float) -> RunResult:
        """``argv`` run once per version of ``tool`` (its resolved path, size and mtime):
        a JVM answering ``javac -version`` costs most of a second, on every command.
        A failed probe is not kept in the cache, only for the rest of this process (a
        ``javac`` that hangs costs its time limit once, not once a port)."""
        stat = Path(tool).resolve().stat()
        key = cache_key("probe", str(Path(tool).resolve()), str(stat.st_size),
                        str(stat.st_mtime_ns), *argv)
        if (key, timeout) in _FAILED_PROBES:
            return _FAILED_PROBES[key, timeout]
        entry = self.lookup("probes", key)
        kept = _read_result(entry / "result.json") if entry is not None else None
        if kept is not None:
            return kept
        result = run_command(argv, timeout=timeout)
        if result.returncode != 0:
            _FAILED_PROBES[key, timeout] = result
        if result.returncode == 0:
            self.get_or_build("probes", key, lambda work: (work / "result.json").write_text(
                json.dumps(dataclasses.asdict(result)), encoding="utf-8"))
        return result

    def _writable_entry(self, runner: str, key: str) -> Path:
        """Where the entry goes, its folder made; a cache root that cannot be written is
        replaced by a temporary one for the rest of the run."""
        final = self.entry_dir(runner, key)
        try:
            final.parent.mkdir(parents=True, exist_ok=True)
            if os.access(final.parent, os.W_OK | os.X_OK):
                return final
            raise PermissionError(errno.EACCES, os.strerror(errno.EACCES), str(final.parent))
        except OSError as error:
            self.root = stand_in_root(self.root, error)
        final = self.entry_dir(runner, key)
        final.parent.mkdir(parents=True, exist_ok=True)
        return final

    @staticmethod
    def _publish(work: Path, final: Path) -> None:
        """Rename ``work`` to ``final``; if another process got there first, keep theirs."""
        try:
            os.rename(work, final)
        except OSError:
            if not final.is_dir():
                raise
            shutil.rmtree(work, ignore_errors=True)


MANIFEST = ".manifest.json"


def write_manifest(entry: Path) -> None:
    """Record the size and sha256 of every file of ``entry``, sealed (``files.sealed``:
    without a key the manifest is empty, and the entry is never found intact)."""
    sealed = seal(json.dumps(_contents(entry)).encode("utf-8"))
    (entry / MANIFEST).write_bytes(sealed or b"")


def intact(entry: Path) -> bool:
    """Whether ``entry`` holds exactly the files its manifest lists, unchanged, and the
    manifest is one this user's portcheck sealed (a planted entry is never run)."""
    try:
        body = unseal((entry / MANIFEST).read_bytes())
        return body is not None and bool(json.loads(body) == _contents(entry))
    except (OSError, ValueError):
        return False


def _contents(entry: Path) -> dict[str, list[int | str]]:
    return {path.relative_to(entry).as_posix(): [path.stat().st_size,
                                                 hashlib.sha256(path.read_bytes()).hexdigest()]
            for path in sorted(entry.rglob("*")) if path.is_file() and path.name != MANIFEST}


def _read_result(path: Path) -> RunResult | None:
    try:
        return RunResult(**json.loads(path.read_text(encoding="utf-8")))
    except (OSError, ValueError, TypeError):
        return None


def _discard(entry: Path) -> None:
    """Take a damaged entry out of the way in one step (a rename), then delete it."""
    doomed = entry.with_name(f"{TEMP_PREFIX}damaged-{entry.name}-{os.getpid()}")
    try:
        os.rename(entry, doomed)
    except OSError:
        return  # another process took it away first, or the cache cannot be written
    shutil.rmtree(doomed, ignore_errors=True)


_STAND_IN: dict[Path, Path] = {}


def stand_in_root(root: Path, error: OSError) -> Path:
    """A temporary cache for this process in place of ``root``, which cannot be written
    (one note on stderr; removed at exit)."""
    if root in _STAND_IN.values():
        raise error  # the temporary folder itself failed: nothing else to fall back on
    if root not in _STAND_IN:
        _STAND_IN[root] = Path(tempfile.mkdtemp(prefix="portcheck-cache-"))
        atexit.register(shutil.rmtree, _STAND_IN[root], True)
        print(f"portcheck: note: the build cache {root} cannot be written "
              f"({error.strerror or error}); using a temporary one for this run",
              file=sys.stderr)
    return _STAND_IN[root]

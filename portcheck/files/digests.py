"""The sha256 digests the caches are keyed by (``verify``'s remembered verdicts, the golden
check's): parts added length-first (so no two sequences of parts give the same bytes), a
folder by every file's relative path and content, and portcheck's own package with its
version and Python's.  Kept to the standard library: a key is made before anything runs."""

from __future__ import annotations

import hashlib
import os
import sys
from functools import cache
from pathlib import Path
from typing import Any

SKIPPED_PARTS = {"__pycache__", ".git", ".pytest_cache", ".mypy_cache", ".ruff_cache"}
PACKAGE = Path(__file__).resolve().parents[1]  # the portcheck package


def add(digest: Any, part: bytes) -> None:
    """``part`` into ``digest``, after its length."""
    digest.update(len(part).to_bytes(8, "big"))
    digest.update(part)


def add_tree(digest: Any, root: Path) -> None:
    """Every file below ``root`` (or the file ``root``), by relative path and content; an
    absent one is marked as absent."""
    add(digest, str(root).encode())
    if root.is_file():
        add(digest, content_digest(root))
        return
    if not root.is_dir():
        add(digest, b"\0absent")
        return
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if SKIPPED_PARTS.intersection(relative.parts) or not path.is_file():
            continue
        add(digest, relative.as_posix().encode())
        add(digest, content_digest(path))


def content_digest(path: Path) -> bytes:
    """The sha256 of a file's bytes, read a megabyte at a time: a port's folder (or a
    student's) may hold a file of gigabytes, which must never be in memory whole."""
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        while chunk := handle.read(1 << 20):
            digest.update(chunk)
    return digest.digest()


@cache
def portcheck_version() -> str:
    """The installed portcheck's version ("(not installed)" from a source folder)."""
    # imported here: importlib.metadata is a good part of a short command's start-up
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version("portcheck")
    except PackageNotFoundError:  # run from a source folder that was never installed
        return "(not installed)"


@cache
def package_digest() -> str:
    """The sha256 of Python's version, portcheck's version and every file of the portcheck
    package: whatever portcheck itself decides."""
    digest = hashlib.sha256()
    add(digest, sys.version.encode())
    add(digest, portcheck_version().encode())
    add_tree(digest, PACKAGE)
    return digest.hexdigest()


_FILES: dict[tuple[str, int, int], str] = {}


def file_digest(path: str) -> str:
    """The sha256 of one file's bytes ("absent" when it cannot be read); read again only
    when its size or modification time changed since this process last read it."""
    try:
        info = os.stat(path)
    except OSError:
        return "absent"
    seen = (path, info.st_size, info.st_mtime_ns)
    if seen not in _FILES:
        try:
            _FILES[seen] = content_digest(Path(path)).hex()
        except OSError:
            return "absent"
    return _FILES[seen]

"""The caches' digests (``portcheck.files.digests``): a folder's key depends on every
file's path and content, and a file of gigabytes in a port's folder is hashed without being
held in memory (the hostile sweep's huge sparse files, issue 29)."""

from __future__ import annotations

import hashlib
import tracemalloc
from pathlib import Path

from portcheck.files.digests import add_tree, file_digest


def tree_key(root: Path) -> str:
    digest = hashlib.sha256()
    add_tree(digest, root)
    return digest.hexdigest()


def test_a_folder_key_follows_its_files_paths_and_contents(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("one")
    first = tree_key(tmp_path)
    assert tree_key(tmp_path) == first
    (tmp_path / "a.txt").write_text("two")
    second = tree_key(tmp_path)
    assert second != first
    (tmp_path / "a.txt").rename(tmp_path / "b.txt")
    assert tree_key(tmp_path) not in (first, second)


def test_a_huge_file_is_hashed_a_chunk_at_a_time(tmp_path: Path) -> None:
    huge = tmp_path / "data.bin"
    with open(huge, "wb") as handle:
        handle.truncate(256 * 1024 * 1024)  # sparse: no room taken
    zeros = hashlib.sha256()
    for _ in range(256):
        zeros.update(bytes(1024 * 1024))
    tracemalloc.start()
    try:
        tree_key(tmp_path)
        tree_key(huge)
        found = file_digest(str(huge))
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
    assert found == zeros.hexdigest()
    assert peak < 16 * 1024 * 1024, f"{peak} bytes held at once"

"""The build cache (``portcheck.runners.cache``): a build once, then hits; a failed build leaves
nothing; the key depends on every part; the cache folder comes from the environment."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.runners.cache import BuildCache, cache_key


def test_cache_builds_once_then_hits(cache: BuildCache) -> None:
    calls: list[Path] = []

    def build(work: Path) -> None:
        calls.append(work)
        (work / "artifact").write_text("built")

    first = cache.get_or_build("tool", "k1", build)
    second = BuildCache(cache.root).get_or_build("tool", "k1", build)
    assert first == second
    assert (first / "artifact").read_text() == "built"
    assert len(calls) == 1
    assert (cache.hits, cache.misses) == (0, 1)


def test_failed_build_leaves_nothing_behind(cache: BuildCache) -> None:
    def crash(work: Path) -> None:
        (work / "half-written").write_text("x")
        raise RuntimeError("compiler crashed")

    with pytest.raises(RuntimeError):
        cache.get_or_build("tool", "k1", crash)
    assert list((cache.root / "tool").iterdir()) == []
    assert not cache.entry_dir("tool", "k1").exists()


def test_cache_key_depends_on_every_part_and_their_boundaries() -> None:
    base = cache_key("javac/java", "javac 17", b"class A {}")
    assert base == cache_key("javac/java", "javac 17", b"class A {}")
    assert base != cache_key("javac/java", "javac 21", b"class A {}")
    assert base != cache_key("fpc", "javac 17", b"class A {}")
    assert base != cache_key("javac/java", "javac 17", b"class B {}")
    assert cache_key("ab", "c") != cache_key("a", "bc")


def test_cache_root_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "elsewhere"))
    assert BuildCache().root == tmp_path / "elsewhere"
    monkeypatch.delenv("PORTCHECK_CACHE")
    assert BuildCache().root == Path.home() / ".cache" / "portcheck"

"""The compile cache is data, never code (issue 29): an entry is sealed JSON, read only
when its seal checks under the user's own key, so a planted entry (a shared or restored CI
cache) runs nothing, and a truncated one (a full disk) is compiled anew, not a traceback."""

from __future__ import annotations

import io
import pickle
from pathlib import Path

import pytest

from portinterp import program_cache
from portinterp.bsl import run_program
from portinterp.program_cache import CACHE_ENV

KEY_ENV = "PORTINTERP_CACHE_KEY"  # the key's file: one per test

PROGRAM = 'Сообщить("да");\nСообщить(Null = Null);\nСообщить(НаправлениеСортировки.Убыв);\n'


class Planted:
    """A pickle that, when loaded, writes a file: what a poisoned cache would run."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, ...]:
        return (Path.write_text, (self.marker, "pwned"))


@pytest.fixture
def cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(CACHE_ENV, str(tmp_path / "cache"))
    monkeypatch.setenv(KEY_ENV, str(tmp_path / "key"))
    _forget_key()
    yield tmp_path / "cache"
    _forget_key()


def _forget_key() -> None:
    key = getattr(program_cache, "cache_key", None)
    if key is not None:
        key.cache_clear()


def _run(source: Path) -> str:
    out = io.StringIO()
    run_program(program_cache.compile_cached("bsl", source), stdin=io.StringIO(), stdout=out)
    return out.getvalue()


def _entries(source: Path) -> list[Path]:
    """Where an entry of ``source`` goes, under any name this or an older cache used."""
    entry = program_cache._entry(program_cache.cache_dir("bsl"), str(source), "utf-8-sig",
                                 source.read_bytes())
    return [entry.with_suffix(suffix) for suffix in (".json", ".pickle")]


def test_a_planted_entry_runs_no_code(tmp_path: Path, cache: Path) -> None:
    source = tmp_path / "p.bsl"
    source.write_text(PROGRAM, encoding="utf-8")
    marker = tmp_path / "pwned"
    for entry in _entries(source):
        entry.parent.mkdir(parents=True, exist_ok=True)
        entry.write_bytes(pickle.dumps(Planted(marker)))
    assert _run(source) == "да\nДа\nУбыв\n"
    assert not marker.exists()


def test_an_entry_in_the_format_but_without_the_seal_is_not_used(tmp_path: Path,
                                                                 cache: Path) -> None:
    source = tmp_path / "p.bsl"
    source.write_text(PROGRAM, encoding="utf-8")
    _run(source)
    entry = _entries(source)[0]
    blob = entry.read_bytes()
    forged = blob.replace("да".encode("unicode_escape"), b"\\u043d\\u0435\\u0442")  # "нет"
    magic = len(program_cache.MAGIC)
    entry.write_bytes(forged[:magic] + bytes(32) + forged[magic + 32:])
    assert _run(source) == "да\nДа\nУбыв\n"


def test_a_cached_program_runs_as_a_fresh_one(tmp_path: Path, cache: Path,
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    source = tmp_path / "p.bsl"
    source.write_text(PROGRAM, encoding="utf-8")
    fresh = _run(source)
    from portinterp import bsl

    monkeypatch.setattr(bsl, "compile_file", lambda *a, **k: pytest.fail("compiled again"))
    assert _run(source) == fresh


def test_a_truncated_entry_is_compiled_anew(tmp_path: Path, cache: Path) -> None:
    """What a full disk leaves: the first half of an entry."""
    source = tmp_path / "p.bsl"
    source.write_text(PROGRAM, encoding="utf-8")
    _run(source)
    entry = _entries(source)[0]
    entry.write_bytes(entry.read_bytes()[:entry.stat().st_size // 2])
    assert _run(source) == "да\nДа\nУбыв\n"
    assert _run(source) == "да\nДа\nУбыв\n"


def test_a_key_others_may_change_means_no_cache(tmp_path: Path, cache: Path) -> None:
    key = tmp_path / "key"
    key.write_bytes(bytes(32))
    key.chmod(0o666)
    source = tmp_path / "p.bsl"
    source.write_text(PROGRAM, encoding="utf-8")
    assert _run(source) == "да\nДа\nУбыв\n"
    assert not list(cache.rglob("*.json"))

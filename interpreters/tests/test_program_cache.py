"""The compile cache is data, never code (issue 29): an entry is sealed JSON, read only
when its seal checks under the user's own key, so a planted entry (a shared or restored CI
cache) runs nothing, and a truncated one (a full disk) is compiled anew, not a traceback.
The parsers' tables (``core.parsing``, issue 27) are kept the same way: Lark's saved parser,
unpickled only under a seal that checks."""

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


def _parser_entries(cache: Path) -> list[Path]:
    return sorted((cache / "parsers").glob("*.lark"))


def _fresh_parser(language: str) -> object:
    """The front-end's parser built anew in this process (from the cache when it can)."""
    from importlib import import_module

    module = import_module(f"portinterp.{language}.frontend.parser")
    module._parser.cache_clear()
    return module._parser()


@pytest.mark.parametrize("language", ["bsl", "kumir", "arsac"])
def test_the_parsers_tables_are_kept_sealed(language: str, cache: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from portinterp.core import parsing

    built = _fresh_parser(language)
    [entry] = _parser_entries(cache)
    assert not entry.read_bytes().startswith(b"\x80")  # not a bare pickle: its seal first

    class NotBuilt(parsing.Lark):
        def __init__(self, *args: object, **options: object) -> None:
            raise AssertionError("the tables were analysed again")

    monkeypatch.setattr(parsing, "Lark", NotBuilt)
    loaded = _fresh_parser(language)
    assert isinstance(loaded, NotBuilt)  # loaded from the entry
    assert [t.name for t in loaded.terminals] == [t.name for t in built.terminals]
    assert [str(rule) for rule in loaded.rules] == [str(rule) for rule in built.rules]


def test_a_planted_parser_runs_no_code(tmp_path: Path, cache: Path) -> None:
    """A pickle in the parsers' folder, with the magic line but no seal of this user's key
    (whoever could write the folder): never unpickled, the tables built again."""
    _fresh_parser("bsl")
    [entry] = _parser_entries(cache)
    marker = tmp_path / "pwned"
    magic = entry.read_bytes()[:len(b"portinterp-parser-1\n")]
    entry.write_bytes(magic + bytes(32) + pickle.dumps(Planted(marker)))
    _fresh_parser("bsl")
    assert not marker.exists()
    source = tmp_path / "p.bsl"
    source.write_text(PROGRAM, encoding="utf-8")
    assert _run(source) == "да\nДа\nУбыв\n"  # compiled with the tables built again
    _fresh_parser("bsl")  # the entry was written anew, and loads
    assert not marker.exists()

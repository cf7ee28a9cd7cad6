"""portcheck's own YAML (the built-in languages) read from a sealed cache of its parse
(``portcheck.files.yaml_cache``): the same document as a parse gives, with its lines; an
entry not sealed by this user's key, or of another shape, is parsed again, never read; a
document JSON cannot hold as it is is not cached."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portcheck.files import sealed, yaml_cache
from portcheck.files.yamlio import read_yaml

TEXT = "bsl:\n  title: 1C\n  suffixes: [.bsl, .os]\n  run: [oscript, '{program}']\n"


@pytest.fixture
def folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv(sealed.KEY_ENV, str(tmp_path / "key"))
    sealed.key.cache_clear()
    yield tmp_path / "cache"
    sealed.key.cache_clear()


def written(tmp_path: Path, text: str = TEXT) -> Path:
    path = tmp_path / "languages.yaml"
    path.write_text(text, encoding="utf-8")
    return path


def test_the_cached_document_is_the_parsed_one(tmp_path: Path, folder: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    path = written(tmp_path)
    first = yaml_cache.read_yaml_cached(path, folder=folder)
    assert len(list(folder.glob("*.json"))) == 1

    def no_parse(*args: object, **options: object) -> None:
        raise AssertionError("parsed again")

    with monkeypatch.context() as patched:
        patched.setattr(yaml_cache.yamlio, "read_yaml", no_parse)
        again = yaml_cache.read_yaml_cached(path, folder=folder)
    parsed = read_yaml(path)
    assert first.data == again.data == parsed.data
    assert again.lines.table() == parsed.lines.table()
    assert again.lines.where("bsl", "run") == f"{path}:4"


def test_an_entry_not_sealed_by_this_user_is_never_read(tmp_path: Path, folder: Path) -> None:
    path = written(tmp_path)
    yaml_cache.read_yaml_cached(path, folder=folder)
    [entry] = folder.glob("*.json")
    planted = {"data": {"bsl": {"title": "1C", "suffixes": [".bsl"], "run": ["sh", "-c", "x"]}},
               "lines": []}
    entry.write_bytes(bytes(32) + json.dumps(planted).encode())  # the shape, not the seal
    assert yaml_cache.read_yaml_cached(path, folder=folder).data["bsl"]["run"] == \
        ["oscript", "{program}"]


def test_a_sealed_entry_of_another_shape_is_parsed_again(tmp_path: Path, folder: Path) -> None:
    path = written(tmp_path)
    yaml_cache.read_yaml_cached(path, folder=folder)
    [entry] = folder.glob("*.json")
    entry.write_bytes(sealed.seal(b'{"data": 1}') or b"")
    assert yaml_cache.read_yaml_cached(path, folder=folder).data == read_yaml(path).data


def test_a_changed_file_is_another_entry(tmp_path: Path, folder: Path) -> None:
    path = written(tmp_path)
    yaml_cache.read_yaml_cached(path, folder=folder)
    written(tmp_path, TEXT.replace("1C", "One C"))
    assert yaml_cache.read_yaml_cached(path, folder=folder).data["bsl"]["title"] == "One C"
    assert len(list(folder.glob("*.json"))) == 2


def test_what_json_would_change_is_not_cached(tmp_path: Path, folder: Path) -> None:
    path = written(tmp_path, "1: one\nwhen: 2024-01-02\n")
    assert yaml_cache.read_yaml_cached(path, folder=folder).data == read_yaml(path).data
    assert not list(folder.glob("*.json"))

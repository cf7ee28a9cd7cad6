"""portcheck's own YAML files (the built-in languages) read from a sealed cache: parsing
them took PyYAML's import and a parse on every start of every command, ``portcheck exec``
included, for a file that changes only with portcheck.

An entry is the document as JSON (its data and the line of every key), under the sha256 of
the file's bytes and of the reader's code (``files.yamlio``); it is *sealed*
(``files.sealed``: an HMAC under a key kept outside the cache), so an entry planted in a
shared cache folder — a language's commands changed, say — is a miss, never read.  A
document JSON cannot hold as it is (a key that is no text, a date) is not cached, and every
failure to read or write the cache is a parse, as before.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.files import yamlio
from portcheck.files.cache_root import cache_root
from portcheck.files.guarded import read_bytes
from portcheck.files.sealed import seal, unseal
from portcheck.files.yamlio import LineNumbers, YamlDocument

FORMAT = b"portcheck yaml cache 1"
FOLDER = "documents"


def read_yaml_cached(path: Path, *, folder: Path | None = None) -> YamlDocument:
    """The document at ``path`` as :func:`yamlio.read_yaml` reads it, from the sealed cache
    in ``folder`` (None: the cache root's) when it holds it."""
    data = read_bytes(path)
    entry = (folder if folder is not None else cache_root() / FOLDER) / f"{_key(data)}.json"
    try:
        body = unseal(entry.read_bytes())
    except OSError:
        body = None
    if body is not None:
        try:
            held = json.loads(body)
            return YamlDocument(held["data"], LineNumbers.from_table(
                path, [(tuple(keys), int(line)) for keys, line in held["lines"]]))
        except (ValueError, KeyError, TypeError):
            pass  # sealed by us, in another shape: parsed again
    document = yamlio.read_yaml(path)
    _store(entry, document)
    return document


def _key(data: bytes) -> str:
    digest = hashlib.sha256(FORMAT)
    for part in (Path(yamlio.__file__).read_bytes(), data):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return digest.hexdigest()


def _store(entry: Path, document: YamlDocument) -> None:
    try:
        text = json.dumps({"data": document.data,
                           "lines": [[list(keys), line] for keys, line in document.lines.table()]})
    except (TypeError, ValueError):
        return
    if json.loads(text)["data"] != document.data or not _plain(document.data):
        return  # JSON would give back another document (a key that is no text, a tuple)
    sealed = seal(text.encode("utf-8"))
    if sealed is None:
        return
    try:
        yamlio.write_atomic(entry, sealed)
    except (OSError, UsageError):  # a cache that cannot be written costs a parse, no more
        return


def _plain(value: Any) -> bool:
    """Whether ``value`` is made only of what JSON gives back as it was."""
    if isinstance(value, dict):
        return all(isinstance(key, str) and _plain(item) for key, item in value.items())
    if isinstance(value, list):
        return all(_plain(item) for item in value)
    return value is None or isinstance(value, str | int | float | bool)

"""Jinja's compiled templates kept in portcheck's cache (``$PORTCHECK_CACHE/jinja/<key>``),
so that a process that renders many templates (verify's ``fresh`` checks: 84 templates,
0.4 s of CPU to compile) compiles each only when it changed.

This is Jinja's own ``FileSystemBytecodeCache``, with entries in a sealed format of
portcheck's (:class:`TemplateCache`): an entry is named by the template's name and file,
and taken only for the same source text (its checksum is in the entry) and sealed by this
user's portcheck.  The folder's name holds what else decides the code: Jinja's version,
Python's (the marshal format) and the environment's options.  The cache can only cost the
compiling: an entry that cannot be read is compiled again, one that cannot be written is
not kept, a folder that cannot be made means no cache.  What a template renders is never
kept, only its compiled code.
"""

from __future__ import annotations

import base64
import hashlib
import json
import marshal
import os
import sys
import tempfile
from pathlib import Path
from typing import Any

import jinja2
from jinja2.bccache import Bucket

from portcheck.files.cache_root import cache_root
from portcheck.files.sealed import seal, unseal


class TemplateCache(jinja2.FileSystemBytecodeCache):
    """Jinja's file cache, in a format of portcheck's own: JSON (the template's checksum,
    its code marshalled), sealed with this user's key (``files.sealed``), read only when
    the seal checks.  Jinja's own format starts with a pickle, and loading a pickle runs
    whatever its writer chose: a planted entry would have run code in portcheck.  A
    broken, foreign or unwritable entry costs a compile, no error."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            path = Path(self.directory) / (self.pattern % bucket.key)
            body = unseal(path.read_bytes())
            if body is None:
                return
            entry = json.loads(body)
            if entry.get("checksum") == bucket.checksum:
                bucket.code = marshal.loads(base64.b64decode(entry["code"]))
        except Exception:  # missing, unreadable, or sealed by another version's format
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        sealed = seal(json.dumps({"checksum": bucket.checksum, "code": base64.b64encode(
            marshal.dumps(bucket.code)).decode("ascii")}).encode("utf-8"))
        if sealed is None:
            return
        path = Path(self.directory) / (self.pattern % bucket.key)
        try:
            fd, temporary = tempfile.mkstemp(prefix=".tmp-", dir=self.directory)
        except OSError:
            return  # a read-only cache: no entry
        try:
            with os.fdopen(fd, "wb") as out:
                out.write(sealed)
            os.replace(temporary, path)
        except OSError:  # a full disk: no entry, never half of one
            Path(temporary).unlink(missing_ok=True)


def template_cache(options: dict[str, Any]) -> TemplateCache | None:
    """The cache for templates compiled with the environment ``options``; None when its
    folder cannot be made."""
    key = repr((jinja2.__version__, sys.version, sorted(options.items())))
    folder = cache_root() / "jinja" / hashlib.sha256(key.encode()).hexdigest()[:16]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return TemplateCache(str(folder))

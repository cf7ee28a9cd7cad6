"""Jinja's compiled templates kept in portcheck's cache (``$PORTCHECK_CACHE/jinja/<key>``),
so that a process that renders many templates (verify's ``fresh`` checks: 84 templates,
0.4 s of CPU to compile) compiles each only when it changed.

This is Jinja's own ``FileSystemBytecodeCache``: an entry is named by the template's name
and file, and taken only for the same source text (its checksum is in the entry) and the
same Python (Jinja's magic header).  The folder's name holds what Jinja does not check:
its own version and the environment's options, so code compiled under other options is
never used.  The cache can only cost the compiling: an entry that cannot be read is
compiled again, one that cannot be written is not kept, a folder that cannot be made means
no cache.  What a template renders is never kept, only its compiled code.
"""

from __future__ import annotations

import hashlib
from typing import Any

import jinja2
from jinja2.bccache import Bucket

from portcheck.files.cache_root import cache_root


class TemplateCache(jinja2.FileSystemBytecodeCache):
    """Jinja's file cache, with a broken or unwritable entry costing a compile, no error."""

    def load_bytecode(self, bucket: Bucket) -> None:
        try:
            super().load_bytecode(bucket)
        except Exception:  # a truncated or foreign file: pickle's and marshal's errors
            bucket.reset()

    def dump_bytecode(self, bucket: Bucket) -> None:
        try:
            super().dump_bytecode(bucket)
        except OSError:
            pass


def template_cache(options: dict[str, Any]) -> TemplateCache | None:
    """The cache for templates compiled with the environment ``options``; None when its
    folder cannot be made."""
    key = repr((jinja2.__version__, sorted(options.items())))
    folder = cache_root() / "jinja" / hashlib.sha256(key.encode()).hexdigest()[:16]
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError:
        return None
    return TemplateCache(str(folder))

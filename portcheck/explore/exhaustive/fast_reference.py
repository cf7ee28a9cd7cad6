"""The fast references: for each algorithm with a range mode, a second implementation of
its reference that computes the digest of a range (``range_digest(first, last)``) quickly,
and the hash of its code (a changed implementation does not reuse recorded digests)."""

from __future__ import annotations

import hashlib
from importlib import import_module
from pathlib import Path
from types import ModuleType

from portcheck.errors import UsageError

FAST_REFERENCES = {"freecell": "portcheck.explore.exhaustive.freecell_numpy"}


def fast_reference(algorithm: str) -> ModuleType:
    if algorithm not in FAST_REFERENCES:
        raise UsageError(f"{algorithm}: --range needs a fast reference, and only "
                         f"{', '.join(FAST_REFERENCES)} has one")
    return import_module(FAST_REFERENCES[algorithm])


def code_hash(module: ModuleType) -> str:
    """The hash of the module's source and of the digest's definition."""
    from portcheck.explore.exhaustive import digest

    text = b"".join(Path(m.__file__ or "").read_bytes() for m in (module, digest))
    return hashlib.sha256(text).hexdigest()

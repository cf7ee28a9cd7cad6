"""Where portcheck keeps what it can make again: ``$PORTCHECK_CACHE``, else
``~/.cache/portcheck``.  The runners' builds and toolchain probes and the embedded
interpreters' compiled programs all live below it.  Kept free of other imports: the embedded
interpreters start in a fresh process for every port."""

from __future__ import annotations

import os
from pathlib import Path

CACHE_ENV = "PORTCHECK_CACHE"


def cache_root() -> Path:
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser().absolute()
    return Path.home() / ".cache" / "portcheck"

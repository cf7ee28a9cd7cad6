"""Only for ``portcheck.interp`` and its tests, until they become ``portinterp``: the cache
folder's owner is ``portcheck.files.cache_root`` (delete this module once nothing imports it)."""

from __future__ import annotations

from portcheck.files.cache_root import CACHE_ENV, cache_root

__all__ = ["CACHE_ENV", "cache_root"]

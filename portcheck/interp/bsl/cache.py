"""The compile cache of 1C programs (``portcheck.interp.program_cache``, under ``bsl/``)."""

from __future__ import annotations

from pathlib import Path

from portcheck.interp import program_cache
from portcheck.interp.core import Program
from portcheck.interp.program_cache import CACHE_ENV

__all__ = ["CACHE_ENV", "compile_cached"]


def compile_cached(path: Path, encoding: str = "utf-8-sig") -> Program:
    return program_cache.compile_cached(path, encoding, "bsl", _compile)


def _compile(path: Path, encoding: str) -> Program:
    from portcheck.interp import bsl  # imports Lark: only on a miss

    return bsl.compile_file(path, encoding=encoding)

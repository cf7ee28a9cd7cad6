"""The runners' tests build into a cache of their own, new for each test."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.runners.cache import BuildCache


@pytest.fixture
def cache(tmp_path: Path) -> BuildCache:
    return BuildCache(tmp_path / "cache")

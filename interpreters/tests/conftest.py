"""Shared set-up of portinterp's tests: compiled programs are cached in a folder of the test
session, never in the user's ``~/.cache/portinterp``, unless ``PORTINTERP_CACHE`` names one."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path

import pytest

from portinterp.program_cache import CACHE_ENV


@pytest.fixture(scope="session", autouse=True)
def interpreter_cache(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Path]:
    configured = os.environ.get(CACHE_ENV)
    if configured:
        yield Path(configured)
        return
    folder = tmp_path_factory.mktemp("portinterp-cache")
    os.environ[CACHE_ENV] = str(folder)
    yield folder
    os.environ.pop(CACHE_ENV, None)

"""The mutation tests run on ``portcheck init``'s suite (``suite``), with small article ports
written into it (``tests.helpers.ports.collatz_article_port``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import portcheck


@pytest.fixture
def suite(tmp_path: Path, build_cache: Path, monkeypatch: pytest.MonkeyPatch,
          capsys: pytest.CaptureFixture[str]) -> Path:
    """``portcheck init``'s suite, the working folder and root of this test."""
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    monkeypatch.chdir(tmp_path)
    assert portcheck(capsys, "init", "suite")[0] == 0
    root = tmp_path / "suite"
    monkeypatch.setenv("PORTCHECK_ROOT", str(root))
    monkeypatch.chdir(root)
    return root

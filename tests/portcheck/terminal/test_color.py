"""Coloured diffs (``portcheck.terminal.color``): NO_COLOR wins over ``auto``, not over
``always``."""

from __future__ import annotations

from pathlib import Path

import pytest


def test_no_color_wins_over_auto(project_copy: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from portcheck.terminal.color import wants_color

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert wants_color("auto", Terminal())  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_color("auto", Terminal())  # type: ignore[arg-type]
    assert wants_color("always", Terminal())  # type: ignore[arg-type]

"""What makes verify fast (``portcheck.verify.parallel``) must not change what it says: ports
checked at once report as a serial run does, with a warm cache or a cold one."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import portcheck


def _break_ports(root: Path) -> None:
    """One port's transcript wrong, one program failing at run time."""
    transcript = root / "ports/freecell/pascal/transcript.txt"
    transcript.write_text(transcript.read_text(encoding="utf-8").replace("♣", "♠", 1),
                          encoding="utf-8")
    listing = root / "ports/freecell/python/freecell.py"
    listing.write_text("raise SystemExit('no deal today')\n", encoding="utf-8")


def test_verify_on_every_core_reports_as_a_serial_run(project_copy: Path, capsys) -> None:
    _break_ports(project_copy)
    # --fresh: each verify runs every port (none of its verdicts from the cache)
    serial = portcheck(capsys, "verify", "--jobs", "1", "--color", "never", "--fresh")
    parallel = portcheck(capsys, "verify", "--jobs", "4", "--color", "never", "--fresh")
    default = portcheck(capsys, "verify", "--color", "never", "--fresh")
    assert serial[0] == 1 and "FAIL ports/freecell/python::run" in serial[1]
    assert parallel == serial == default


def test_verify_with_a_cold_cache(project_copy: Path, capsys, tmp_path: Path,
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "empty-cache"))
    code, out, _ = portcheck(capsys, "verify", "--color", "never")
    assert code == 0, out
    assert "6 ports:" in out and "0 failed" in out
    assert (tmp_path / "empty-cache" / "timings.json").is_file()

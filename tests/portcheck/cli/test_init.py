"""``portcheck init``: a suite made anywhere passes ``verify``, ``golden check`` and pytest at
once; a folder that is not empty is refused."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import portcheck_process


def test_init_makes_a_suite_that_verifies_at_once(tmp_path: Path, build_cache: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    suite = tmp_path / "my-article"
    made = portcheck_process("init", "my-article", cwd=tmp_path, unset=["PORTCHECK_ROOT"])
    assert made.returncode == 0, made.stderr
    for name in ("reference/collatz.py", "golden/collatz.yaml", "tox.ini", "README.md",
                 "templates/python/collatz.py.j2", "ports/collatz/python/port.yaml",
                 "ports/collatz/python/collatz.py", "ports/collatz/python/transcript.txt"):
        assert (suite / name).is_file(), name
    assert "27: 111 steps, peak 9232" in (suite / "golden" / "collatz.yaml").read_text()
    verified = portcheck_process("verify", "--deep", "3", cwd=suite, unset=["PORTCHECK_ROOT"])
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "1 ports: 4 checks passed, 0 failed, 0 skipped" in verified.stdout
    assert portcheck_process("golden", "check", cwd=suite, unset=["PORTCHECK_ROOT"]).returncode == 0
    tested = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider"],
                            cwd=suite, capture_output=True, text=True, check=False)
    assert tested.returncode == 0, tested.stdout
    assert "4 passed" in tested.stdout  # the golden and the port's transcript, run, fresh


def test_init_refuses_a_folder_that_is_not_empty(tmp_path: Path) -> None:
    (tmp_path / "taken").mkdir()
    (tmp_path / "taken" / "notes.txt").write_text("mine", encoding="utf-8")
    made = portcheck_process("init", "taken", cwd=tmp_path, unset=["PORTCHECK_ROOT"])
    assert made.returncode == 2
    assert made.stderr.strip() == "portcheck: error: taken: exists and is not an empty folder"

"""``portcheck init``: a suite made anywhere passes ``verify``, ``golden check`` and pytest at
once; a folder that is not empty is refused."""

from __future__ import annotations

import configparser
import os
import shutil
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

from tests.helpers.cli import portcheck_process
from tests.helpers.needs import need
from tests.helpers.reference import REPO


def test_init_makes_a_suite_that_verifies_at_once(tmp_path: Path, build_cache: Path,
                                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    suite = tmp_path / "my-article"
    made = portcheck_process("init", "my-article", cwd=tmp_path, unset=["PORTCHECK_ROOT"])
    assert made.returncode == 0, made.stderr
    for name in ("reference/collatz.py", "golden/collatz.yaml", "tox.ini", "README.md",
                 "templates/python/collatz.py.j2", "ports/collatz/python/collatz.py",
                 "ports/collatz/python/transcript.txt"):
        assert (suite / name).is_file(), name
    assert not (suite / "ports/collatz/python/port.yaml").exists()  # the layout says it
    assert "27: 111 steps, peak 9232" in (suite / "golden" / "collatz.yaml").read_text()
    verified = portcheck_process("verify", "--deep", "3", cwd=suite, unset=["PORTCHECK_ROOT"])
    assert verified.returncode == 0, verified.stdout + verified.stderr
    assert "1 port: 4 checks passed, 0 failed, 0 skipped" in verified.stdout
    styled = portcheck_process("style", cwd=suite, unset=["PORTCHECK_ROOT"])
    assert styled.returncode == 0 and "1 template port: 1 in style" in styled.stdout
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


def test_the_tox_ini_of_a_new_suite_names_no_path_of_this_machine(tmp_path: Path) -> None:
    """A colleague's machine or CI has no path of ours: tox installs portcheck from the
    package index (this version or later), or what PORTCHECK_REQUIREMENT names."""
    made = portcheck_process("init", "mine", cwd=tmp_path, unset=["PORTCHECK_ROOT"])
    assert made.returncode == 0, made.stderr
    tox = (tmp_path / "mine" / "tox.ini").read_text(encoding="utf-8")
    assert "file:" not in tox and str(REPO) not in tox and str(tmp_path) not in tox
    config = configparser.ConfigParser(interpolation=None)
    config.read_string(tox)
    version = metadata.version("portcheck")
    assert config["testenv"]["deps"] == ("{env:PORTCHECK_REQUIREMENT:portcheck[test,style]>="
                                         f"{version}}}")
    assert config["testenv:style"]["commands"] == "portcheck style {posargs}"
    assert config["tox"]["envlist"] == "tests, golden, style"


def test_tox_reads_the_requirement_as_written(tmp_path: Path) -> None:
    """tox itself resolves the deps: the package by default, a checkout when named."""
    tox = shutil.which("tox")
    need(tox, "tox not found: pip install tox")
    assert tox is not None
    portcheck_process("init", "mine", cwd=tmp_path, unset=["PORTCHECK_ROOT"])
    suite = tmp_path / "mine"
    env = {k: v for k, v in os.environ.items() if k != "PORTCHECK_REQUIREMENT"}

    def deps(extra: dict[str, str]) -> str:
        done = subprocess.run([tox, "config", "-e", "tests", "-k", "deps"], cwd=suite,
                              capture_output=True, text=True, env={**env, **extra},
                              timeout=120, check=False)
        assert done.returncode == 0, done.stderr
        return done.stdout.split("deps =", 1)[1].strip()

    assert deps({}) == f"portcheck[test,style]>={metadata.version('portcheck')}"
    assert deps({"PORTCHECK_REQUIREMENT": f"{REPO}[test,style]"}) == f"{REPO}[test,style]"

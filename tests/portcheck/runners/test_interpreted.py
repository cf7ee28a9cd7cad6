"""The real 1C and KuMir tools are used when installed: OneScript's ``oscript`` and
``kumir2-run`` (neither is in Debian, so CI has neither).  Stand-in executables on PATH
prove the wiring: which engine is chosen, what it is given, that its output and exit code
come back, and that ``--engine embedded`` still forces the embedded interpreter."""

from __future__ import annotations

import os
import stat
import subprocess
import sys
from pathlib import Path

import pytest

from portcheck.runners import get_runner
from tests.helpers.reference import REPO

ROOT = REPO
BSL_PORT = ROOT / "ports" / "freecell" / "bsl" / "freecell.bsl"
KUMIR_PORT = ROOT / "ports" / "freecell" / "kumir" / "freecell.kum"


@pytest.fixture
def fake_tools(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``oscript`` and ``kumir2-run`` that print who they are and the file they were given."""
    bin_dir = tmp_path / "bin"
    bin_dir.mkdir()
    for name in ("oscript", "kumir2-run"):
        tool = bin_dir / name
        tool.write_text(f'#!/bin/sh\necho "{name} ran $1"\nexit 3\n', encoding="utf-8")
        tool.chmod(tool.stat().st_mode | stat.S_IXUSR)
    monkeypatch.setenv("PATH", f"{bin_dir}{os.pathsep}{os.environ['PATH']}")
    return bin_dir


@pytest.mark.parametrize(("language", "program", "tool"),
                         [("bsl", BSL_PORT, "oscript"), ("kumir", KUMIR_PORT, "kumir2-run")])
def test_the_installed_tool_is_preferred(fake_tools: Path, language: str, program: Path,
                                         tool: str) -> None:
    runner = get_runner(language)
    assert runner.toolchain().ok
    result = runner.run(runner.build(program), timeout=10)
    assert result.stdout == f"{tool} ran {program}\n"
    assert result.returncode == 3


@pytest.mark.parametrize(("language", "program"), [("bsl", BSL_PORT), ("kumir", KUMIR_PORT)])
def test_embedded_engine_can_be_forced(fake_tools: Path, language: str, program: Path) -> None:
    from tests.helpers.reference import freecell

    runner = get_runner(language, engine="embedded")
    result = runner.run(runner.build(program), timeout=60)
    assert result.returncode == 0
    assert result.stdout.startswith(freecell.output(1))


def test_exec_hands_the_file_to_the_tool_and_returns_its_exit_code(fake_tools: Path) -> None:
    done = subprocess.run([sys.executable, "-m", "portcheck", "exec", str(BSL_PORT),
                           "--engine", "oscript"], capture_output=True, text=True, check=False)
    assert done.stdout == f"oscript ran {BSL_PORT}\n"
    assert done.returncode == 3


def test_verify_engine_option_reaches_only_the_languages_that_have_it(
        fake_tools: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    from portcheck.cli.main import main

    monkeypatch.chdir(ROOT)
    code = main(["verify", "freecell", "--lang", "kumir", "--lang", "python", "--lang",
                 "bsl", "--engine", "oscript"])
    out = capsys.readouterr().out
    # oscript is no KuMir engine: the KuMir port keeps its default, the installed stand-in
    # kumir2-run, whose output does not match, and says so; python is untouched; the 1C
    # port gets the oscript stand-in.
    assert code == 1
    assert "FAIL ports/freecell/kumir::run" in out
    assert "kumir2-run ran" in out and "oscript ran" in out
    assert "python::run" not in out
    # An engine that runs none of the languages selected would be ignored: refused.
    assert main(["verify", "freecell", "--lang", "kumir", "--lang", "python",
                 "--engine", "oscript"]) == 2


def test_a_missing_tool_named_by_engine_is_a_usage_error(capsys: pytest.CaptureFixture[str],
                                                         monkeypatch: pytest.MonkeyPatch,
                                                         tmp_path: Path) -> None:
    from portcheck.cli.main import main

    monkeypatch.setenv("PATH", str(tmp_path))
    assert main(["exec", str(BSL_PORT), "--engine", "oscript"]) == 2
    assert capsys.readouterr().err.strip() == (
        "portcheck: error: engine oscript: oscript not found: install package onescript "
        "(from oscript.io; not in Debian)")

"""A toolchain that is installed but does not work is a failure, never the skip a missing
one gets (issue 29): a ``javac`` or ``fpc`` that hangs, fails with garbage or cannot even
start made verify skip the port and pass; and its version probe is bounded by the
command's ``--timeout`` (it took 60 s whatever the time limit said)."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.helpers.cli import portcheck_process, write

HANGS = "#!/bin/sh\nexec sleep 1000\n"
GARBAGE = "#!/bin/sh\nprintf '\\033[2J%s\\n' 'segfault? $@'\nexit 7\n"
NOT_A_PROGRAM = b"\x7fELF\x00garbage that is no executable"


def _fake(folder: Path, names: tuple[str, ...], body: str | bytes) -> dict[str, str]:
    for name in names:
        tool = write(folder / name, body)
        tool.chmod(0o755)
    return {"PATH": f"{folder}{os.pathsep}{os.environ['PATH']}"}


@pytest.mark.parametrize("body, said", [
    (HANGS, "did not answer within 2 s"),
    (GARBAGE, "failed: \\x1b[2Jsegfault?"),
    (NOT_A_PROGRAM, "Exec format error"),
], ids=["hangs", "garbage", "cannot-start"])
@pytest.mark.parametrize("language, tools", [("java", ("javac", "java")),
                                             ("pascal", ("fpc",))])
def test_a_broken_toolchain_fails_the_port(project_copy: Path, tmp_path: Path, body: str,
                                           said: str, language: str,
                                           tools: tuple[str, ...]) -> None:
    env = _fake(tmp_path / "bin", tools, body)
    env["PORTCHECK_CACHE"] = str(tmp_path / "cache")
    done = portcheck_process("verify", "freecell", "--lang", language, "--timeout", "2",
                             cwd=project_copy, env=env, timeout=50)
    assert done.returncode == 1, done.stdout + done.stderr
    assert f"FAIL ports/freecell/{language}::run: the toolchain does not work: " in done.stdout
    assert said in done.stdout
    assert "\x1b" not in done.stdout


def test_list_says_a_broken_toolchain_is_broken(project_copy: Path, tmp_path: Path) -> None:
    env = _fake(tmp_path / "bin", ("fpc",), GARBAGE)
    env["PORTCHECK_CACHE"] = str(tmp_path / "cache")
    done = portcheck_process("list", cwd=project_copy, env=env, timeout=120)
    assert done.returncode == 0
    (line,) = [line for line in done.stdout.splitlines() if line.strip().startswith("pascal")]
    assert "BROKEN" in line

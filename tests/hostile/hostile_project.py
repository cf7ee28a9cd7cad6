"""What the hostile tests share: running portcheck (in this process or as a real one),
adding a contributed port with a misbehaving program to a copy of the project, and
watching processes die."""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from project_reference import freecell

from portcheck.cli import main

GAME_1 = freecell.output(1)


def portcheck(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``portcheck WORDS`` run in this process."""
    try:
        code = main(list(words))
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def portcheck_process(*words: str, env: dict[str, str] | None = None, timeout: float = 120,
                      stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    """``python -m portcheck WORDS`` as a real process (its environment: ours, plus
    ``env``), bounded so a hang fails the test instead of stalling it."""
    return subprocess.run([sys.executable, "-m", "portcheck", *words], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})},
                          timeout=timeout, check=False)


def one_error_line(err: str) -> str:
    """The single line an error prints; fails on a traceback or a second line."""
    assert "Traceback" not in err
    lines = err.strip().splitlines()
    assert len(lines) == 1, f"expected one line on stderr, got:\n{err}"
    return lines[0]


def write(path: Path, text: str | bytes) -> Path:
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(text, bytes):
        path.write_bytes(text)
    else:
        path.write_text(text, encoding="utf-8")
    return path


def add_port(root: Path, name: str, language: str, program: str, text: str,
             cases: tuple[str, ...] = ("game-1",)) -> Path:
    """A contributed port ``ports/freecell/<name>`` running ``text``, whose transcript is
    the goldens of ``cases``."""
    folder = root / "ports" / "freecell" / name
    write(folder / "port.yaml", (
        f"algorithm: freecell\nlanguage: {language}\norigin: contributed\n"
        f"program: {program}\ncases: [{', '.join(cases)}]\ncompare: exact\n"))
    write(folder / program, text)
    write(folder / "transcript.txt", "".join(freecell.output(**freecell.CASES[c])
                                             for c in cases))
    return folder


def running(pid: int) -> bool:
    """True if ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def gone_soon(pid: int, patience: float = 5.0) -> bool:
    """SIGKILL is delivered at once but a process dies a moment later: poll, bounded."""
    deadline = time.monotonic() + patience
    while running(pid):
        if time.monotonic() > deadline:
            return False
        time.sleep(0.02)
    return True


def wait_for_file(path: Path, patience: float = 60.0) -> str:
    """The text of ``path`` once a program has written it (a line ending in a newline)."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if path.is_file() and path.read_text().endswith("\n"):
            return path.read_text()
        time.sleep(0.02)
    raise AssertionError(f"{path} was never written")

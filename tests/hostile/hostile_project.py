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

from cli_run import write
from project_reference import freecell

GAME_1 = freecell.output(1)


def portcheck_process(*words: str, env: dict[str, str] | None = None, timeout: float = 120,
                      stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    """``python -m portcheck WORDS`` as a real process (its environment: ours, plus
    ``env``), bounded so a hang fails the test instead of stalling it."""
    return subprocess.run([sys.executable, "-m", "portcheck", *words], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, env={**os.environ, **(env or {})},
                          timeout=timeout, check=False)


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


def wait_for_file(path: Path, patience: float = 60.0) -> str:
    """The text of ``path`` once a program has written it (a line ending in a newline)."""
    deadline = time.monotonic() + patience
    while time.monotonic() < deadline:
        if path.is_file() and path.read_text().endswith("\n"):
            return path.read_text()
        time.sleep(0.02)
    raise AssertionError(f"{path} was never written")

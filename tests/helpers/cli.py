"""Running ``portcheck`` in a test: in this process (``portcheck``, the one helper every test
uses) or as a real process (``portcheck_process``), checking that an error is one line
(``one_error_line``), and writing the files a test breaks (``write``)."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Any

import pytest

from portcheck.cli.main import main


def portcheck(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, str, str]:
    """Exit code, stdout and stderr of ``portcheck WORDS`` run in this process."""
    try:
        code = main(list(words))
    except SystemExit as exc:  # argparse's own usage errors
        code = int(exc.code or 0)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def portcheck_process(*words: str, cwd: Path | None = None, env: dict[str, str] | None = None,
                      unset: Iterable[str] = (), timeout: float = 120,
                      stdout: Any = subprocess.PIPE) -> subprocess.CompletedProcess[str]:
    """``python -m portcheck WORDS`` as a real process in ``cwd`` (its environment: ours,
    plus ``env``, without ``unset``), bounded so a hang fails the test instead of stalling
    it."""
    environment = {k: v for k, v in {**os.environ, **(env or {})}.items() if k not in unset}
    return subprocess.run([sys.executable, "-m", "portcheck", *words], cwd=cwd,
                          stdout=stdout, stderr=subprocess.PIPE, text=True, encoding="utf-8",
                          env=environment, timeout=timeout, check=False)


def one_error_line(err: str) -> str:
    """The single line a usage error prints; fails on a traceback or a second line."""
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

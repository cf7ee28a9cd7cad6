"""Watching a process die (SIGKILL is delivered at once, but a process dies a moment
later, so tests poll, bounded, instead of looking once) and waiting for what a program
writes."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from portcheck.processes import sandbox


def running(pid: int) -> bool:
    """True if ``pid`` exists and is not a zombie waiting to be reaped."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except FileNotFoundError:
        return False
    return stat.rsplit(")", 1)[1].split()[0] not in ("Z", "X")


def gone_soon(pid: int, patience: float = 5.0) -> bool:
    """Whether ``pid`` is gone (or a zombie) within ``patience`` seconds."""
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


@pytest.fixture
def unboxed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Runs not boxed (``--sandbox off``), in this process and in the portcheck it starts:
    for tests of the containment every run has without the box, which follow processes by
    their ids and files the box would hide (``portcheck.processes.sandbox``)."""
    monkeypatch.setenv(sandbox.ENV, "off")
    monkeypatch.setattr(sandbox._policy, "mode", "off")


def processes_naming(token: str) -> list[int]:
    """The processes whose command line holds ``token`` (a daemon a test's program left)."""
    found = []
    for name in os.listdir("/proc"):
        try:
            if name.isdigit() and token.encode() in Path(f"/proc/{name}/cmdline").read_bytes():
                found.append(int(name))
        except OSError:
            continue
    return found

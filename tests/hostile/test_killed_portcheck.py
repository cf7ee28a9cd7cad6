"""A port that kills portcheck (its parent) with SIGKILL leaves nothing running (issue 29):
portcheck's watchdog (``portcheck.processes.watchdog``) ends the runs' processes when
portcheck is gone, however it went."""

from __future__ import annotations

import os
import signal
import time
import uuid
from pathlib import Path

from tests.helpers.cli import portcheck_process, write

PROGRAM = """\
import os, signal, subprocess, time
subprocess.Popen(["sleep", "1000", {mark!r}])
subprocess.Popen(["setsid", "sleep", "1000", {mark!r}])
time.sleep(0.5)
os.kill(os.getppid(), signal.SIGKILL)
while True:
    time.sleep(1)  # {mark}
"""


def _alive(mark: str) -> list[int]:
    found = []
    for name in os.listdir("/proc"):
        if name.isdigit():
            try:
                if mark.encode() in Path(f"/proc/{name}/cmdline").read_bytes():
                    found.append(int(name))
            except OSError:
                pass
    return found


def test_a_port_that_kills_portcheck_leaves_nothing_running(project_copy: Path) -> None:
    mark = f"portcheck-test-{uuid.uuid4().hex}"
    program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
    write(program, PROGRAM.format(mark=mark))
    done = portcheck_process("verify", "freecell", "--lang", "python", cwd=project_copy,
                             timeout=120)
    assert done.returncode == -signal.SIGKILL
    marks = (mark, str(program))  # the helpers, and the port's own process
    deadline = time.monotonic() + 20  # the watchdog's rounds: a bound, not a measurement
    while any(_alive(m) for m in marks) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for m in marks for pid in _alive(m)]
    for pid in left:  # leave the machine clean even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert left == []

"""A port that kills portcheck (its parent) with SIGKILL leaves nothing running (issue 29):
portcheck's watchdog (``portcheck.processes.watchdog``) ends the runs' processes when
portcheck is gone, however it went."""

from __future__ import annotations

import os
import signal
import time
import uuid
from pathlib import Path

import pytest

from tests.helpers.cli import portcheck_process, write
from tests.helpers.processes import processes_naming, unboxed

PROGRAM = """\
import os, signal, subprocess, time
subprocess.Popen(["sleep", "1000", {mark!r}])
subprocess.Popen(["setsid", "sleep", "1000", {mark!r}])
time.sleep(0.5)
os.kill(os.getppid(), signal.SIGKILL)
while True:
    time.sleep(1)  # {mark}
"""


# Unboxed: in the box a port cannot even see portcheck (its own PID namespace), let alone
# kill it; this is what the watchdog does where there is no box.
@pytest.mark.usefixtures(unboxed.__name__)
def test_a_port_that_kills_portcheck_leaves_nothing_running(project_copy: Path) -> None:
    mark = f"portcheck-test-{uuid.uuid4().hex}"
    program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
    write(program, PROGRAM.format(mark=mark))
    done = portcheck_process("verify", "freecell", "--lang", "python", cwd=project_copy,
                             timeout=120)
    assert done.returncode == -signal.SIGKILL
    marks = (mark, str(program))  # the helpers, and the port's own process
    deadline = time.monotonic() + 20  # the watchdog's rounds: a bound, not a measurement
    while any(processes_naming(m) for m in marks) and time.monotonic() < deadline:
        time.sleep(0.1)
    left = [pid for m in marks for pid in processes_naming(m)]
    for pid in left:  # leave the machine clean even when the test fails
        os.kill(pid, signal.SIGKILL)
    assert left == []

"""The memory watch (``portcheck.processes.limits``) kills a run's processes by their ids: an
id that has since gone to another process (ids are reused, 32,768 of them on many machines)
must never be killed for it — it was one way a stranger (the reference's process, another
run) could die with SIGKILL between two calls."""

from __future__ import annotations

import subprocess
import sys

import pytest

from portcheck.processes import limits
from portcheck.processes.proctable import Proc, read_proc
from portcheck.runners.base import run_command


def test_only_ids_that_still_name_the_process_seen_are_killed() -> None:
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"])
    try:
        seen = read_proc(child.pid)
        assert seen is not None
        assert limits.same_processes({child.pid: seen.start}) == [child.pid]
        # the same id, started at another time: another process now
        assert limits.same_processes({child.pid: seen.start - 1}) == []
    finally:
        child.kill()
        child.wait()
    assert limits.same_processes({child.pid: seen.start}) == []  # gone


def test_the_tree_of_a_leader_whose_id_went_to_another_process_is_empty(
        monkeypatch: pytest.MonkeyPatch) -> None:
    table = [Proc(10, 1, 10, 10, False, 500), Proc(11, 10, 10, 10, False, 501),
             Proc(12, 11, 10, 10, False, 502), Proc(13, 1, 13, 13, False, 400)]
    monkeypatch.setattr(limits, "processes", lambda: table)
    assert limits._tree(10, 500) == {10: 500, 11: 501, 12: 502}
    # the leader seen at start 300 ended; id 10 is someone else's now: nothing to watch
    assert limits._tree(10, 300) == {}


SPIN = "import time\nt = time.process_time()\nwhile time.process_time() - t < 0.6: pass\n"


def test_a_blocks_cpu_limit_binds_its_runs_and_its_meter_adds_up_their_cpu_time() -> None:
    """``mutate``'s per-run CPU limit (``cpu_limit``, at most ``--max-cpu``) and the CPU
    time the run watch measured (``metering``): a wait is no CPU time."""
    with limits.cpu_limit(2.5):
        assert limits.cpu_seconds(30.0) == min(2.5, limits.setting().cpu or 2.5)
    with limits.metering() as meter:
        spun = run_command([sys.executable, "-c", SPIN], timeout=60, boxed=False)
        run_command([sys.executable, "-c", "import time; time.sleep(0.8)"], timeout=60,
                    boxed=False)
    assert spun.returncode == 0 and meter.seconds is not None
    assert 0.55 <= meter.seconds < 1.2  # the spin's 0.6 s, two Python starts; no sleep
    with limits.cpu_limit(0.3):
        stopped = run_command([sys.executable, "-c", SPIN], timeout=60, boxed=False)
    assert stopped.limited is not None and "CPU time" in stopped.limited

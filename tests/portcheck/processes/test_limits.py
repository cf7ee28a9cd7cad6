"""The memory watch (``portcheck.processes.limits``) kills a run's processes by their ids: an
id that has since gone to another process (ids are reused, 32,768 of them on many machines)
must never be killed for it — it was one way a stranger (the reference's process, another
run) could die with SIGKILL between two calls."""

from __future__ import annotations

import shutil
import subprocess
import sys

import pytest

from portcheck.errors import UsageError
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


# -- limits beyond what the kernel can be given (the hostile sweep, issue 29) ---------------

@pytest.mark.parametrize("given", [{"memory": limits.MAX_SIZE + 1},
                                   {"memory": None, "disk": 10**29},
                                   {"memory": None, "processes": limits.MAX_PROCESSES + 1}])
def test_a_limit_past_what_the_kernel_takes_is_a_usage_error(
        monkeypatch: pytest.MonkeyPatch, given: dict[str, int | None]) -> None:
    monkeypatch.setattr(limits, "_setting", [limits.Setting()])
    with pytest.raises(UsageError, match=r"--max-\w+: \d+ is more than the kernel"):
        limits.configure(**given)  # type: ignore[arg-type]
    assert limits.setting() == limits.Setting()  # nothing half-configured


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="util-linux's prlimit not here")
def test_a_run_under_the_largest_limits_starts(monkeypatch: pytest.MonkeyPatch) -> None:
    """At the ceiling, prlimit takes the address space (twice the memory) and the file
    size: every run failed with 'prlimit: failed to parse AS limit' above it."""
    monkeypatch.setattr(limits, "_setting", [limits.Setting()])
    limits.configure(limits.MAX_SIZE, limits.MAX_PROCESSES, None, limits.MAX_SIZE)
    done = subprocess.run(limits.command([sys.executable, "-c", "print('ran')"], {}, 5.0),
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stdout, done.stderr) == (0, "ran\n", "")


THREADS_ALLOCATING = """import threading
started = threading.Barrier(41, timeout=30)
def work():
    held = [bytearray(1000) for _ in range(200)]  # each thread allocates while all live
    started.wait()
for _ in range(40):
    threading.Thread(target=work, daemon=True).start()
started.wait()
print("40 threads")
"""


@pytest.mark.skipif(shutil.which("prlimit") is None, reason="util-linux's prlimit not here")
def test_forty_threads_allocating_at_once_start_under_the_default_memory_limit(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """glibc gives threads that allocate at once arenas of 64 MiB of address space each (up
    to 8 a core): 30 threads of a plain Python program could not start under the 1 GiB
    backstop of the default 512 MiB ('can't start new thread'); the limited command
    keeps them to two arenas."""
    monkeypatch.setattr(limits, "_setting", [limits.Setting()])
    done = subprocess.run(limits.command([sys.executable, "-c", THREADS_ALLOCATING], {}, 30.0),
                          capture_output=True, text=True, check=False, timeout=60)
    assert (done.returncode, done.stdout, done.stderr) == (0, "40 threads\n", "")
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

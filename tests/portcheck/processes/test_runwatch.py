"""The run watch (``portcheck.processes.runwatch``) where the kernel keeps no limit for a
run — no control group (monkeypatched away here), no box: it counts the run's processes
and threads, adds up their CPU time and what the run's folder holds, and stops the run at
the first limit passed with that limit's verdict; and how a run's end names the limit it
met (``SIGXCPU``, ``SIGXFSZ``, a refused write)."""

from __future__ import annotations

import os
import signal
import sys
import time
from pathlib import Path

import pytest

from portcheck.processes import cgroups, limits, runwatch
from portcheck.processes.proctable import read_proc
from portcheck.runners.base import RunResult, run_command
from tests.helpers.processes import processes_naming, unboxed  # noqa: F401 (a fixture)

# Never more than 2**7 = 128 processes, were nothing to stop it: safe on any machine
BOUNDED_BOMB = """import os, sys, time
for _ in range(7):
    try:
        os.fork()
    except OSError:
        pass
time.sleep(60)
"""
BURNER = """import threading
def burn():
    while True:
        pass
for _ in range(2):
    threading.Thread(target=burn).start()
"""
FILLER = """for number in range(1000):
    with open(f"part-{number}", "wb") as part:
        part.write(b"x" * 1_000_000)
"""


@pytest.fixture
def no_cgroup(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cgroups, "found",
                        lambda: cgroups.Hierarchies(why="no cgroup file system mounted"))


def _run(tmp_path: Path, text: str, timeout: float = 60.0) -> tuple[Path, RunResult]:
    program = tmp_path / f"prog-{time.monotonic_ns()}.py"
    program.write_text(text)
    return program, run_command([sys.executable, str(program)], timeout=timeout,
                                readable=[program])


@pytest.mark.usefixtures("no_cgroup", "unboxed")
def test_a_fork_bomb_is_stopped_by_counting_its_processes(tmp_path: Path) -> None:
    limits.configure(None, processes=16)
    program, result = _run(tmp_path, BOUNDED_BOMB)
    assert result.limited == ("it started more than 16 processes or threads (the process "
                              "limit; see --max-processes)")
    assert not result.timed_out
    assert processes_naming(str(program)) == []  # none left


@pytest.mark.usefixtures("no_cgroup", "unboxed")
def test_a_cpu_burner_is_stopped_by_adding_up_its_cpu_time(tmp_path: Path) -> None:
    limits.configure(None, cpu=1.0)
    _, result = _run(tmp_path, BURNER)
    assert result.limited == "it used more than 1 s of CPU time (the CPU limit; see --max-cpu)"
    assert result.seconds < 30


@pytest.mark.usefixtures("no_cgroup", "unboxed")
def test_a_run_filling_its_folder_is_stopped_by_adding_up_what_it_holds(
        tmp_path: Path) -> None:
    limits.configure(None, disk=8 * 1024 * 1024)
    _, result = _run(tmp_path, FILLER)
    assert result.limited == "it wrote more than 8 MiB (the disk limit; see --max-disk)"


def test_a_runs_end_names_the_limit_it_met() -> None:
    assert limits.stopped_by(-signal.SIGXCPU, "") == limits.CPU
    assert limits.stopped_by(-signal.SIGXFSZ, "") == limits.DISK
    assert limits.stopped_by(1, "OSError: [Errno 28] No space left on device") == limits.DISK
    assert limits.stopped_by(1, "ValueError: no") is None
    assert limits.stopped_by(0, "No space left on device") is None  # it went on, and passed


def test_the_cpu_limit_is_the_time_limit_at_least_ten_seconds_unless_given() -> None:
    assert limits.cpu_seconds(20.0) == 20.0
    assert limits.cpu_seconds(1.0) == limits.MIN_CPU
    limits.configure(None, cpu=3.0)
    assert limits.cpu_seconds(20.0) == 3.0


def test_rlimit_nproc_is_set_only_in_a_box_of_a_user_who_is_not_root(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """The kernel exempts root from ``RLIMIT_NPROC``, and outside a user namespace it counts
    all the user's processes: set only where it counts the run's own."""
    monkeypatch.setattr(limits.shutil, "which", lambda name: f"/usr/bin/{name}")
    monkeypatch.setattr(limits.os, "geteuid", lambda: 1000)
    assert "--nproc=256" in limits.command(["prog"], {}, 20.0, boxed=True)
    assert not any(w.startswith("--nproc") for w in limits.command(["prog"], {}, 20.0))
    monkeypatch.setattr(limits.os, "geteuid", lambda: 0)
    assert not any(w.startswith("--nproc")
                   for w in limits.command(["prog"], {}, 20.0, boxed=True))


class _Group:
    """A control group as the watch reads it, with what it says made up."""

    pids = None

    def __init__(self, memory: int) -> None:
        self.memory = memory

    def memory_bytes(self) -> int:
        return self.memory

    def over_limit(self) -> bool:
        return False

    def cpu_seconds(self) -> None:
        return None


def test_the_memory_a_control_group_adds_up_is_taken_over_the_resident_sum() -> None:
    """A fork's copies share their pages; the sum of their resident sizes counts each page
    again for every copy, the group once."""
    watch = runwatch.RunWatch(0, group=_Group(10))  # type: ignore[arg-type]
    watch.stop()
    big = [read_proc(os.getpid())] * 10_000  # this process's resident size, 10,000 times
    assert not watch._over_memory(big)  # type: ignore[arg-type]
    watch.group = _Group(limits.memory() + 1)  # type: ignore[assignment]
    assert watch._over_memory([])

"""A run's control group (``portcheck.processes.cgroups``): found where the machine lets
portcheck write one and named as missing where it does not (no cgroup file system, none
writable), holding the run's processes, and never left behind — removed after the run, by
the watchdog when portcheck is killed with SIGKILL, by the sweep of a later portcheck."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import textwrap
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from portcheck.processes import cgroups
from tests.helpers.processes import gone_soon, processes_naming


@pytest.fixture(autouse=True)
def _look_again() -> Iterator[None]:
    cgroups.forget()
    yield
    cgroups.forget()


def usable() -> cgroups.Hierarchies:
    """The hierarchies here, or a skip naming why there are none (not a toolchain: a
    machine without a writable cgroup is one portcheck supports, by the run watch)."""
    where = cgroups.found()
    if "pids" not in where.folders:
        pytest.skip(f"no control group for runs here: {where.why}")
    return where


def test_a_machine_without_a_cgroup_file_system_is_named(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    (tmp_path / "mounts").write_text("proc /proc proc rw 0 0\n")
    monkeypatch.setattr(cgroups, "MOUNTS", str(tmp_path / "mounts"))
    assert cgroups.why_not() == "no cgroup file system mounted"
    assert cgroups.RunGroup.make(64) is None


def test_a_cgroup_this_user_may_not_write_is_named(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A v2 tree whose ``pids`` is not delegated, and a v1 ``pids`` hierarchy whose folder
    is not writable (here: a plain folder, where a made group has no ``pids.max``)."""
    plain = tmp_path / "v1"
    plain.mkdir()
    (tmp_path / "mounts").write_text(f"cgroup2 {tmp_path / 'v2'} cgroup2 rw 0 0\n"
                                     f"cgroup {plain} cgroup rw,pids 0 0\n")
    (tmp_path / "cgroup").write_text("8:pids:/\n0::/\n")
    monkeypatch.setattr(cgroups, "MOUNTS", str(tmp_path / "mounts"))
    monkeypatch.setattr(cgroups, "OWN", str(tmp_path / "cgroup"))
    assert cgroups.why_not() == ("no cgroup this user may write (cgroup v2 not delegated, "
                                 "v1 pids not writable)")
    assert cgroups.RunGroup.make(64) is None
    assert list(plain.iterdir()) == []  # the probe it made is gone


def test_a_run_group_holds_its_run_and_is_removed_after_it() -> None:
    usable()
    group = cgroups.RunGroup.make(64)
    assert group is not None and group.pids is not None
    try:
        assert (group.pids / "pids.max").read_text().strip() == "64"
        said = subprocess.run(group.wrap(["cat", "/proc/self/cgroup"]), capture_output=True,
                              text=True, check=True).stdout
        assert group.pids.name in said  # the program itself, not only the shell
    finally:
        group.close()
    assert not group.pids.exists()


def test_a_fork_past_the_limit_is_refused_and_said() -> None:
    usable()
    group = cgroups.RunGroup.make(8)
    assert group is not None
    try:
        done = subprocess.run(group.wrap([sys.executable, "-c", textwrap.dedent("""\
            import os, time
            refused = 0
            for _ in range(20):
                try:
                    if os.fork() == 0:
                        time.sleep(2)
                        os._exit(0)
                except OSError:
                    refused += 1
            print(refused, flush=True)  # os._exit flushes nothing
            os._exit(0)
            """)]), capture_output=True, text=True, check=True, timeout=60)
        assert int(done.stdout) >= 12  # 8 at once: the program and 7 children
        assert group.over_limit()
    finally:
        group.close()


def test_the_groups_of_a_portcheck_that_is_gone_are_swept() -> None:
    base = usable().folders["pids"]
    dead = subprocess.Popen(["true"])
    dead.wait()
    stale = base / f"{cgroups.PREFIX}{dead.pid}-1-1"
    stale.mkdir()
    mine = cgroups.RunGroup.make(64)
    assert mine is not None and mine.pids is not None
    try:
        cgroups.sweep(base)
        assert not stale.exists()
        assert mine.pids.exists()  # this portcheck's own is kept
    finally:
        mine.close()
        if stale.exists():
            stale.rmdir()


CHILD = """
import sys, subprocess, time
from portcheck.processes import cgroups
group = cgroups.RunGroup.make(64)
subprocess.Popen(group.wrap(["sleep", sys.argv[1]]), start_new_session=True)
print(group.pids, flush=True)
time.sleep(600)
"""


def test_the_watchdog_removes_the_groups_of_a_portcheck_killed_with_sigkill() -> None:
    usable()
    token = f"{600 + os.getpid() % 300}.{time.monotonic_ns() % 10**6}"
    portcheck = subprocess.Popen([sys.executable, "-c", CHILD, token], stdout=subprocess.PIPE,
                                 text=True)
    try:
        assert portcheck.stdout is not None
        folder = Path(portcheck.stdout.readline().strip())
        assert folder.is_dir()
        deadline = time.monotonic() + 10
        while not processes_naming(token) and time.monotonic() < deadline:
            time.sleep(0.02)
        sleeper = processes_naming(token)
        assert sleeper
    finally:
        portcheck.send_signal(signal.SIGKILL)
        portcheck.wait()
    assert gone_soon(sleeper[0])
    deadline = time.monotonic() + 10
    while folder.exists() and time.monotonic() < deadline:
        time.sleep(0.05)
    assert not folder.exists()

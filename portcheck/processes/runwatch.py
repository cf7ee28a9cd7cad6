"""The run watch: one thread a run that stops it when it passes a limit the kernel does not
keep for it (``limits``), and says which.

Every :data:`limits.SAMPLE` (20 ms) it reads the memory of the run's processes: as their
control group adds it up where there is one (``cgroups``: a page a fork's copies share
counted once), else the sum of their resident memory (``/proc/<pid>/statm``);
every :data:`limits.RESCAN` (250 ms at most: reading the whole process table costs
milliseconds) it looks for the run's processes again (the leader and all below it) and adds
up

- their **processes and threads** (``/proc/<pid>/stat``) against ``--max-processes`` —
  where the run has a control group (``cgroups``) the kernel refuses the fork past
  ``pids.max`` and the watch stops the run as soon as the group's ``pids.events`` says so;
- their **CPU time** (their own and their reaped children's; the control group's sum where
  there is one) against the run's CPU limit;
- what the run's **writable folders** hold beyond what they held at its start, against
  ``--max-disk``.

It kills the run (its control group, and every process of its tree) at the first limit
passed, and ``stopped_by`` says which: ``limits.PROCESSES``, ``.CPU``, ``.DISK``, or
``"memory"``.

When it stops it says the CPU time the run used (``cpu_used``) to the meter of the block the
run started in (``limits.metering``): its control group's sum where it has one, else the
most its tree was seen to use, or its leader's own count while that is still unreaped (a
run forked from the zygote is: the zygote reaps it only after its watch has stopped).
"""

from __future__ import annotations

import os
import threading
from collections.abc import Sequence
from pathlib import Path

from portcheck.processes import limits
from portcheck.processes.cgroups import RunGroup
from portcheck.processes.proctable import Proc, read_proc

MEMORY = limits.MEMORY
TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100
MOST_ENTRIES = 20_000  # files a look at a folder counts before it stops (each 4 KiB, then)


class RunWatch:
    """Watches the run led by ``leader`` (in ``group`` where it has one) writing in
    ``folders``, within the command's limits and ``cpu`` seconds of CPU time."""

    def __init__(self, leader: int, *, group: RunGroup | None = None,
                 folders: Sequence[Path] = (), cpu: float | None = None) -> None:
        self.leader, self.group, self.cpu = leader, group, cpu
        self.memory = limits.memory()
        self.processes = limits.processes_limit()
        self.disk = limits.disk()
        self.folders = list(folders)
        self.stopped_by: str | None = None
        self.cpu_used = 0.0  # seconds: the most the run was seen to use
        self._meter = limits.meter()
        self._born: int | None = None
        self._before = sum(_held(folder) for folder in self.folders)
        self._done = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="portcheck-limits",
                                        daemon=True)
        self._thread.start()

    @property
    def exceeded(self) -> bool:
        """Whether it stopped the run for its memory."""
        return self.stopped_by == MEMORY

    def stop(self) -> str | None:
        """End the watch; which limit the run passed (None: none).  A run whose group
        refused a fork at its end is counted too."""
        self._done.set()
        self._thread.join()
        if self.stopped_by in (None, MEMORY) and self.group is not None and \
                self.group.over_limit():
            # a fork was refused: a fork bomb's copies share their pages, which the sum of
            # their resident memory counts again for each (it may pass the memory limit
            # first), but the process limit is what it met
            self.stopped_by = limits.PROCESSES
        if self._meter is not None:
            self._meter.add(self._final_cpu())
        return self.stopped_by

    def _final_cpu(self) -> float | None:
        """The CPU time the run used: its group's, else what its tree or its unreaped
        leader shows (None where neither could be read: not Linux)."""
        if self.group is not None:
            used = self.group.cpu_seconds()
            if used is not None:
                return used
        leader = read_proc(self.leader)
        if leader is not None and leader.start == self._born:
            self.cpu_used = max(self.cpu_used, leader.cpu / TICK)
        return self.cpu_used if self._born is not None else None

    def _watch(self) -> None:
        found = read_proc(self.leader)
        if found is None:
            return
        born = self._born = found.start
        table: list[Proc] = [found]
        rescan = 0.0
        waited = 0.0
        delay = 0.002
        while not self._done.wait(delay):
            waited += delay
            why = self._grouped() if self.group is not None else None
            if why is None and waited >= rescan:
                table = limits.tree_table(self.leader, born)
                rescan = waited + min(limits.RESCAN, max(0.01, waited))
                why = self._counted(table)
            if why is None and self._over_memory(table):
                why = MEMORY
            if why is not None:
                self.stopped_by = why
                self._kill({p.pid: p.start for p in table}, born)
                return
            delay = min(limits.SAMPLE, delay * 2)

    def _over_memory(self, table: list[Proc]) -> bool:
        """Whether the run's processes hold more than the memory limit: as its control
        group adds them up (a page a fork's copies share counted once), else the sum of
        their resident memory (which counts it again for each copy)."""
        held = self.group.memory_bytes() if self.group is not None else None
        if held is None:
            held = sum(limits.resident(p.pid) for p in table)
        return held > self.memory

    def _counted(self, table: list[Proc]) -> str | None:
        """The limit the run's tree passed: processes, CPU time, disk (None: none)."""
        if sum(p.threads for p in table) > self.processes:
            return limits.PROCESSES
        used = sum(p.cpu for p in table) / TICK
        self.cpu_used = max(self.cpu_used, used)
        if self.cpu is not None and used > self.cpu:
            return limits.CPU
        if self.folders and sum(_held(f) for f in self.folders) - self._before > self.disk:
            return limits.DISK
        return None

    def _grouped(self) -> str | None:
        """The limit the run's control group says it passed."""
        assert self.group is not None
        if self.group.over_limit():
            return limits.PROCESSES
        used = self.group.cpu_seconds()
        if used is not None:
            self.cpu_used = max(self.cpu_used, used)
        if self.cpu is not None and used is not None and used > self.cpu:
            return limits.CPU
        return None

    def _kill(self, members: dict[int, int], born: int) -> None:
        if self.group is not None:
            self.group.kill()
        for pid in limits.same_processes({**members, **limits._tree(self.leader, born)}):
            limits.kill(pid)


def _held(folder: Path) -> int:
    """Bytes the files under ``folder`` take on the disk (links not followed; past
    MOST_ENTRIES files, each counted as a page)."""
    total, seen = 0, 0
    stack = [str(folder)]
    while stack:
        try:
            entries = os.scandir(stack.pop())
        except OSError:
            continue
        with entries:
            for entry in entries:
                seen += 1
                if seen > MOST_ENTRIES:
                    total += 4096
                    continue
                try:
                    if entry.is_dir(follow_symlinks=False):
                        stack.append(entry.path)
                    total += entry.stat(follow_symlinks=False).st_blocks * 512
                except OSError:
                    continue
    return total

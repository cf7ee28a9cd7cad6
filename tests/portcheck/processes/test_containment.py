"""Containment (``portcheck.processes.containment``) of runs ended one after another from
several threads (``grade --jobs``, verify's workers): the end of one run reaps the orphans
it left, and must never reap another run's leader, which its own thread has yet to wait
for — that thread would then read exit status 0 (``subprocess`` says 0 for a child
already reaped), and a crashing student's program was graded as having printed its
output (``tests/portcheck/cli/test_grade.py``, once in a while under load)."""

from __future__ import annotations

import os
import sys
import time

from portcheck.processes import containment


def test_the_end_of_a_run_leaves_a_later_runs_ended_leader_to_its_own_thread() -> None:
    earlier, earlier_family = containment.start(["sleep", "30"], cwd=None, env=os.environ)
    later, later_family = containment.start([sys.executable, "-c", "raise SystemExit(3)"],
                                            cwd=None, env=os.environ)
    try:
        assert containment.await_exit(later.pid, time.monotonic() + 30)
        containment.end(later_family)  # its thread has ended it, and has yet to wait
        containment.end(earlier_family)  # meanwhile another run ends, reaping its orphans
        assert later.wait() == 3
    finally:
        containment.end(earlier_family)
        earlier.wait()
        later.wait()

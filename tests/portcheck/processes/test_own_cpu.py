"""``portcheck.processes.own_cpu``: the CPU limit of a run inside this process calls its
``stop`` once the process has used the limit's CPU time — from a thread of its own, so a
program computing on another thread than the main one (the interpreters' big-stack thread)
is stopped too — and never for time spent waiting."""

from __future__ import annotations

import threading
import time

from portcheck.processes.own_cpu import cpu_limited


def _burn(seconds: float, stopped: threading.Event) -> None:
    end = time.process_time() + seconds
    while time.process_time() < end and not stopped.is_set():
        sum(range(1000))


def test_stop_is_called_once_the_cpu_time_is_used_on_any_thread() -> None:
    stopped = threading.Event()
    with cpu_limited(0.3, stopped.set):
        worker = threading.Thread(target=_burn, args=(5.0, stopped))
        worker.start()
        worker.join(timeout=60)
    assert stopped.is_set()


def test_waiting_is_not_cpu_time() -> None:
    stopped = threading.Event()
    with cpu_limited(0.3, stopped.set):
        time.sleep(0.8)
    assert not stopped.is_set()


def test_no_limit_calls_nothing() -> None:
    stopped = threading.Event()
    with cpu_limited(None, stopped.set):
        _burn(0.2, stopped)
    assert not stopped.is_set()

"""``portcheck.processes.own_process``: the CPU limit of a run inside this process calls its
``stop`` once the process has used the limit's CPU time — from a thread of its own, so a
program computing on another thread than the main one (the interpreters' big-stack thread)
is stopped too — and never for time spent waiting; a file written past the file-size
limit fails (and the limit is given back after)."""

from __future__ import annotations

import errno
import resource
import threading
import time
from pathlib import Path

from portcheck.processes.own_process import cpu_limited, file_size_limited


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


def test_a_file_past_the_size_limit_is_not_written(tmp_path: Path) -> None:
    before = resource.getrlimit(resource.RLIMIT_FSIZE)
    with file_size_limited(1024 * 1024), open(tmp_path / "big", "wb", buffering=0) as file:
        file.write(b"x" * 1024 * 1024)
        try:
            file.write(b"x")
        except OSError as error:
            assert error.errno == errno.EFBIG
        else:
            raise AssertionError("a write past the limit succeeded")
    assert resource.getrlimit(resource.RLIMIT_FSIZE) == before
    assert (tmp_path / "big").stat().st_size == 1024 * 1024

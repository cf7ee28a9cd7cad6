"""Doing one job for each of many items on a few threads, in a way an interruption never
waits for.

``concurrent.futures`` joins its threads when it is shut down and again when Python exits,
so Ctrl-C or SIGTERM had to wait for every job in progress (a port's whole time limit, a
long render or compile in Python code).  These are daemon threads: on an interruption the
caller's ``stop`` ends what it can (the runs in flight), waits for the threads a moment,
and the interruption goes on; a thread still busy in Python code ends with the process.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from typing import TypeVar

Item = TypeVar("Item")
Result = TypeVar("Result")
Other = TypeVar("Other")
GRACE = 1.0  # seconds the threads get to finish after an interruption


def map_on_threads(job: Callable[[Item], Result], items: Sequence[Item], threads: int,
                   stop: Callable[[], None]) -> list[Result]:
    """``[job(item) for item in items]`` on up to ``threads`` threads; the first exception
    a job raises is raised here (the other threads take no new item)."""
    results: dict[int, Result] = {}
    errors: list[BaseException] = []
    pending = iter(enumerate(items))
    lock = threading.Lock()

    def work() -> None:
        while not errors:
            with lock:
                index, item = next(pending, (-1, None))
            if index < 0:
                return
            try:
                results[index] = job(item)  # type: ignore[arg-type]
            except BaseException as error:
                errors.append(error)

    workers = [threading.Thread(target=work, daemon=True)
               for _ in range(max(1, min(threads, len(items))))]
    for worker in workers:
        worker.start()
    _wait(workers, stop)
    if errors:
        raise errors[0]
    return [results[index] for index in range(len(items))]


def _wait(workers: list[threading.Thread], stop: Callable[[], None]) -> None:
    try:
        for worker in workers:
            while worker.is_alive():
                worker.join(0.5)  # in slices: a signal's handler runs between them
    except BaseException:
        stop()
        for worker in workers:
            worker.join(GRACE / len(workers))
        raise


def alongside(side: Callable[[], Other], main: Callable[[], Result]) -> tuple[Other, Result]:
    """``(side(), main())`` with ``side`` on a thread of its own while ``main`` runs here
    (verify's golden check, CPU work in this process, beside the ports' runs, which are
    other processes).  An exception of ``side`` is raised once ``main`` is done; one of
    ``main`` (an interruption) is raised at once, without waiting for ``side``."""
    outcome: list[Other] = []
    errors: list[BaseException] = []

    def work() -> None:
        try:
            outcome.append(side())
        except BaseException as error:
            errors.append(error)

    thread = threading.Thread(target=work, daemon=True)
    thread.start()
    result = main()
    while thread.is_alive():
        thread.join(0.5)  # in slices: a signal's handler runs between them
    if errors:
        raise errors[0]
    return outcome[0], result

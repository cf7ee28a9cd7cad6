"""Room for deep programs: the interpreters' recursive work — the front-ends' walks over a
program's tree (Lark tree lowering, the passes, the core's code generator) and the running
program itself — runs on a thread of its own with a big stack and a high recursion limit.

CPython's default (1000 frames on the main thread's 8 MiB stack) is far below what the 1C
platform and KuMir allow: a procedure calling itself 5000 times, or a 1C line of 2000
chained ``+``, must work, and anything deeper must end in the language's own error
(``RecursionError`` becomes "stack overflow" or a compile error), never in a crash.

The limit is ``RECURSION_LIMIT`` frames on a ``STACK_BYTES`` stack.  A Python-to-Python
call takes no C stack in CPython 3.11+, but a call through C (a generator's ``yield
from``, ``map``, ``repr``) does: measured on 3.11, the worst of these takes about 700 bytes
of C stack per frame, so 250,000 frames need about 175 MiB and the 512 MiB stack leaves a
margin of three.  The stack is address space only: pages are touched as the recursion
reaches them.  ``sys.setrecursionlimit`` is process-wide: the limit is raised while at least
one deep call runs and restored when the last one ends (the waiting caller recurses no
further meanwhile).  Where no such thread can be started, the work runs on the caller's
thread with the caller's limits (a deep program then meets those limits sooner, with the
same clean errors).
"""

from __future__ import annotations

import functools
import sys
import threading
from collections.abc import Callable
from typing import Any, TypeVar

STACK_BYTES = 512 * 2**20
RECURSION_LIMIT = 250_000

T = TypeVar("T")

_lock = threading.Lock()
_active = 0  # deep calls running now (they share the raised limit)
_saved_limit = 0
_local = threading.local()  # .deep: this thread is a deep worker


def call_deep(function: Callable[..., T], *args: Any, **kwargs: Any) -> T:
    """``function(*args, **kwargs)`` on a big-stack thread; its result, or its exception
    re-raised here.  A call made on such a thread already runs in place."""
    if getattr(_local, "deep", False):
        return function(*args, **kwargs)
    outcome: dict[str, Any] = {}

    def work() -> None:
        _local.deep = True
        try:
            outcome["value"] = function(*args, **kwargs)
        except BaseException as error:  # handed to the caller, re-raised there
            outcome["error"] = error

    worker = _start(work)
    if worker is None:
        return function(*args, **kwargs)
    try:
        worker.join()
    finally:
        _leave()
    if "error" in outcome:
        error = outcome.pop("error")
        raise error.with_traceback(error.__traceback__)
    return outcome["value"]  # type: ignore[no-any-return]


def on_big_stack(function: Callable[..., T]) -> Callable[..., T]:
    """Decorator: every call of ``function`` goes through ``call_deep``."""

    @functools.wraps(function)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        return call_deep(function, *args, **kwargs)

    return wrapper


def _start(work: Callable[[], None]) -> threading.Thread | None:
    """The started worker (daemon: Ctrl-C ends the process without waiting for it), the
    limit raised first; None when the platform refuses such a thread."""
    global _active, _saved_limit
    with _lock:
        if _active == 0:
            _saved_limit = sys.getrecursionlimit()
            sys.setrecursionlimit(max(_saved_limit, RECURSION_LIMIT))
        _active += 1
        old_size = threading.stack_size()
        try:
            threading.stack_size(STACK_BYTES)
            worker = threading.Thread(target=work, name="portinterp-deep", daemon=True)
            worker.start()
        except (RuntimeError, ValueError, MemoryError):
            worker = None
        finally:
            threading.stack_size(old_size)
    if worker is None:
        _leave()
    return worker


def _leave() -> None:
    global _active
    with _lock:
        _active -= 1
        if _active == 0:
            sys.setrecursionlimit(_saved_limit)

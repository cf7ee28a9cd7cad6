"""Watching a program's output as it is printed, to stop it as soon as it cannot be right.

``portcheck mutate`` knows what a mutant must print; once what it has printed can no longer
become that, the rest of its run cannot change its fate (killed), so the run is stopped
there instead of being waited out.  The caller asks for a watch around its runs
(:func:`watching`); the run of the program itself is marked by :func:`program_run`
(``portcheck.verify.execution``), so that nothing else started meanwhile (a toolchain's version
probe, a compiler) is fed to it.  :func:`run_command` gives each piece of the program's
stdout to the active watch as it is read (``portcheck.runners.pipes``); when the watch says
the output can no longer match, the run is ended as a run over its output limit is, and its
result says ``wrong_output``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Protocol


class OutputWatch(Protocol):
    def begin_run(self) -> None:
        """A run of the program starts: what it prints follows what earlier runs printed."""

    def feed(self, chunk: bytes) -> bool:
        """``chunk`` of stdout was read; False when the output can no longer match."""


_asked: ContextVar[OutputWatch | None] = ContextVar("portcheck_watch_asked", default=None)
_active: ContextVar[OutputWatch | None] = ContextVar("portcheck_watch_active", default=None)


@contextmanager
def watching(watch: OutputWatch | None) -> Iterator[None]:
    """The program's runs within the block are fed to ``watch`` (None: not watched)."""
    token = _asked.set(watch)
    try:
        yield
    finally:
        _asked.reset(token)


@contextmanager
def program_run() -> Iterator[None]:
    """The block runs the program (one run), fed to the watch asked for, if any."""
    watch = _asked.get()
    if watch is not None:
        watch.begin_run()
    token = _active.set(watch)
    try:
        yield
    finally:
        _active.reset(token)


def active() -> OutputWatch | None:
    """The watch of the run being started (None outside a watched program run)."""
    return _active.get()

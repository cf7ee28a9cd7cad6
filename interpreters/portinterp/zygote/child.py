"""A child of the zygote (``portinterp.zygote.server``) becoming one run, as ``python -u -m
portinterp.<language> ARGS`` would start it: the leader of a session of its own, its
standard streams the run's pipes (and no other descriptor), Python's standard streams made
anew as Python makes them at start-up (``-u``, the encoding and errors of the zygote, which
was started with the run's environment), its working folder, exactly the run's environment,
``sys.argv`` and ``sys.path[0]`` as ``-m`` sets them, fresh random seeds, the signal
dispositions of a fresh Python.  Then it runs ``portinterp.command.main`` and exits
with its status, as ``sys.exit`` would, after flushing its output.

What a fork keeps from the zygote and a fresh process would not have: the interpreters
already imported (nothing of a run: the zygote never runs one) and Python's string hash
seed (the zygote's, the same for every run of a session; no output of the interpreters
depends on it).
"""

from __future__ import annotations

import io
import os
import random
import signal
import sys
import traceback
from typing import TextIO

from portinterp.zygote.protocol import Request

FLUSH_FAILED = 120  # Python's exit status when flushing the standard streams at exit fails


def become(request: Request, stdio: list[int], main_file: str) -> int:
    """Set the run up and run it; its exit status."""
    os.setsid()
    signal.set_wakeup_fd(-1)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    signal.signal(signal.SIGINT, signal.default_int_handler)
    _standard_streams(stdio)
    os.chdir(request.cwd)
    os.environ.clear()
    os.environ.update(request.env)
    sys.argv = [main_file, *request.argv]
    sys.path[0] = os.getcwd()
    random.seed()
    return _flushed(_run(request.language, request.argv))


def _standard_streams(stdio: list[int]) -> None:
    """The run's pipes as descriptors 0, 1 and 2, nothing else open, and Python's streams
    over them as Python makes them at start-up with ``-u``."""
    for target, fd in enumerate(stdio):
        os.dup2(fd, target)
    _close_all_but_standard()
    sys.stdin = sys.__stdin__ = _text(0, "r", sys.__stdin__)
    sys.stdout = sys.__stdout__ = _text(1, "w", sys.__stdout__)
    sys.stderr = sys.__stderr__ = _text(2, "w", sys.__stderr__)


def _close_all_but_standard() -> None:
    """Close every descriptor above 2: those listed open (a ``closerange`` up to the limit
    of open files can take a million calls where ``close_range`` is missing)."""
    try:
        names = os.listdir("/proc/self/fd")
    except OSError:
        os.closerange(3, os.sysconf("SC_OPEN_MAX"))
        return
    for fd in sorted(int(name) for name in names if int(name) > 2):
        try:
            os.close(fd)
        except OSError:
            pass  # the listing's own descriptor, closed already


def _text(fd: int, mode: str, like: TextIO | None) -> TextIO:
    """What CPython's start-up makes of ``fd`` (``create_stdio``): unbuffered bytes for an
    output (``-u``), written through; the encoding and errors of the zygote's own stream."""
    binary = open(fd, mode + "b", buffering=-1 if mode == "r" else 0, closefd=False)
    stream = io.TextIOWrapper(binary, encoding=like.encoding if like else "utf-8",
                              errors=like.errors if like else "strict", newline="\n",
                              line_buffering=False, write_through=mode == "w")
    stream.mode = mode  # type: ignore[misc]
    return stream


def _run(language: str, argv: list[str]) -> int:
    from portinterp.command import main

    try:
        return main(language, argv)
    except SystemExit as stop:
        return _exit_code(stop.code)
    except BaseException:  # what Python does with an exception nothing caught
        traceback.print_exc()
        return 1


def _exit_code(code: object) -> int:
    """``sys.exit(code)``'s status: None is 0, a number itself, anything else printed, 1."""
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    print(code, file=sys.stderr)
    return 1


def _flushed(code: int) -> int:
    """Flush the standard streams as Python does at exit (a failure makes it 120)."""
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except Exception:
            code = code or FLUSH_FAILED
    return code

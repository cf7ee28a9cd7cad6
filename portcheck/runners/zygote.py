"""The embedded interpreters' runs within ``portcheck verify`` forked from a zygote.

Every run of a 1C, KuMir or puzzle-book program is otherwise a fresh ``python -m
portinterp.<language>`` process, about 0.19 s of CPU to start (Python, the
interpreters' imports, the digest of their files) for some 50 runs of the matrix.  Within a
:func:`session` (verify opens one and puts it in the run environment it passes to every
runner, ``runners.environment``), the first embedded run starts one zygote
(``portinterp.zygote``: ``python -u -m portinterp.zygote``, contained like any
run) that imports the interpreters once; each run is then a child forked from it, a real
process that becomes the run (``portinterp.zygote.child``): its own session and
process group, the run's pipes as its standard streams, its scratch folder, environment and
command line.  verify contains it as an ordinary run (``containment.adopt``): it feeds its
input, reads its output up to the limit, and at the time limit or the output limit kills its
process group; the zygote reports the child's exit status and reaps it only once verify has
ended the run.

The rule is the Java batch's (``java_batch``): **only a run that exited with 0 within its
limits is taken**; any other (an error, a time-out, too much output, a zygote that died or
refused) is run again the ordinary way, so its message and verdict are exactly the ordinary
ones.  A run whose environment is not the one the zygote was started with (the zygote's
Python start-up depends on it), a platform without ``fork`` or ``SOCK_SEQPACKET``, a zygote
that will not start, or ``PORTCHECK_ZYGOTE=0``: every run the ordinary way.

**The box.** Where runs are boxed (``processes.sandbox``), the zygote itself starts in a
box, and so does every run forked from it: no network, the machine's files read-only, HOME
and the suite hidden; writable only the zygote's own folder, in which each run gets its
scratch folder and the runs share a temporary folder (``TMPDIR``); readable the programs'
folders that the session names (verify: its ports' folders; mutate: its mutants' folder:
a run of a program elsewhere fails in the zygote and is run again the ordinary way, in a
box of its own).  The box has no PID namespace of its own (verify knows the forked runs by
their ids, to contain them); a run forked here starts no process (its file policy has no
``+processes``: many runs share the box), and containment ends whatever a run leaves.
Each run's file functions are confined by the interpreters' file policy
(``PORTINTERP_FILES``, ``runners.embedded``) to its scratch folder, the shared temporary
folder and its program's folder; a run's resident memory is watched as
an ordinary run's is (``processes.limits``).

The zygote does not outlive verify: it exits when its socket closes (verify exited, or was
killed), after killing its children, and on Ctrl-C ``containment.stop_all`` kills it and
them (its children carry its marker).  Without a session in their environment (the pytest
plugin, ``run``, ``fuzz``, ``exec``) runners run every program the ordinary way.
"""

from __future__ import annotations

import os
import select
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
from collections.abc import Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import replace
from pathlib import Path

from portcheck.processes import containment, limits, runwatch, sandbox
from portcheck.runners.base import DRAIN_SECONDS, RunResult, collect, scratch_folder
from portcheck.runners.embedded import DESCRIPTORS, MAX_MESSAGE, READY, ZYGOTE_MODULE, Request

SWITCH_ENV = "PORTCHECK_ZYGOTE"  # "0": no zygote (for comparison and debugging)
START_SECONDS = 120.0  # its imports, and the bytecode they may compile: not a run's time
REPLY_SECONDS = 10.0  # for the child's id: a fork takes milliseconds
END_SECONDS = 5.0  # for the zygote to exit once its socket is closed


class ZygoteFailed(Exception):
    """The zygote did not start."""


class Zygote:
    """A started zygote, for runs with the environment ``env``."""

    def __init__(self, env: Mapping[str, str], readable: Sequence[Path] = ()) -> None:
        self.env = dict(env)
        self.broken = False
        self._sending = threading.Lock()
        self._folder = Path(tempfile.mkdtemp(prefix="portcheck-zygote-"))
        self._temp = self._folder / "tmp"  # the runs' TMPDIR (their scratch folders beside)
        self._temp.mkdir()
        self.boxed = False
        self.control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            argv = [sys.executable, "-u", "-m", ZYGOTE_MODULE, str(theirs.fileno())]
            box = sandbox.box_for(argv, cwd=self._folder, env=self.env, readable=readable)
            if box is not None:
                argv = replace(box, own_pids=False).command(argv, bwrap=sandbox.bwrap_path())
                self.boxed = True
            self.process, self.family = containment.start(
                argv, cwd=self._folder, env=self._env(), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                pass_fds=(theirs.fileno(),))
        except BaseException as error:
            self.control.close()
            shutil.rmtree(self._folder, ignore_errors=True)
            if isinstance(error, OSError):
                raise ZygoteFailed(str(error)) from None
            raise
        finally:
            theirs.close()
        if _receive(self.control, time.monotonic() + START_SECONDS) != READY:
            self.close()
            raise ZygoteFailed("it did not start")

    def run(self, language: str, argv: list[str], *, stdin: str, timeout: float,
            max_output: int) -> RunResult | None:
        """The run of ``argv`` forked from the zygote; None when the zygote could not fork
        it (it died, refused, or is wedged)."""
        with scratch_folder(self._folder) as cwd:
            started, deadline = time.perf_counter(), time.monotonic() + timeout
            marker = containment.new_marker()
            env = {**self._env(), containment.MARKER_ENV: marker}
            child = self._fork(Request(language, argv, str(cwd), env))
            if child is None:
                return None
            cpu = limits.cpu_seconds(timeout)
            watch = runwatch.RunWatch(child.pid, folders=[cwd], cpu=cpu) \
                if limits.limited() else None
            stopped_by = None
            try:
                family = containment.adopt(child.pid, marker)
                result = collect(child, family, stdin, max_output, started, deadline)
            finally:
                try:  # the watch first: the child is unreaped, its CPU time readable
                    stopped_by = watch.stop() if watch is not None else None
                finally:
                    child.release()
            if stopped_by == runwatch.MEMORY:
                result.memory_limited = True
            elif stopped_by is not None:
                result.limited = limits.verdict(stopped_by, cpu)
            return result

    def _env(self) -> dict[str, str]:
        """The zygote's and its runs' environment: the runs', with their temporary folder."""
        return {**self.env, "TMPDIR": str(self._temp)}

    def _fork(self, request: Request) -> ForkedChild | None:
        stdin_read, stdin_write = os.pipe()
        stdout_read, stdout_write = os.pipe()
        stderr_read, stderr_write = os.pipe()
        channel, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        given = [stdin_read, stdout_write, stderr_write, theirs.fileno()]
        assert len(given) == DESCRIPTORS
        try:
            with self._sending:
                socket.send_fds(self.control, [request.encode()], given)
            reply = _receive(channel, time.monotonic() + REPLY_SECONDS)
        except OSError:
            reply = None
        finally:
            for fd in given[:3]:
                os.close(fd)
            theirs.close()
        if not reply or not reply.startswith(b"pid "):
            self.broken = reply is None or reply == b""
            for fd in (stdin_write, stdout_read, stderr_read):
                os.close(fd)
            channel.close()
            return None
        return ForkedChild(int(reply[4:]), channel, stdin_write, stdout_read, stderr_read)

    def close(self) -> None:
        """Close its socket (it kills its children and exits), then end it as a run."""
        self.broken = True
        self.control.close()
        containment.await_exit(self.process.pid, time.monotonic() + END_SECONDS)
        containment.end(self.family)
        self.process.wait()
        shutil.rmtree(self._folder, ignore_errors=True)


class ForkedChild:
    """A run forked by the zygote, as ``base.collect`` sees it; its end comes on its
    channel."""

    def __init__(self, pid: int, channel: socket.socket, stdin: int, stdout: int,
                 stderr: int) -> None:
        self.pid = pid
        self.channel = channel
        self.stdin = open(stdin, "wb", buffering=0)
        self.stdout = open(stdout, "rb", buffering=0)
        self.stderr = open(stderr, "rb", buffering=0)
        self.status: int | None = None
        self.gone = False  # the zygote died: no status will come

    def exited(self, deadline: float) -> bool:
        if self.status is None and not self.gone:
            reply = _receive(self.channel, deadline)
            if reply is not None and reply.startswith(b"exit "):
                self.status = int(reply[5:])
            elif reply is not None:
                self.gone = True
        return self.status is not None or self.gone

    def wait(self) -> int | None:
        """Its exit status: once verify has ended the run, the zygote says it at once."""
        self.exited(time.monotonic() + DRAIN_SECONDS)
        return self.status

    def release(self) -> None:
        """verify has ended the run: the zygote may reap the child."""
        for stream in (self.stdin, self.stdout, self.stderr):
            stream.close()
        self.channel.close()


def _receive(sock: socket.socket, deadline: float) -> bytes | None:
    """The next message; b"" when the other end has closed; None when ``deadline`` passes
    first."""
    remaining = deadline - time.monotonic()
    if remaining <= 0 or not select.select([sock], [], [], remaining)[0]:
        return None
    try:
        return sock.recv(MAX_MESSAGE)
    except OSError:
        return b""


def clean(result: RunResult) -> bool:
    """A run the zygote's result may stand for: exit 0, within its limits."""
    return result.returncode == 0 and not result.timed_out and result.output_limited is None


def available() -> bool:
    """Whether this platform can have a zygote, and it is not switched off."""
    return (os.environ.get(SWITCH_ENV, "1") != "0" and hasattr(os, "fork")
            and hasattr(os, "waitid") and hasattr(socket, "SOCK_SEQPACKET")
            and hasattr(socket, "send_fds"))


class ZygoteSession:
    """A verify's zygote, started by its first embedded run (the others wait for it).  Only a
    clean run's result is taken (verify: any other is run again the ordinary way, for the
    ordinary message); with ``takes_failures`` every run that ended is (mutate: whatever
    ends a mutant's run is its fate)."""

    def __init__(self, takes_failures: bool = False, readable: Sequence[Path] = ()) -> None:
        self._lock = threading.Lock()
        self._tried = False
        self.zygote: Zygote | None = None
        self.takes_failures = takes_failures
        self.readable = tuple(readable)  # the programs' folders, for its box

    def zygote_for(self, env: Mapping[str, str]) -> Zygote | None:
        with self._lock:
            if not self._tried:
                self._tried = True
                self.zygote = _started(env, self.readable)
        zygote = self.zygote
        if zygote is None or zygote.broken or zygote.env != env:
            return None
        return zygote

    def take(self, language: str, argv: list[str], *, stdin: str, timeout: float,
             max_output: int, env: Mapping[str, str]) -> RunResult | None:
        """The zygote's run of ``python -m portinterp.<language> *argv`` with exactly
        ``env``, when it is one this session takes; None otherwise: run it the ordinary
        way."""
        zygote = self.zygote_for(env)
        if zygote is None:
            return None
        result = zygote.run(language, argv, stdin=stdin, timeout=timeout,
                            max_output=max_output)
        if result is None or not (clean(result) or (self.takes_failures and ended(result))):
            return None
        # boxed when the zygote it forked from started in the box (without a PID namespace
        # of its own: verify contains each forked run by its process id)
        sandbox.count_run(zygote.boxed, "forked from the embedded interpreters' zygote, "
                                        "which is not boxed here")
        return result

    def close(self) -> None:
        with self._lock:
            self._tried = True
            if self.zygote is not None:
                self.zygote.close()


def _started(env: Mapping[str, str], readable: Sequence[Path] = ()) -> Zygote | None:
    try:
        return Zygote(env, readable)
    except ZygoteFailed:
        return None


def ended(result: RunResult) -> bool:
    """A run that ended as a run does (an exit status, a limit, a wrong output), not one
    whose zygote died before it could say how its child ended."""
    return (result.returncode is not None or result.timed_out
            or result.output_limited is not None or bool(result.wrong_output))


@contextmanager
def session(takes_failures: bool = False,
            readable: Sequence[Path] = ()) -> Iterator[ZygoteSession | None]:
    """A zygote session for the embedded interpreters' runs within the block (None where
    this platform cannot have one, or it is switched off); its zygote ends with the block.
    ``readable``: the folders of the programs it will run (its box's)."""
    if not available():
        yield None
        return
    current = ZygoteSession(takes_failures, readable)
    try:
        yield current
    finally:
        current.close()

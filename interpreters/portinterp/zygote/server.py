"""The zygote: one process per session of a harness (portcheck's ``verify`` opens one) that
has imported the interpreters once and forks a child per run of a 1C, KuMir or puzzle-book
program, instead of a fresh ``python -m portinterp.<language>`` process paying Python's
start-up and the interpreters' imports every time (``portcheck.runners.zygote`` is
portcheck's side; ``protocol`` holds what both sides say).

    python -u -m portinterp.zygote FD

``FD`` is one end of a ``SOCK_SEQPACKET`` socket pair.  The zygote imports every
interpreter, computes the interpreters' digest (the compiled-program cache's key), freezes
what it has made (``gc.freeze``: the children neither copy nor scan it), says ``ready``,
then serves requests: a message that is a :class:`Request`, carrying four descriptors (the
run's stdin, stdout, stderr and a socket of the run's own, its *channel*).  For each, it
forks a child that becomes the run (``portinterp.zygote.child``) and says on the
channel ``pid N``, then ``exit S`` when the child has ended (``S`` as ``subprocess`` gives
it: -N when signal N killed it).  It reaps the child only when the harness closes the
channel, after the harness has ended the run's process group, so the child's id is never
reused while the harness may still kill it.  On the channel's close it kills what is left
of the run.

It never runs a program itself: every run starts from the same freshly imported state.
When the harness's end of ``FD`` closes (it exited, or was killed), it kills every child
and exits.
"""

from __future__ import annotations

import gc
import importlib
import os
import selectors
import signal
import socket

from portinterp.zygote.protocol import DESCRIPTORS, MAX_MESSAGE, READY, Request

RUN_IMPORTS = ("locale", "encodings.utf_8_sig")  # what every run imports as it starts
_CONTROL, _WAKE = "control", "wake"


def main(argv: list[str]) -> int:
    control = socket.socket(fileno=int(argv[0]))
    mains = preload()
    control.send(READY)
    Server(control, mains).serve()
    return 0


def preload() -> dict[str, str]:
    """Import every embedded interpreter as its run would, and what a run computes the
    same way every time; the file of each language's ``__main__`` (a run's ``sys.argv[0]``)."""
    from portinterp import program_cache
    from portinterp.frontends import front_end
    from portinterp.languages import LANGUAGES

    mains = {}
    for name, spec in LANGUAGES.items():
        mains[name] = str(importlib.import_module(spec.package + ".__main__").__file__)
        front_end(name)
    program_cache.interpreter_digest()
    for module in RUN_IMPORTS:
        importlib.import_module(module)
    gc.collect()
    gc.freeze()
    return mains


class Server:
    """The zygote's loop: requests on the control socket, children's ends (SIGCHLD through
    a wake-up pipe), channels that verify closes."""

    def __init__(self, control: socket.socket, mains: dict[str, str]) -> None:
        self.control = control
        self.mains = mains
        self.channels: dict[int, socket.socket] = {}  # by child: until verify closes it
        self.unreported: set[int] = set()  # children whose end is not yet said
        self.unreaped: set[int] = set()  # released children not yet reaped
        self.wake, wake_write = os.pipe()
        for end in (self.wake, wake_write):
            os.set_blocking(end, False)
        signal.signal(signal.SIGCHLD, _noted)
        signal.set_wakeup_fd(wake_write, warn_on_full_buffer=False)
        self.selector = selectors.DefaultSelector()
        self.selector.register(control, selectors.EVENT_READ, _CONTROL)
        self.selector.register(self.wake, selectors.EVENT_READ, _WAKE)

    def serve(self) -> None:
        while True:
            for key, _ in self.selector.select():
                if key.data == _CONTROL and not self.accept():
                    self.shutdown()
                    return
                if key.data == _WAKE:
                    _drain(self.wake)
                    self.ended()
                elif isinstance(key.data, int):
                    self.release(key.data)

    def accept(self) -> bool:
        """Start the requested run; False when verify has gone."""
        try:
            message, fds, flags, _ = socket.recv_fds(self.control, MAX_MESSAGE, DESCRIPTORS)
        except OSError:
            return False
        if not message and not fds:
            return False
        if len(fds) != DESCRIPTORS or flags & (socket.MSG_TRUNC | socket.MSG_CTRUNC):
            _close(fds)
            return True
        *stdio, channel_fd = fds
        channel = socket.socket(fileno=channel_fd)
        try:
            self.fork(Request.decode(message), stdio, channel)
        except (ValueError, TypeError, KeyError, OSError) as error:
            _say(channel, f"refused {type(error).__name__}: {error}")
            channel.close()
        finally:
            _close(stdio)
        return True

    def fork(self, request: Request, stdio: list[int], channel: socket.socket) -> None:
        main_file = self.mains[request.language]
        pid = os.fork()
        if pid == 0:
            self.become(request, stdio, main_file)
        self.channels[pid] = channel
        self.unreported.add(pid)
        self.selector.register(channel, selectors.EVENT_READ, pid)
        _say(channel, f"pid {pid}")

    def become(self, request: Request, stdio: list[int], main_file: str) -> None:
        """In the child: leave the zygote's things behind and run; never returns."""
        code = 1
        try:
            self.selector.close()
            for held in (self.control, *self.channels.values()):
                held.close()
            from portinterp.zygote import child

            code = child.become(request, stdio, main_file)
        finally:
            os._exit(code)

    def ended(self) -> None:
        """Say the end of every child that has ended (not reaping it); reap the released."""
        for pid in list(self.unreported):
            status = _ended(pid)
            if status is not None:
                self.unreported.discard(pid)
                _say(self.channels[pid], f"exit {status}")
        self.unreaped = {pid for pid in self.unreaped if not _reaped(pid)}

    def release(self, pid: int) -> None:
        """Verify is done with the run: kill what is left of it and reap the child."""
        channel = self.channels.pop(pid)
        self.selector.unregister(channel)
        channel.close()
        self.unreported.discard(pid)
        _kill(pid)
        if not _reaped(pid):
            self.unreaped.add(pid)

    def shutdown(self) -> None:
        """Verify has gone: kill every child and wait for them."""
        for pid in list(self.channels):
            _kill(pid)
        for pid in (*self.channels, *self.unreaped):
            try:
                os.waitpid(pid, 0)
            except ChildProcessError:
                pass


def _noted(signum: int, frame: object) -> None:
    """SIGCHLD's handler: the wake-up pipe does the work."""


def _drain(fd: int) -> None:
    try:
        while os.read(fd, 512):
            pass
    except BlockingIOError:
        pass


def _close(fds: list[int]) -> None:
    for fd in fds:
        os.close(fd)


def _say(channel: socket.socket, text: str) -> None:
    try:
        channel.send(text.encode("ascii"))
    except OSError:
        pass  # verify has closed it: the release follows


def _ended(pid: int) -> int | None:
    """The child's exit status once it has ended (as ``subprocess`` gives it), else None;
    it stays unreaped."""
    try:
        info = os.waitid(os.P_PID, pid, os.WEXITED | os.WNOHANG | os.WNOWAIT)
    except ChildProcessError:
        return -signal.SIGKILL
    if info is None or info.si_pid == 0:
        return None
    return info.si_status if info.si_code == os.CLD_EXITED else -info.si_status


def _reaped(pid: int) -> bool:
    try:
        return os.waitpid(pid, os.WNOHANG)[0] != 0
    except ChildProcessError:
        return True


def _kill(pid: int) -> None:
    """SIGKILL to the child's group (it leads its own) and to the child itself (in case it
    had not yet left the zygote's group)."""
    for kill, target in ((os.killpg, pid), (os.kill, pid)):
        try:
            kill(target, signal.SIGKILL)
        except (ProcessLookupError, PermissionError):
            pass



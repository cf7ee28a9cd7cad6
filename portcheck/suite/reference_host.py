"""The reference runs in a process of its own, contained and bounded like a port's run,
never in portcheck's.

The reference is the suite's code: a mistake in it (an endless ``output()``, a stray
``print``, an ``os._exit(0)``, a ``KeyboardInterrupt``, a helper process left running) must
not hang portcheck, print into its report, end it with a passing status or outlive it.  So
portcheck never imports ``reference/``: on the first need of a project's algorithms it
starts ``python -m portcheck.suite.reference_child`` (``reference_child``) as a contained
run (``processes.containment``: its own session and marker, killed with all it started at
the end), which imports the modules, checks them and says what they declare, as plain
data; each call of ``output``, ``stdin_script`` or ``check_inputs`` is then one request and
one answer, JSON lines on two pipes of their own.

- **Time**: the start (importing the suite) and each call have the command's time limit
  (``--timeout``, default 20 s); past it the process is ended and the call is a usage
  error naming the file and the case.  The next call starts a new process.
- **Memory and files**: the process limits itself (``RLIMIT_AS`` 2 GiB, ``RLIMIT_FSIZE``
  16 MiB); a ``MemoryError`` is the reference's failure, one line.
- **Output**: what the reference prints goes to ``/dev/null``; an answer longer than the
  command's output limit (``--max-output``, default 16 MiB) is refused.
- **Processes**: what a call started is killed when the call ends; what escaped its session
  when portcheck ends; the process ends with portcheck (``PR_SET_PDEATHSIG``).
- **Files and network**: where runs are boxed (``processes.sandbox``: ``--sandbox``), the
  process starts in a box of its own: no network, its own PID namespace (what it starts
  ends with the box), the machine's files read-only, HOME hidden, the suite's folder
  read-only, and writable only a scratch folder of its own and a private ``/tmp``: the
  reference writes nothing anywhere (portcheck writes the goldens from its answers).
- **Ending early**: an exit (``os._exit``, ``sys.exit``), a signal or an exception of any
  kind is a usage error saying so: a command that checked nothing never passes.
"""

from __future__ import annotations

import atexit
import json
import os
import select
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.processes import containment, sandbox
from portcheck.processes.proctable import descendants, processes
from portcheck.suite.algorithms import Algorithm, ReferenceFailed, from_declaration

CHILD = "portcheck.suite.reference_child"
IMPORTED = "imported"  # reference_child.IMPORTED (that module is the child's own: not imported)
DEFAULT_TIMEOUT = 20.0
DEFAULT_MAX_OUTPUT = 16 * 1024 * 1024


@dataclass
class Limits:
    timeout: float = DEFAULT_TIMEOUT  # seconds for the start, and for each call
    max_output: int = DEFAULT_MAX_OUTPUT  # characters of one answer


LIMITS = Limits()


def configure(timeout: float | None = None, max_output: int | None = None) -> None:
    """The command's limits (``--timeout``, ``--max-output``) for the reference too."""
    if timeout is not None:
        LIMITS.timeout = timeout
    if max_output is not None:
        LIMITS.max_output = max_output


class ReferenceHost:
    """The reference's process of one project: started on first need, again after a call
    that ended it, and ended with portcheck."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self._lock = threading.RLock()
        self._process: subprocess.Popen[bytes] | None = None
        self._family: containment.Family | None = None
        self._requests: Any = None
        self._replies = -1
        self._buffer = b""
        self._scratch: str | None = None
        self._numbers = 0
        self._declared: list[dict[str, Any]] | None = None
        self._boxed = False
        self._inner: set[int] | None = None  # boxed: bubblewrap's init and the reference

    def declarations(self) -> list[dict[str, Any]]:
        with self._lock:
            if self._declared is None:
                self._declared = self._start()
            return self._declared

    def call(self, function: str, algorithm: str, params: dict[str, Any]) -> dict[str, Any]:
        """One call, answered within the time limit (:class:`ReferenceFailed` otherwise)."""
        with self._lock:
            if self._process is not None and self._process.poll() is not None:
                self.close()  # it ended while idle, after answering in full: start it again
            if self._process is None:
                self._start()
            self._numbers += 1
            request = {"id": self._numbers, "function": function, "algorithm": algorithm,
                       "params": params}
            try:
                self._requests.write(json.dumps(request).encode("ascii") + b"\n")
                self._requests.flush()
            except OSError:
                raise ReferenceFailed(self._ended("before it was asked")) from None
            answer = self._receive(time.monotonic() + LIMITS.timeout, "answered")
            if answer.get("id") != self._numbers:
                self.close()
                raise ReferenceFailed("its process answered out of turn (it wrote to "
                                      "portcheck's pipe itself?)")
            self._sweep()
            return answer

    def _start(self) -> list[dict[str, Any]]:
        requests_r, requests_w = os.pipe()
        replies_r, replies_w = os.pipe()
        self._scratch = tempfile.mkdtemp(prefix="portcheck-reference-")
        argv = [sys.executable, "-m", CHILD, str(self.root), str(requests_r), str(replies_w),
                str(LIMITS.max_output)]
        argv = self._boxed_command(argv, Path(self._scratch))
        try:
            self._process, self._family = containment.start(
                argv, cwd=Path(self._scratch), env=_environment(), stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                pass_fds=(requests_r, replies_w))
        finally:
            os.close(requests_r)
            os.close(replies_w)
        self._requests = os.fdopen(requests_w, "wb")
        self._replies, self._buffer = replies_r, b""
        _keep_few_running(self)
        deadline = time.monotonic() + LIMITS.timeout
        loading = self.root / "reference"
        while True:
            try:
                message = self._receive(deadline, "said what it declares")
            except ReferenceFailed as failed:
                raise UsageError(f"{loading}: loading the reference: {failed}") from None
            if "loading" in message:
                loading = Path(message["loading"])
            elif "usage_error" in message:
                self.close()
                raise UsageError(str(message["usage_error"]))
            else:
                if self._boxed and self._process is not None:
                    self._inner = _chain(self._process.pid, _children())
                return list(message.get("ready", []))

    def _boxed_command(self, argv: list[str], scratch: Path) -> list[str]:
        """``argv`` in the reference's box (where runs are boxed): the suite read-only, the
        scratch folder writable, nothing else of HOME or the network."""
        self._boxed = sandbox.boxing()
        if not self._boxed:
            return argv
        root, source = self.root.resolve(), _source_folder()
        hidden = [h for h in sandbox.hidden_folders()  # the suite and portcheck: read-only
                  if not any(h.resolve() == f or f in h.resolve().parents
                             for f in (root, source))]
        box = sandbox.Box(writable=(scratch,),
                          readable=(root, source, *sandbox.runtime_paths(_environment())),
                          hidden=tuple(hidden))
        return box.command(argv, cwd=scratch, bwrap=sandbox.bwrap_path())

    def _receive(self, deadline: float, doing: str) -> dict[str, Any]:
        """The next message, by ``deadline``; the process is ended if none comes."""
        limit = 6 * LIMITS.max_output + 65536  # ASCII-escaped JSON of that many characters
        while b"\n" not in self._buffer:
            left = deadline - time.monotonic()
            if self._family is not None and self._family.stopped.is_set():
                raise containment.Interrupted()
            if left <= 0:
                self.close()
                raise ReferenceFailed(f"it did not finish within {LIMITS.timeout:g} s (the "
                                      "reference's time limit; see --timeout)")
            ready, _, _ = select.select([self._replies], [], [], min(left, 0.5))
            if not ready:
                continue
            chunk = os.read(self._replies, 1 << 20)
            if not chunk:
                raise ReferenceFailed(self._ended(f"before it {doing}"))
            self._buffer += chunk
            if len(self._buffer) > limit:
                self.close()
                raise ReferenceFailed("its answer was longer than the output limit (see "
                                      "--max-output)")
        line, _, self._buffer = self._buffer.partition(b"\n")
        try:
            message = json.loads(line)
        except ValueError:
            self.close()
            raise ReferenceFailed("its process sent something that is no answer") from None
        if not isinstance(message, dict):
            self.close()
            raise ReferenceFailed("its process sent something that is no answer")
        return message

    def _ended(self, when: str) -> str:
        """How the process ended, now that it has: ``its process ended (exit status 0)``."""
        process = self._process
        status = None
        if process is not None:
            try:
                status = process.wait(timeout=1.0)
            except subprocess.TimeoutExpired:
                status = None
        self.close()
        if self._boxed and status is not None and 128 < status <= 128 + 64:
            status = 128 - status  # bubblewrap's 128+N: killed by signal N
        if status is not None and status < 0:
            name = signal.Signals(-status).name if -status in signal.valid_signals() \
                else str(-status)
            return f"its process was killed by {name} {when}"
        shown = "" if status is None else f" (exit status {status})"
        return f"its process ended{shown} {when}: the reference must return, not exit"

    def _sweep(self) -> None:
        """Kill what the call started (the process's children), if it started anything."""
        if self._process is None or self._family is None:
            return
        pid = self._process.pid
        if self._boxed:
            self._sweep_box(pid)
            return
        try:
            children = Path(f"/proc/{pid}/task/{pid}/children").read_text().split()
        except OSError:
            children = []
        if children:
            containment.kill_members(self._family, processes())

    def _sweep_box(self, bwrap: int) -> None:
        """In the box (bubblewrap, its init, the reference), kill all but those three: what
        the call started, and what it left to the box's init."""
        children = _children()
        if self._inner is None:
            self._inner = _chain(bwrap, children)
        keep = {bwrap, *children.get(bwrap, []), *self._inner}
        for pid in descendants({bwrap}, children) - keep:
            try:
                os.kill(pid, signal.SIGKILL)
            except OSError:
                pass

    def close(self) -> None:
        """End the process and all it started."""
        with self._lock:
            if self._family is not None:
                containment.end(self._family)
            if self._process is not None:
                try:
                    self._process.wait(timeout=5)
                except subprocess.TimeoutExpired:
                    pass
            if self._requests is not None:
                try:
                    self._requests.close()
                except OSError:
                    pass
            if self._replies >= 0:
                os.close(self._replies)
            if self._scratch is not None:
                shutil.rmtree(self._scratch, ignore_errors=True)
            self._process, self._family, self._requests = None, None, None
            self._inner = None
            self._replies, self._buffer, self._scratch = -1, b"", None


def _children() -> dict[int, list[int]]:
    children: dict[int, list[int]] = {}
    for proc in processes():
        children.setdefault(proc.ppid, []).append(proc.pid)
    return children


def _chain(pid: int, children: dict[int, list[int]], depth: int = 2) -> set[int]:
    """The ``depth`` processes below ``pid``, each the first child of the one above
    (bubblewrap's init, then the reference: the only ones when the box has just started)."""
    found: set[int] = set()
    for _ in range(depth):
        below = sorted(children.get(pid, []))
        if not below:
            break
        pid = below[0]
        found.add(pid)
    return found


MAX_RUNNING = 4  # reference processes kept running (a test session loads many projects)
_RUNNING: list[ReferenceHost] = []
_RUNNING_LOCK = threading.Lock()


def _keep_few_running(started: ReferenceHost) -> None:
    """Note ``started``; end the process of the host used least recently beyond
    MAX_RUNNING (it starts again if it is asked again).  A host busy in another thread is
    left alone."""
    with _RUNNING_LOCK:
        if started in _RUNNING:
            _RUNNING.remove(started)
        _RUNNING.append(started)
        idle = [host for host in _RUNNING[:-MAX_RUNNING]]
    for host in idle:
        if host._lock.acquire(blocking=False):
            try:
                host.close()
            finally:
                host._lock.release()
            with _RUNNING_LOCK:
                if host in _RUNNING:
                    _RUNNING.remove(host)


def _source_folder() -> Path:
    """The folder holding the ``portcheck`` package."""
    return Path(__file__).resolve().parents[2]


def _environment() -> dict[str, str]:
    """portcheck's environment, with portcheck importable from any working folder."""
    here = str(_source_folder())
    path = os.environ.get("PYTHONPATH")
    return {**os.environ, "PYTHONPATH": here + (os.pathsep + path if path else ""),
            "PYTHONDONTWRITEBYTECODE": "1"}


_HOSTS: dict[Path, ReferenceHost] = {}
_ALGORITHMS: dict[Path, dict[str, Algorithm]] = {}
_HOSTS_LOCK = threading.Lock()


def algorithms_of(root: Path) -> dict[str, Algorithm]:
    """Every algorithm of the project at ``root``, by name (declared once per process)."""
    root = root.resolve()
    with _HOSTS_LOCK:
        if root not in _ALGORITHMS:
            host = _HOSTS.setdefault(root, ReferenceHost(root))
            found: dict[str, Algorithm] = {}
            for data in host.declarations():
                found[data["name"]] = from_declaration(data, host)
            _ALGORITHMS[root] = dict(sorted(found.items()))
        return _ALGORITHMS[root]


def imported_files(root: Path) -> list[str]:
    """The files of every module the reference's process of the project at ``root`` has
    imported so far (``reference_child.imported_files``); ``ReferenceFailed`` when it
    cannot say."""
    root = root.resolve()
    with _HOSTS_LOCK:
        host = _HOSTS.setdefault(root, ReferenceHost(root))
    answer = host.call(IMPORTED, "", {})
    files = answer.get("value")
    if not isinstance(files, list) or not all(isinstance(file, str) for file in files):
        raise ReferenceFailed(f"its process did not say what it imported: {answer!r:.200}")
    return files


def forget(root: Path) -> None:
    """Declare the project's algorithms again when next asked (``portcheck new`` has
    written a module into its ``reference/``): its reference process is ended."""
    root = root.resolve()
    with _HOSTS_LOCK:
        _ALGORITHMS.pop(root, None)
        host = _HOSTS.pop(root, None)
    if host is not None:
        host.close()


@atexit.register
def close_all() -> None:
    for host in list(_HOSTS.values()):
        host.close()

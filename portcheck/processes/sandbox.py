"""The box an untrusted program runs in: bubblewrap (``bwrap``, Debian's ``bubblewrap``).

A :class:`Box` turns a command into a bubblewrap command that runs it

- with no network and private PID, IPC, UTS and cgroup namespaces (``--unshare-all``): it
  sees only its own processes, and when the program portcheck started ends, the PID
  namespace ends and the kernel kills everything still in it (``setsid``, daemons, a
  subreaper of its own: nothing survives the box);
- dying with portcheck (``--die-with-parent``), in a session of its own (``--new-session``:
  no ``TIOCSTI`` into portcheck's terminal), with every capability dropped;
- on the machine's file system read-only (``--ro-bind / /``: the toolchains are there), a
  private ``/tmp`` (``tmpfs``), a minimal ``/dev`` and its own ``/proc``;
- with ``HOME``, ``/home``, ``/run`` (sockets: a read-only mount does not stop a
  ``connect``), the suite's folder and the build cache hidden under empty ``tmpfs``;
- and, bound back into that, only what the run needs: its working folder (writable, or the
  folders the caller names), the program (what its runner names ``readable``: never what
  its command line happens to name — a port's arguments could name ``~/.ssh``), the
  Python it runs on and the toolchains PATH names.

Whether bubblewrap works here is asked once per process (:func:`probe`): it may be installed
and still fail where unprivileged user namespaces are disallowed.  The mode (``--sandbox``,
``PORTCHECK_SANDBOX``: ``auto``, ``on``, ``off``) and what is hidden are portcheck's
command's, set once (:func:`configure`); :func:`box_for` gives the box of one run, or None
when runs are not boxed.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import threading
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from portcheck.errors import UsageError

MODES = ("auto", "on", "off")
ENV = "PORTCHECK_SANDBOX"  # the mode where no option sets it (the pytest plugin)
PACKAGE = "bubblewrap"
PROGRAM = "bwrap"
PROBE_TIMEOUT = 10.0
ALWAYS_HIDDEN = ("/home", "/run")
# Toolchains a user installs in HOME (rustup's proxies in ~/.cargo/bin exec ~/.rustup/…):
# read-only in the box when they exist.
TOOLCHAIN_HOMES = (".rustup", ".cargo")
# Variables naming what a run reads (``:`` lists): Python's path and bytecode folder, the
# embedded interpreters' compiled programs and the key that seals them.
PATH_VARIABLES = ("PATH", "PYTHONPATH", "PYTHONPYCACHEPREFIX", "PORTINTERP_CACHE",
                  "PORTINTERP_CACHE_KEY")


@dataclass(frozen=True)
class Box:
    """What one run may touch: ``writable`` folders, ``readable`` paths (both bound at their
    own place), ``hidden`` folders (empty inside), and the network (never for a port)."""

    writable: tuple[Path, ...] = ()
    readable: tuple[Path, ...] = ()
    hidden: tuple[Path, ...] = ()
    network: bool = False
    # a PID namespace of its own; False for a box whose processes portcheck must know by
    # their ids (the embedded interpreters' zygote: verify contains each run it forks)
    own_pids: bool = True
    # bytes each tmpfs (/tmp, the hidden folders) may hold: a program's run's disk limit
    # (None: as the kernel sizes a tmpfs, half the memory; bubblewrap before 0.5 cannot)
    tmpfs_size: int | None = None

    def command(self, argv: Sequence[str], *, cwd: Path | None = None,
                bwrap: str = PROGRAM) -> list[str]:
        """``argv`` run in the box (in ``cwd``, as seen inside: bound at its own place)."""
        if self.own_pids:
            words = [bwrap, "--unshare-all", *(["--share-net"] if self.network else [])]
        else:
            words = [bwrap, "--unshare-user-try", "--unshare-ipc", "--unshare-uts",
                     "--unshare-cgroup-try", *([] if self.network else ["--unshare-net"])]
        words += ["--die-with-parent", "--new-session", "--cap-drop", "ALL"]
        size = ["--size", str(self.tmpfs_size)] if self.tmpfs_size is not None else []
        words += ["--ro-bind", "/", "/", "--dev", "/dev", "--proc", "/proc",
                  *size, "--tmpfs", "/tmp"]
        covered = [Path("/tmp")]
        for folder in _outermost(Path(os.path.abspath(f)) for f in self.hidden):
            if folder.is_dir() and not _within(folder, covered):
                words += [*size, "--tmpfs", str(folder)]
                covered.append(folder)
        for path, writable in _binds(self.writable, self.readable):
            if not writable and any(path == f or path in f.parents for f in covered):
                continue  # a hidden folder (or one holding it) is never bound back whole
            if _within(path, covered) or writable:
                source = str(path.resolve())
                words += ["--bind" if writable else "--ro-bind-try", source, str(path)]
        if cwd is not None:
            words += ["--chdir", str(Path(os.path.abspath(cwd)))]
        return [*words, "--", *argv]


def _binds(writable: Iterable[Path], readable: Iterable[Path]) -> list[tuple[Path, bool]]:
    """Every bind, outer paths first (a folder before what is bound inside it); a path both
    readable and writable is writable."""
    chosen: dict[Path, bool] = {}
    for path in readable:
        chosen.setdefault(Path(os.path.abspath(path)), False)
    for path in writable:
        chosen[Path(os.path.abspath(path))] = True
    return sorted(chosen.items(), key=lambda item: (len(item[0].parts), str(item[0])))


def _outermost(folders: Iterable[Path]) -> list[Path]:
    kept: list[Path] = []
    for folder in sorted(set(folders), key=lambda f: len(f.parts)):
        if not _within(folder, kept):
            kept.append(folder)
    return kept


def _within(path: Path, folders: Iterable[Path]) -> bool:
    return any(path == folder or folder in path.parents for folder in folders)


# -- whether it works here ------------------------------------------------------------------

_probe_lock = threading.Lock()
_probed: dict[str, str | None] = {}


def probe() -> str | None:
    """None when bubblewrap works here; else why not (one line).  Asked once per process."""
    with _probe_lock:
        if "answer" not in _probed:
            _probed["path"] = shutil.which(PROGRAM)
            _probed["answer"] = _ask()
        return _probed["answer"]


def sizes_tmpfs() -> bool:
    """Whether this bubblewrap can size a tmpfs (``--size``: bubblewrap 0.5 and later)."""
    probe()
    with _probe_lock:
        if "size" not in _probed:
            _probed["size"] = _says_size(_probed.get("path"))
        return _probed["size"] is not None


def _says_size(program: str | None) -> str | None:
    if program is None:
        return None
    try:
        done = subprocess.run([program, "--help"], capture_output=True, timeout=PROBE_TIMEOUT,
                              check=False, stdin=subprocess.DEVNULL)
    except (OSError, subprocess.TimeoutExpired):
        return None
    return "yes" if b"--size" in done.stdout + done.stderr else None


def bwrap_path() -> str:
    """bubblewrap as the probe found it: a process that starts later (the zygote, the
    reference) finds it even where PATH has changed since (toolchains hidden)."""
    probe()
    return _probed.get("path") or PROGRAM


def _ask() -> str | None:
    found = shutil.which(PROGRAM)
    if found is None:
        return f"{PROGRAM} not found: install package {PACKAGE}"
    # `true` by its real path: PATH may name folders the bare box hides (a shadow in /tmp)
    true = os.path.realpath(shutil.which("true") or "/bin/true")
    argv = Box().command([true], bwrap=found)
    try:
        done = subprocess.run(argv, stdin=subprocess.DEVNULL, capture_output=True,
                              timeout=PROBE_TIMEOUT, start_new_session=True, check=False)
    except subprocess.TimeoutExpired:
        return f"{PROGRAM} did not answer within {PROBE_TIMEOUT:g} s"
    except OSError as error:
        return f"{PROGRAM} cannot start: {error.strerror}"
    if done.returncode != 0:
        said = done.stderr.decode("utf-8", "replace").strip().splitlines()
        return f"{PROGRAM} failed (exit {done.returncode})" + (f": {said[-1]}" if said else "")
    return None


# -- the command's policy -------------------------------------------------------------------

@dataclass
class Policy:
    """The command's choice: ``mode``, and the folders its runs never see."""

    mode: str = "auto"
    given: str = "auto"  # where the mode came from, as said: "--sandbox off"
    hidden: tuple[Path, ...] = ()
    noted: bool = field(default=False)


def mode_from_environment() -> str:
    return os.environ.get(ENV, "").strip().lower() or "auto"


_policy = Policy(mode=mode_from_environment())


def configure(mode: str | None = None, hidden: Iterable[Path] = ()) -> str | None:
    """Set the mode (None: the one ``PORTCHECK_SANDBOX`` gives, else ``auto``) and what is
    hidden besides HOME, /home and /run (the suite's folder, the build cache).  ``on`` where
    bubblewrap does not work is a :class:`UsageError` naming the package; ``auto`` there
    gives the note to show (once), else None."""
    _policy.mode = mode if mode is not None else mode_from_environment()
    _policy.given = f"--sandbox {mode}" if mode is not None else f"{ENV}={_policy.mode}"
    check_mode(_policy.mode)
    _policy.hidden = tuple(Path(os.path.abspath(folder)) for folder in hidden)
    if _policy.mode == "off":
        return None
    why = probe()
    if why is None:
        return None
    if _policy.mode == "on":
        raise UsageError(f"--sandbox on: bubblewrap is not usable here ({why}); install "
                         f"package {PACKAGE}, or allow unprivileged user namespaces")
    if _policy.noted:
        return None
    _policy.noted = True
    return f"note: bubblewrap is not usable here ({why}): runs are not boxed"


def check_mode(mode: str) -> None:
    if mode not in MODES:
        raise UsageError(f"{ENV}={mode!r}: the sandbox mode is one of {', '.join(MODES)}")


def mode() -> str:
    return _policy.mode


def hidden() -> tuple[Path, ...]:
    """The folders the command hides besides HOME, /home and /run (``configure``)."""
    return _policy.hidden


def program_status(returncode: int) -> int:
    """A boxed run's exit status as its program's own, in Python's ``subprocess`` words:
    bubblewrap exits 128+N when its program was killed by signal N, which is -N here."""
    return 128 - returncode if 128 < returncode <= 128 + 64 else returncode


def boxing() -> bool:
    """Whether runs go in the box now (``on``, or ``auto`` where bubblewrap works)."""
    return _policy.mode != "off" and probe() is None


def hidden_folders() -> list[Path]:
    home = Path(os.path.expanduser("~"))
    return [*map(Path, ALWAYS_HIDDEN), home, *_policy.hidden]


def box_for(argv: Sequence[str], *, cwd: Path, env: Mapping[str, str],
            writable: Sequence[Path] | None = None, readable: Sequence[Path] = (),
            tmpfs_size: int | None = None) -> Box | None:
    """The box of one run of ``argv`` in ``cwd`` (writable unless ``writable`` names the
    folders it may write instead), reading ``readable`` (relative: from ``cwd``), its
    tmpfs folders holding at most ``tmpfs_size`` bytes each where bubblewrap can size them;
    or None when runs are not boxed."""
    if not boxing():
        return None
    return Box(writable=tuple(writable) if writable is not None else (cwd,),
               readable=(cwd, *(cwd / path for path in readable), *runtime_paths(env)),
               hidden=tuple(hidden_folders()),
               tmpfs_size=tmpfs_size if tmpfs_size is not None and sizes_tmpfs() else None)


def runtime_paths(env: Mapping[str, str]) -> list[Path]:
    """What a run needs to start at all: this Python (the venv and the installation it was
    made from), the folders its variables name (:data:`PATH_VARIABLES`), and the
    toolchains installed in HOME."""
    home = Path(os.path.expanduser("~"))
    paths = {Path(sys.prefix), Path(sys.base_prefix), Path(sys.exec_prefix)}
    paths |= {Path(p) for name in PATH_VARIABLES for p in env.get(name, "").split(":")
              if os.path.isabs(p)}
    paths |= {home / name for name in TOOLCHAIN_HOMES}
    hidden = hidden_folders()
    # never a hidden folder itself, nor one that holds it (PATH=/root: HOME stays hidden)
    return [p for p in paths if p.exists() and not any(p == h or p in h.parents
                                                       for h in hidden)]


# -- which runs were boxed (``verify``'s summary, ``languages``) ---------------------------

_tally_lock = threading.Lock()
_tally: dict[str, int] = {}  # "" for a boxed run, else why it was not boxed


def why_not_boxed() -> str | None:
    """None when runs go in the box now; else why not (one line)."""
    if _policy.mode == "off":
        return _policy.given
    return probe()


def count_run(boxed: bool, why: str | None = None) -> None:
    """One program run of a port's, boxed or not (``why``: else :func:`why_not_boxed`)."""
    key = "" if boxed else (why or why_not_boxed() or "not boxed")
    with _tally_lock:
        _tally[key] = _tally.get(key, 0) + 1


def tally() -> dict[str, int]:
    """Runs counted so far: ``""`` the boxed ones, else by why they were not."""
    with _tally_lock:
        return dict(_tally)

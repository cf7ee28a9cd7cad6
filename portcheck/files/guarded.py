"""The one way portcheck opens a file it reads or replaces, so that no file can hang it,
fill its memory or make it touch what lies outside the place it was given.

- **Reading** (:func:`read_bytes`): only a regular file.  It is opened without blocking and
  checked on the open descriptor, so a FIFO (whose open would wait for a writer), a device
  (``/dev/zero`` never ends, ``/dev/tty`` waits for a person), a folder or a socket is one
  line, not a hang; at most ``limit`` bytes are read (a file that grows while it is read is
  refused too); and, given ``inside``, the file actually opened — links resolved, as the
  kernel names the open descriptor — must lie in that folder: a suite's ``transcript.txt``
  that is a link to ``/etc/passwd`` is refused, never read into a report.
- **Replacing** (:func:`check_replaceable`, before an atomic write renames a new file over
  the old): only a regular file, or nothing.  A symbolic link is refused, not written
  through and not replaced (``-o`` given a link to ``/proc/self/fd/1``); so is a device, a
  FIFO, a socket or a folder (``listing -o /dev/full`` would otherwise have replaced the
  machine's device node with a file).  One rule for every file portcheck writes: give the
  path of the file itself.
"""

from __future__ import annotations

import os
import stat
from pathlib import Path

from portcheck.errors import UsageError

MAX_READ = 256 * 1024 * 1024  # bytes of one file portcheck reads (a suite file, --stdin)
_CHUNK = 1024 * 1024
_FLAGS = os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_NOCTTY", 0) | getattr(os, "O_CLOEXEC", 0)


def kind_of(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    for test, name in ((stat.S_ISDIR, "a folder"), (stat.S_ISFIFO, "a FIFO (named pipe)"),
                       (stat.S_ISCHR, "a character device"), (stat.S_ISBLK, "a block device"),
                       (stat.S_ISSOCK, "a socket"), (stat.S_ISLNK, "a symbolic link")):
        if test(mode):
            return name
    return "not a regular file"


def read_bytes(path: Path, *, inside: Path | None = None, limit: int = MAX_READ) -> bytes:
    """The bytes of the regular file ``path`` (at most ``limit``), which must lie in
    ``inside`` when it is given; anything else is a :class:`UsageError` naming ``path``."""
    try:
        fd = os.open(path, _FLAGS)
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except OSError as error:
        raise UsageError(f"{path}: cannot read: {error.strerror or error}") from None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode):
            raise UsageError(f"{path}: {kind_of(info.st_mode)}, not a regular file "
                             "(portcheck reads only regular files)")
        if inside is not None:
            _check_inside(path, fd, inside)
        if info.st_size > limit:
            raise UsageError(f"{path}: {info.st_size} bytes, more than portcheck reads of "
                             f"one file ({limit} bytes)")
        return _read_up_to(path, fd, limit)
    except OSError as error:
        raise UsageError(f"{path}: cannot read: {error.strerror or error}") from None
    finally:
        os.close(fd)


def _read_up_to(path: Path, fd: int, limit: int) -> bytes:
    chunks, total = [], 0
    while True:
        chunk = os.read(fd, _CHUNK)
        if not chunk:
            return b"".join(chunks)
        total += len(chunk)
        if total > limit:
            raise UsageError(f"{path}: grew past {limit} bytes while it was read")
        chunks.append(chunk)


def opened_path(fd: int, path: Path) -> Path:
    """The real path of the file open as ``fd`` (Linux names it in ``/proc/self/fd``;
    elsewhere ``path`` with its links resolved)."""
    try:
        return Path(os.readlink(f"/proc/self/fd/{fd}"))
    except OSError:
        return Path(os.path.realpath(path))


def _check_inside(path: Path, fd: int, inside: Path) -> None:
    real = opened_path(fd, path)
    folder = Path(os.path.realpath(inside))
    if not real.is_relative_to(folder):
        raise UsageError(f"{path}: a link to {real}, outside {inside} (portcheck reads no "
                         "file of the suite from outside it)")


def is_inside(path: Path, folder: Path) -> bool:
    """Whether ``path``, its links resolved, lies in ``folder`` (links resolved too)."""
    try:
        return Path(os.path.realpath(path)).is_relative_to(os.path.realpath(folder))
    except (OSError, ValueError):
        return False


def check_replaceable(path: Path) -> None:
    """A :class:`UsageError` unless ``path`` is missing or a regular file (not a link)."""
    try:
        info = os.lstat(path)
    except OSError:
        return  # missing (or unreadable: the write says why)
    if stat.S_ISLNK(info.st_mode):
        raise UsageError(f"{path}: a symbolic link; portcheck neither writes through a link "
                         "nor replaces one (give the path of the file itself)")
    if not stat.S_ISREG(info.st_mode):
        raise UsageError(f"{path}: {kind_of(info.st_mode)}, not a regular file; portcheck "
                         "writes only regular files")

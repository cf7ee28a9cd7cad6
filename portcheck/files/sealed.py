"""Sealing what portcheck keeps in its cache, so that it reads back only what it wrote.

A cache folder may be shared (a team's machine) or restored (a CI cache that a pull
request's job wrote): whoever can write it could plant a compiled program that prints the
goldens (a false pass) or code that a loader runs.  So an entry portcheck will trust is
sealed: :func:`seal` puts an HMAC-SHA256 of its bytes, under a key kept outside the cache,
in front of them, and :func:`unseal` gives the bytes back only when the seal checks.  A
foreign entry, and a truncated one (a full disk), are misses: built again.

The key is 32 random bytes in ``~/.config/portcheck/cache-key`` (``$XDG_CONFIG_HOME``;
``$PORTCHECK_CACHE_KEY`` names another file), mode 0600, made on first use; a key file
others may change is not used.  Without a usable key nothing is sealed, so nothing is
trusted: every entry is built again.  (portinterp seals its compiled programs the same way
with a key of its own: the two products share no code.)
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from functools import cache
from pathlib import Path

KEY_ENV = "PORTCHECK_CACHE_KEY"
SEAL = 32  # bytes of HMAC-SHA256


@cache
def key() -> bytes | None:
    """This user's sealing key (None: none can be had)."""
    configured = os.environ.get(KEY_ENV)
    if configured:
        path = Path(configured)
    else:
        base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
        path = Path(base) / "portcheck" / "cache-key"
    try:
        return _read_key(path) or _make_key(path)
    except (OSError, RuntimeError):
        return None


def seal(body: bytes) -> bytes | None:
    """``body`` with its seal in front; None without a key."""
    secret = key()
    if secret is None:
        return None
    return hmac.new(secret, body, hashlib.sha256).digest() + body


def unseal(blob: bytes) -> bytes | None:
    """The body of a sealed ``blob`` when its seal checks, else None."""
    secret = key()
    if secret is None or len(blob) < SEAL:
        return None
    body = blob[SEAL:]
    if not hmac.compare_digest(blob[:SEAL], hmac.new(secret, body, hashlib.sha256).digest()):
        return None
    return body


def _read_key(path: Path) -> bytes | None:
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() \
                or info.st_mode & 0o022:
            raise RuntimeError(f"{path}: not a key only its owner may change")
        secret = os.read(fd, 64)
    finally:
        os.close(fd)
    if len(secret) != 32:
        raise RuntimeError(f"{path}: not a key")
    return secret


def _make_key(path: Path) -> bytes | None:
    """A new key, written whole and then linked into place (another process reading it
    sees all of it or nothing); another process's key when it was first."""
    path.parent.mkdir(mode=0o700, parents=True, exist_ok=True)
    temporary = path.with_name(f".{path.name}.{os.getpid()}")
    fd = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_EXCL | os.O_CLOEXEC, 0o600)
    try:
        os.write(fd, secrets.token_bytes(32))
    finally:
        os.close(fd)
    try:
        os.link(temporary, path)
    except FileExistsError:
        pass
    finally:
        temporary.unlink(missing_ok=True)
    return _read_key(path)

"""The key that seals what the interpreters keep between runs (compiled programs,
``portinterp.program_cache``; the parsers' tables, ``portinterp.core.parsing``), so that
they read back only what this user's runs wrote: 32 random bytes in
``~/.config/portinterp/cache-key`` (``$PORTINTERP_CACHE_KEY`` names another file), mode
0600, made on first use; a key file others may change is not used, and without a key
nothing is cached.
"""

from __future__ import annotations

import hashlib
import hmac
import os
import secrets
import stat
from functools import cache
from pathlib import Path

KEY_ENV = "PORTINTERP_CACHE_KEY"
CACHE_ENV = "PORTINTERP_CACHE"


def cache_root() -> Path:
    """``$PORTINTERP_CACHE``, else ``~/.cache/portinterp``."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser().absolute()
    return Path.home() / ".cache" / "portinterp"


def seal(key: bytes, body: bytes) -> bytes:
    """The HMAC-SHA256 of ``body`` under ``key`` (32 bytes)."""
    return hmac.new(key, body, hashlib.sha256).digest()


@cache
def cache_key() -> bytes | None:
    """The key that seals this user's entries (None: none can be had; nothing cached)."""
    configured = os.environ.get(KEY_ENV)
    if configured:
        path = Path(configured)
    else:
        base = os.environ.get("XDG_CONFIG_HOME") or str(Path.home() / ".config")
        path = Path(base) / "portinterp" / "cache-key"
    try:
        return _read_key(path) or _make_key(path)
    except (OSError, RuntimeError):
        return None


def _read_key(path: Path) -> bytes | None:
    """The key at ``path`` when it is one only this user may change; None when missing."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_CLOEXEC)
    except FileNotFoundError:
        return None
    try:
        info = os.fstat(fd)
        if not stat.S_ISREG(info.st_mode) or info.st_uid != os.getuid() \
                or info.st_mode & 0o022:
            raise RuntimeError(f"{path}: not a key only its owner may change")
        key = os.read(fd, 64)
    finally:
        os.close(fd)
    if len(key) != 32:
        raise RuntimeError(f"{path}: not a key")
    return key


def _make_key(path: Path) -> bytes | None:
    """A new key at ``path`` (made whole, then linked into place: a process that reads it
    at the same time sees all of it or none); another process's key if it was first."""
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


def write_entry(entry: Path, magic: bytes, key: bytes, body: bytes) -> None:
    """Write ``magic``, the seal of ``body`` and ``body`` to the cache entry ``entry``
    whole (a temporary file beside it, then renamed); on a full disk or a read-only cache,
    no entry — never half of one."""
    import tempfile  # only a miss writes: a hit does without its import

    temporary: Path | None = None
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=entry.parent, prefix=".tmp-", delete=False) as f:
            temporary = Path(f.name)
            f.write(magic + seal(key, body) + body)
        os.replace(temporary, entry)
    except OSError:
        if temporary is not None:
            temporary.unlink(missing_ok=True)

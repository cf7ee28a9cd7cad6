"""Compiled programs kept between runs, so ``python -m portinterp.<language> FILE`` need
not import Lark, parse, check and compile the program again when nothing changed (a
harness may start one process per program it runs).

An entry holds what the core made of the program (its Python source, line table, constants
and primitives, and the source compiled to a code object, marshalled: compiling a large
program's source again took a tenth of a second a run) under the sha256 of: the
interpreters' own files (portinterp's grammars and modules), the Python version, the file's
name (errors name it), the encoding and the file's bytes, so any change to one of them is
another entry.  An entry is written to a temporary file and renamed into place (a reader
sees it whole or not at all); a cache that cannot be read or written is silently not used.
Entries live in ``<folder>/<language>``; the folder is the one given (``cache=``), else
``$PORTINTERP_CACHE``, else ``~/.cache/portinterp`` (portcheck gives its own cache's).
"""

from __future__ import annotations

import hashlib
import marshal
import os
import pickle
import sys
from functools import cache
from pathlib import Path

from portinterp.core import ir
from portinterp.core.program import Program
from portinterp.frontends import DEFAULT_ENCODING, front_end

CACHE_ENV = "PORTINTERP_CACHE"
_INTERP_ROOT = Path(__file__).resolve().parent  # the portinterp package


def compile_cached(language: str, path: Path, encoding: str = DEFAULT_ENCODING, *,
                   cache: Path | None = None) -> Program:
    """The ``language`` front-end's ``compile_file(path, encoding=…)``, from the cache in
    ``cache`` (None: ``cache_root()``) when it holds the entry (a hit never imports the
    parser: front-ends import Lark only to compile)."""
    entry = _entry(cache_dir(language, cache), str(path), encoding, path.read_bytes())
    program = _load(entry, str(path))
    if program is None:
        program = front_end(language).compile_file(path, encoding=encoding)
        _store(entry, program)
    return program


def cache_root() -> Path:
    """``$PORTINTERP_CACHE``, else ``~/.cache/portinterp``."""
    configured = os.environ.get(CACHE_ENV)
    if configured:
        return Path(configured).expanduser().absolute()
    return Path.home() / ".cache" / "portinterp"


def cache_dir(language: str, cache: Path | None = None) -> Path:
    """Where the entries of ``language`` live, below ``cache`` (None: ``cache_root()``)."""
    return (cache if cache is not None else cache_root()) / language


@cache
def interpreter_digest() -> bytes:
    """The sha256 of the Python version and every file of the embedded interpreters."""
    digest = hashlib.sha256(sys.version.encode())
    for file in sorted(_INTERP_ROOT.rglob("*")):
        if file.suffix in (".py", ".lark"):
            digest.update(str(file.relative_to(_INTERP_ROOT)).encode())
            digest.update(file.read_bytes())
    return digest.digest()


def _entry(folder: Path, filename: str, encoding: str, data: bytes) -> Path:
    digest = hashlib.sha256(interpreter_digest())
    for part in (os.fsencode(filename), encoding.encode(), data):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return folder / f"{digest.hexdigest()}.pickle"


def _load(entry: Path, filename: str) -> Program | None:
    try:
        source, lines, constants, prims, code = pickle.loads(entry.read_bytes())
        module = ir.Module([], [], [], filename)
        return Program(module, source, [ir.Pos(*p) for p in lines], constants, prims,
                       marshal.loads(code))
    except Exception:  # absent, unreadable or not a program of this core: compile anew
        return None


def _store(entry: Path, program: Program) -> None:
    state = (program.python_source, [(p.line, p.col) for p in program._lines],
             program._constants, program._prims, marshal.dumps(program._code))
    import tempfile  # only a miss writes: a hit does without its import

    temporary: Path | None = None
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        with tempfile.NamedTemporaryFile(dir=entry.parent, prefix=".tmp-", delete=False) as f:
            temporary = Path(f.name)
            f.write(pickle.dumps(state))
        os.replace(temporary, entry)
    except (OSError, pickle.PicklingError):
        if temporary is not None:
            temporary.unlink(missing_ok=True)

"""Compiled programs kept between runs, so ``python -m portinterp.<language> FILE`` need
not import Lark, parse, check and compile the program again when nothing changed (a
harness may start one process per program it runs).

An entry holds what the core made of the program (its Python source, line table, constants
and primitives, and the source compiled to a code object, marshalled: compiling a large
program's source again took a tenth of a second a run) under the sha256 of: the
interpreters' own files (portinterp's grammars and modules, each by its path, size, inode
and times: :func:`interpreter_digest`), the Python version, the file's
name (errors name it), the encoding and the file's bytes, so any change to one of them is
another entry.  Entries live in ``<folder>/<language>``; the folder is the one given
(``cache=``), else ``$PORTINTERP_CACHE``, else ``~/.cache/portinterp`` (portcheck gives its
own cache's).

**A cache is data, never code.**  An entry is JSON (no ``pickle``: loading a pickle runs
whatever its writer chose), and it is *sealed*: it starts with an HMAC-SHA256 of its body
under a key kept outside the cache (``~/.config/portinterp/cache-key``, 32 random bytes,
mode 0600, made on first use; ``$PORTINTERP_CACHE_KEY`` names another file).  Only an
entry whose seal checks is read at all, so whoever can write the cache folder (a shared
or restored CI cache) cannot make a run execute code of theirs: a foreign entry is a miss
and is compiled again.  A truncated entry (a full disk) fails its seal the same way; an
entry is written to a temporary file and renamed into place, and a write that fails leaves
nothing.  Without a usable key (a read-only home, a key file others may write) nothing is
cached.  A constant the format does not carry (an object of a runtime's own) means the
program is not cached.
"""

from __future__ import annotations

import base64
import datetime
import decimal
import hashlib
import hmac
import importlib
import json
import marshal
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any

from portinterp.core import ir
from portinterp.core.program import Program
from portinterp.core.sealing import CACHE_ENV as CACHE_ENV  # the variable, named here too
from portinterp.core.sealing import KEY_ENV as KEY_ENV  # the variable, named here too
from portinterp.core.sealing import cache_key, cache_root, write_entry
from portinterp.core.sealing import seal as _seal
from portinterp.frontends import DEFAULT_ENCODING, front_end

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


def cache_dir(language: str, cache: Path | None = None) -> Path:
    """Where the entries of ``language`` live, below ``cache`` (None: ``cache_root()``)."""
    return (cache if cache is not None else cache_root()) / language


@cache
def interpreter_digest() -> bytes:
    """The sha256 of the Python version and of every file of the embedded interpreters as
    the file system identifies it: its path, size, inode, modification and change times.
    Reading and hashing the files' bytes took a fifth of a hello-world's run; a file
    written again has a new change time (which no one can set back, unlike the
    modification time), and Python itself decides by size and modification time alone
    whether the code it runs is the file's or its older bytecode."""
    digest = hashlib.sha256(sys.version.encode())
    for file in sorted(_INTERP_ROOT.rglob("*")):
        if file.suffix in (".py", ".lark"):
            info = file.stat()
            digest.update(str(file.relative_to(_INTERP_ROOT)).encode() + b"\0")
            digest.update(f"{info.st_size} {info.st_ino} {info.st_mtime_ns} "
                          f"{info.st_ctime_ns}\n".encode())
    return digest.digest()


def _entry(folder: Path, filename: str, encoding: str, data: bytes) -> Path:
    digest = hashlib.sha256(interpreter_digest())
    for part in (os.fsencode(filename), encoding.encode(), data):
        digest.update(len(part).to_bytes(8, "big"))
        digest.update(part)
    return folder / f"{digest.hexdigest()}.json"


MAGIC = b"portinterp-program-1\n"
_SEAL = 32  # bytes of HMAC-SHA256


def _load(entry: Path, filename: str) -> Program | None:
    key = cache_key()
    if key is None:
        return None
    try:
        blob = entry.read_bytes()
    except OSError:
        return None
    body = blob[len(MAGIC) + _SEAL:]
    seal = blob[len(MAGIC):len(MAGIC) + _SEAL]
    if not blob.startswith(MAGIC) or not hmac.compare_digest(seal, _seal(key, body)):
        return None  # not ours, or truncated: compile anew
    try:
        state = json.loads(body)
        module = ir.Module([], [], [], filename)
        return Program(module, state["source"], [ir.Pos(*p) for p in state["lines"]],
                       {name: _constant(value) for name, value in state["constants"].items()},
                       set(state["prims"]),
                       marshal.loads(base64.b64decode(state["code"])))
    except Exception:  # sealed by us, but by another version's format: compile anew
        return None


def _store(entry: Path, program: Program) -> None:
    key = cache_key()
    if key is None:
        return
    try:
        constants = {name: _tagged(value) for name, value in program._constants.items()}
    except TypeError:
        return  # a constant the format cannot carry: this program is not cached
    body = json.dumps({
        "source": program.python_source, "lines": [(p.line, p.col) for p in program._lines],
        "constants": constants, "prims": sorted(program._prims),
        "code": base64.b64encode(marshal.dumps(program._code)).decode("ascii"),
    }).encode("utf-8")
    write_entry(entry, MAGIC, key, body)


_KINDS: dict[str, tuple[type, Callable[[Any], str], Callable[[str], Any]]] = {
    "str": (str, str, str),
    "int": (int, str, int),
    "float": (float, float.hex, float.fromhex),
    "bool": (bool, str, lambda text: text == "True"),
    "decimal": (decimal.Decimal, str, decimal.Decimal),
    "datetime": (datetime.datetime, datetime.datetime.isoformat,
                 datetime.datetime.fromisoformat),
    "date": (datetime.date, datetime.date.isoformat, datetime.date.fromisoformat),
}


def _tagged(value: Any) -> Any:
    """A constant as JSON: ``[kind, text]`` for the plain kinds, tuples item by item, and
    the interpreters' own classes and values by name (a class, a module-level value such as
    1C's ``Null``, or a class called with plain arguments, as the value's ``__reduce__``
    says).  Anything else is a ``TypeError``: the program is then not cached."""
    if value is None:
        return None
    for kind, (cls, write, _) in _KINDS.items():
        if type(value) is cls:
            return [kind, write(value)]
    if type(value) is tuple:
        return ["tuple", [_tagged(item) for item in value]]
    if isinstance(value, type):
        return ["class", _name(value.__module__, value.__qualname__)]
    reduced = value.__reduce__()
    if isinstance(reduced, str):
        return ["global", _name(type(value).__module__, reduced)]
    if isinstance(reduced, tuple) and len(reduced) == 2 and isinstance(reduced[0], type):
        made, arguments = reduced
        return ["new", [_name(made.__module__, made.__qualname__),
                        [_tagged(argument) for argument in arguments]]]
    raise TypeError(type(value).__name__)


def _name(module: str, qualname: str) -> str:
    if not module.startswith("portinterp.") or "<" in qualname:
        raise TypeError(f"{module}.{qualname}")  # only the interpreters' own, by name
    return f"{module}:{qualname}"


def _named(name: str) -> Any:
    module, _, qualname = name.partition(":")
    if not module.startswith("portinterp."):
        raise ValueError(name)
    found: Any = importlib.import_module(module)
    for part in qualname.split("."):
        found = getattr(found, part)
    return found


def _constant(tagged: Any) -> Any:
    if tagged is None:
        return None
    kind, value = tagged
    if kind == "tuple":
        return tuple(_constant(item) for item in value)
    if kind in ("class", "global"):
        return _named(value)
    if kind == "new":
        made, arguments = value
        return _named(made)(*(_constant(argument) for argument in arguments))
    return _KINDS[kind][2](value)

"""Reading the suite's files (each parsed once per run, with errors that name file and line)
and writing files atomically.

YAML is read with PyYAML's safe loader (the C one when PyYAML has it: a large golden file
reads in seconds, not a minute), composed once into nodes that give both the data and the
line of every key.  Files written by people or by portcheck need no anchors or aliases, and
an alias is how a few lines of YAML grow into a structure no walk can finish (a "billion
laughs" file), so aliases are refused, and so are duplicate keys (PyYAML would silently
keep the last) and nesting deeper than ``MAX_DEPTH`` (10,000 brackets made every message
that shows a value fail with RecursionError).
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from portcheck.errors import UsageError
from portcheck.files.guarded import check_replaceable, read_bytes

if TYPE_CHECKING:  # PyYAML is imported by the first parse (``files.yaml_cache`` may do
    import yaml  # without: a short command's start-up)
MAX_DEPTH = 32  # levels of nesting a file may have; data nested deeper breaks every walk of it
_INT_TAG = "tag:yaml.org,2002:int"
_TOO_DEEP = f"nested more than {MAX_DEPTH} levels deep (no portcheck file needs that)"


@dataclass(frozen=True)
class YamlDocument:
    """A parsed YAML file: its data and where each key stands."""

    data: Any
    lines: LineNumbers


_READ: dict[Path, tuple[tuple[int, int, int], YamlDocument]] = {}
# verify's threads read the same files at once (the golden check beside the ports' checks):
# one lock a path, so a file is parsed once, not once by each thread that asked first.
_LOCKS: dict[Path, threading.Lock] = {}
_LOCKS_LOCK = threading.Lock()


def read_yaml(path: Path, *, inside: Path | None = None) -> YamlDocument:
    """The document at ``path``, parsed once for as long as the file does not change; a
    malformed file is a UsageError at ``file:line`` (``inside``: see :func:`read_text`)."""
    key = _identity(path)
    with _LOCKS_LOCK:
        lock = _LOCKS.setdefault(path, threading.Lock())
    with lock:
        held = _READ.get(path)
        if held is not None and held[0] == key:
            return held[1]
        document = _parse(path, read_text(path, inside=inside))
        _READ[path] = (key, document)
        return document


def load_yaml(path: Path, *, inside: Path | None = None) -> Any:
    """The data of the YAML file at ``path`` (see :func:`read_yaml`)."""
    return read_yaml(path, inside=inside).data


def _identity(path: Path) -> tuple[int, int, int]:
    try:
        info = path.stat()
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror}") from None
    return info.st_ino, info.st_size, info.st_mtime_ns


def _parse(path: Path, text: str) -> YamlDocument:
    import yaml

    loader = None
    try:
        # (the C loader's pure-Python reader checks the characters here)
        loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)(text)
        node = loader.get_single_node()
        lines = LineNumbers(path, node)
        data = loader.construct_document(node) if node is not None else None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        if mark and "nesting depth" in str(exc.problem):  # PyYAML >= 6.0.4 stops it itself
            raise UsageError(f"{path}:{mark.line + 1}: {_TOO_DEEP}") from None
        line = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise UsageError(f"{path}{line}: malformed YAML: {exc.problem or exc.context}") from None
    except yaml.reader.ReaderError as exc:  # a NUL, a control character: at its line
        line = text.count("\n", 0, max(exc.position, 0)) + 1
        raise UsageError(f"{path}:{line}: malformed YAML: {_character(exc)} is not allowed "
                         "in YAML") from None
    except yaml.YAMLError as exc:
        raise UsageError(f"{path}: malformed YAML: {exc}") from None
    except RecursionError:
        raise UsageError(f"{path}: malformed YAML: nested too deeply") from None
    except (ValueError, OverflowError, TypeError) as exc:  # a date out of range, …
        raise UsageError(f"{path}: malformed YAML: {exc}") from None
    finally:
        if loader is not None:
            loader.dispose()
    return YamlDocument(data, lines)


def _character(error: yaml.reader.ReaderError) -> str:
    character = error.character
    code = character if isinstance(character, int) else ord(character)
    return f"the character U+{code:04X}"


def read_text(path: Path, *, inside: Path | None = None) -> str:
    """A text file as UTF-8 (a BOM is dropped); a missing, undecodable, oversized or
    irregular file (a FIFO, ``/dev/zero``) is a UsageError, and so is one that is not
    really inside the folder ``inside`` when that is given (``portcheck.files.guarded``)."""
    data = read_bytes(path, inside=inside)
    try:
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text (byte {exc.start})") from None


def write_atomic(path: Path, text: str | bytes) -> None:
    """Write ``text`` (or bytes: a PDF) to ``path`` so that readers see the old file or the
    new one, never half of one: write a temporary file beside it, then rename it over.  The
    file gets the permissions a plain write would give it (the old file's, or 0666 less the
    umask).  Only a regular file is replaced: a link, a device or a FIFO at ``path`` is a
    UsageError, and nothing is written (``portcheck.files.guarded``)."""
    check_replaceable(path)
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    except OSError as error:
        raise UsageError(f"{path}: cannot write: {error.strerror or error}") from None
    try:
        os.chmod(temp, _mode_for(path))
        if isinstance(text, bytes):
            with os.fdopen(fd, "wb") as binary:
                binary.write(text)
        else:
            with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
                stream.write(text)
        os.replace(temp, path)
    except BaseException as error:
        Path(temp).unlink(missing_ok=True)
        if isinstance(error, OSError):
            raise UsageError(f"{path}: cannot write: {error.strerror or error}") from None
        raise


def _mode_for(path: Path) -> int:
    try:
        return stat.S_IMODE(path.stat().st_mode)
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


class LineNumbers:
    """Where each key of a YAML mapping stands, for messages that point at a line."""

    def __init__(self, path: Path, node: yaml.Node | None) -> None:
        self.path = path
        self._lines: dict[tuple[str, ...], int] = {}
        if node is not None:
            self._walk(node)

    @classmethod
    def from_table(cls, path: Path, table: list[tuple[tuple[str, ...], int]]) -> LineNumbers:
        """The line numbers :meth:`table` gave (``files.yaml_cache``)."""
        numbers = cls(path, None)
        numbers._lines = dict(table)
        return numbers

    def table(self) -> list[tuple[tuple[str, ...], int]]:
        """Every key path's line, in order."""
        return list(self._lines.items())

    def _walk(self, root: yaml.Node) -> None:
        """Every key's line, without recursion (a deeply nested file is no crash); an alias
        or a duplicate key is an error at its line."""
        seen: set[int] = set()
        stack: list[tuple[yaml.Node, tuple[str, ...]]] = [(root, ())]
        while stack:
            node, at = stack.pop()
            if id(node) in seen:
                raise UsageError(f"{self.path}:{node.start_mark.line + 1}: YAML anchors and "
                                 "aliases are not allowed in portcheck files")
            if len(at) > MAX_DEPTH:
                raise UsageError(f"{self.path}:{node.start_mark.line + 1}: {_TOO_DEEP}")
            seen.add(id(node))
            self._check_number(node)
            for here, line, child in self._children(node, at):
                self._lines[here] = line
                stack.append((child, here))

    def _children(self, node: yaml.Node,
                  at: tuple[str, ...]) -> list[tuple[tuple[str, ...], int, yaml.Node]]:
        import yaml

        if isinstance(node, yaml.MappingNode):
            keys: set[str] = set()
            found = []
            for key, value in node.value:
                name = str(key.value)
                if name in keys:
                    raise UsageError(f"{self.path}:{key.start_mark.line + 1}: duplicate key "
                                     f"{name!r}")
                keys.add(name)
                self._check_number(key)
                found.append(((*at, name), key.start_mark.line + 1, value))
            return found
        if isinstance(node, yaml.SequenceNode):
            return [((*at, str(n)), value.start_mark.line + 1, value)
                    for n, value in enumerate(node.value)]
        return []

    def _check_number(self, node: yaml.Node) -> None:
        """A whole number too long for Python to read (more than 4,300 digits) is an error
        at its line, not PyYAML's ValueError."""
        if node.tag != _INT_TAG or not isinstance(node.value, str):
            return
        digits = sum(char.isdigit() for char in node.value)
        limit = sys.get_int_max_str_digits()
        if limit and digits > limit and not node.value.lstrip("+-").startswith(("0x", "0o",
                                                                                "0b")):
            raise UsageError(f"{self.path}:{node.start_mark.line + 1}: a whole number of "
                             f"{digits} digits (at most {limit} are read)")

    def top_lines(self) -> list[int]:
        """The line of each key of the top mapping, in order (for a key that is no text:
        ``~`` is found as "~", not as the None it is read as)."""
        return [line for keys, line in self._lines.items() if len(keys) == 1]

    def where(self, *keys: str | int) -> str:
        """``file:line`` of the deepest of ``keys`` found, or ``file``."""
        wanted = tuple(str(k) for k in keys)
        while wanted and wanted not in self._lines:
            wanted = wanted[:-1]
        return f"{self.path}:{self._lines[wanted]}" if wanted else str(self.path)

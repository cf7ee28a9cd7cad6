"""Reading YAML with errors that name file and line, and writing files atomically."""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import yaml

from portcheck.errors import UsageError


def load_yaml(path: Path) -> Any:
    """``yaml.safe_load`` of ``path``; a malformed file is a UsageError at ``file:line``."""
    try:
        text = read_text(path)
        return yaml.safe_load(text)
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark or exc.context_mark
        line = f":{mark.line + 1}:{mark.column + 1}" if mark else ""
        raise UsageError(f"{path}{line}: malformed YAML: {exc.problem or exc.context}") from None
    except yaml.YAMLError as exc:
        raise UsageError(f"{path}: malformed YAML: {exc}") from None


def read_text(path: Path) -> str:
    """A text file as UTF-8 (a BOM is dropped); a missing or undecodable file is a
    UsageError."""
    try:
        return path.read_bytes().decode("utf-8-sig")
    except FileNotFoundError:
        raise UsageError(f"{path}: no such file") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{path}: not UTF-8 text (byte {exc.start})") from None
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror}") from None


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the new one, never
    half of one: write a temporary file beside it, then rename it over."""
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, temp = tempfile.mkstemp(prefix=f".{path.name}.", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="\n") as stream:
            stream.write(text)
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


class LineNumbers:
    """Where each key of a YAML mapping stands, for messages that point at a line."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._lines: dict[tuple[str, ...], int] = {}
        try:
            node = yaml.compose(read_text(path), Loader=yaml.SafeLoader)
        except yaml.YAMLError:
            node = None
        if node is not None:
            self._walk(node, ())

    def _walk(self, node: yaml.Node, at: tuple[str, ...]) -> None:
        if isinstance(node, yaml.MappingNode):
            for key, value in node.value:
                here = (*at, str(key.value))
                self._lines[here] = key.start_mark.line + 1
                self._walk(value, here)
        elif isinstance(node, yaml.SequenceNode):
            for n, value in enumerate(node.value):
                here = (*at, str(n))
                self._lines[here] = value.start_mark.line + 1
                self._walk(value, here)

    def where(self, *keys: str | int) -> str:
        """``file:line`` of the deepest of ``keys`` found, or ``file``."""
        wanted = tuple(str(k) for k in keys)
        while wanted and wanted not in self._lines:
            wanted = wanted[:-1]
        return f"{self.path}:{self._lines[wanted]}" if wanted else str(self.path)

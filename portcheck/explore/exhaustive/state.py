"""What an exhaustive run has done, kept so that an interrupted run resumes where it was.

One JSON file per (algorithm, side, range, shard size, program): *side* is a language, or
``reference`` for the fast reference's digests (which every language's run shares); the
program is the content hash of the range-mode program (or of the fast reference's code), so
a changed template starts afresh by itself.  Each finished shard is written at once,
atomically (a temporary file renamed over the old one): an interruption loses at most the
shards in flight.  The files live under ``<cache root>/exhaustive/``.
"""

from __future__ import annotations

import hashlib
import json
from dataclasses import dataclass, field
from pathlib import Path

from portcheck.explore.exhaustive.ranges import Span
from portcheck.files.cache_root import cache_root
from portcheck.files.yamlio import write_atomic

FOLDER = "exhaustive"


@dataclass
class ShardRecord:
    count: int
    digest: int
    seconds: float


@dataclass
class RunState:
    path: Path
    key: dict[str, object]
    done: dict[Span, ShardRecord] = field(default_factory=dict)

    def record(self, span: Span, result: ShardRecord) -> None:
        self.done[span] = result
        self._write()

    def drop(self, span: Span) -> None:
        """``span`` is not done after all (it differs from the reference)."""
        self.done.pop(span, None)
        self._write()

    def _write(self) -> None:
        shards = {str(span): vars(record) for span, record in sorted(self.done.items())}
        write_atomic(self.path, json.dumps({"key": self.key, "done": shards}, indent=1) + "\n")

    def forget(self) -> None:
        self.done.clear()
        self.path.unlink(missing_ok=True)


def open_state(algorithm: str, side: str, span: Span, shard_size: int,
               program: str) -> RunState:
    """The state of this run: the shards already done (none when its file is missing or
    unreadable: they are run again)."""
    key: dict[str, object] = {"algorithm": algorithm, "side": side, "range": str(span),
                              "shard_size": shard_size, "program": program}
    name = hashlib.sha256(json.dumps(key, sort_keys=True).encode()).hexdigest()[:20]
    path = cache_root() / FOLDER / f"{algorithm}-{side}-{name}.json"
    return RunState(path, key, _load(path, key))


def _load(path: Path, key: dict[str, object]) -> dict[Span, ShardRecord]:
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
        if data["key"] != key:
            return {}
        return {_span(text): ShardRecord(**record) for text, record in data["done"].items()}
    except (OSError, ValueError, KeyError, TypeError):
        return {}


def _span(text: str) -> Span:
    first, last = text.split("..")
    return Span(int(first), int(last))

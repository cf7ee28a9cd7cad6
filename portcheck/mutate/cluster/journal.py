"""What ``portcheck mutate --all`` has found, kept so that an interrupted run resumes where
it stopped, as the exhaustive runs do (``portcheck.explore.exhaustive.state``).

One JSON file a port, under ``<cache root>/mutate/``, named by the port and its *key*: the
sha256 of everything a mutant's fate depends on — portcheck's and the embedded
interpreters' own files and Python's version (``verify.verdicts.harness_digest``), the
program's bytes, the golden output the port is compared with (each case's text), its runs
(arguments, standard input, runner options), its comparison and normalisation, its
language's declaration, the runner and the toolchain as ``portcheck languages`` shows it,
and the settings that decide a fate (time and output limits, ``--timeout``, the CPU-time
rule of ``runs``).  A mutant is
then known by its stable id (``Mutant.key``) within its port's file: a fate is taken again
only for the same id, program, goldens and toolchain.

Each entry carries a check (the sha256 of the key, the mutant's id and the entry): an
entry that cannot be read, is of another shape, or whose check does not match is ignored,
never trusted — its mutant is run again.  The file is written atomically after each
finished batch (a temporary file renamed over the old one): an interruption loses only the
batches in flight.  A reviewed list (``equivalent-mutants.yaml``) is not part of the key:
a survivor is recorded as a survivor, and the list is applied when the table is made.
"""

from __future__ import annotations

import hashlib
import json
import math
import re
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.files.cache_root import cache_root
from portcheck.files.yamlio import write_atomic
from portcheck.mutate.engine import Fate

FOLDER = "mutate"
FORMAT = 2  # 2: the original's CPU time of each run is recorded
FATES = {fate.value for fate in Fate}


@dataclass(frozen=True)
class Fated:
    """A mutant's fate as a worker found it (before the reviewed list is applied)."""

    fate: str
    why: str
    seconds: float  # its run
    form: str | None  # the digest of its compiled form (None: not built, or no form)
    cost: float  # its share of its batch's time on the worker (build and runs)


@dataclass(frozen=True)
class OriginalRun:
    """The original program's build and runs on a worker: its compiled form, and the
    seconds of each of its runs (by case id; ``None``: the one run of all cases), wall time
    and CPU time (None: not measured there), which set the mutants' limits."""

    form: str | None
    seconds: dict[str | None, float]
    cost: float
    cpu: dict[str | None, float | None] = field(default_factory=dict)


def port_key(parts: dict[str, Any]) -> str:
    """The sha256 of ``parts`` (JSON; what is not JSON, by its ``repr``)."""
    return hashlib.sha256(json.dumps(parts, sort_keys=True, default=repr,
                                     ensure_ascii=False).encode()).hexdigest()


@dataclass
class Journal:
    path: Path
    key: str
    port: str
    original: OriginalRun | None = None
    mutants: dict[str, Fated] = field(default_factory=dict)
    ignored: int = 0  # entries that could not be trusted (their mutants run again)

    def record_original(self, original: OriginalRun) -> None:
        self.original = original
        self._write()

    def record(self, fates: dict[str, Fated]) -> None:
        self.mutants.update(fates)
        self._write()

    def forget(self) -> None:
        self.original, self.mutants = None, {}
        self.path.unlink(missing_ok=True)

    def _write(self) -> None:
        data: dict[str, Any] = {"format": FORMAT, "key": self.key, "port": self.port,
                                "original": None, "mutants": {}}
        if self.original is not None:
            entry = {"form": self.original.form, "cost": self.original.cost,
                     "seconds": [[case, s] for case, s in self.original.seconds.items()],
                     "cpu": [[case, s] for case, s in self.original.cpu.items()]}
            data["original"] = {**entry, "check": _check(self.key, "", entry)}
        for mutant, fated in sorted(self.mutants.items()):
            entry = asdict(fated)
            data["mutants"][mutant] = {**entry, "check": _check(self.key, mutant, entry)}
        try:
            write_atomic(self.path, json.dumps(data, indent=1, ensure_ascii=False) + "\n")
        except (OSError, UsageError):  # a cache folder that cannot be written: the run
            pass  # goes on, and only a resumed run pays for it (it runs these again)


def open_journal(port: str, key: str) -> Journal:
    """The journal of ``port`` under ``key``: what was recorded before (nothing when the
    file is missing, unreadable or of another key; an entry that fails its check is left
    out and counted)."""
    name = re.sub(r"[^A-Za-z0-9_.-]+", "-", port.removeprefix("ports/"))
    path = cache_root() / FOLDER / f"{name}-{key[:20]}.json"
    journal = Journal(path, key, port)
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return journal
    if not isinstance(data, dict) or data.get("format") != FORMAT or \
            data.get("key") != key or data.get("port") != port:
        return journal
    journal.original = _original(key, data.get("original"))
    entries = data.get("mutants")
    for mutant, entry in (entries.items() if isinstance(entries, dict) else ()):
        fated = _fated(key, mutant, entry)
        if fated is None:
            journal.ignored += 1
        else:
            journal.mutants[mutant] = fated
    return journal


def _check(key: str, mutant: str, entry: dict[str, Any]) -> str:
    return hashlib.sha256(json.dumps([FORMAT, key, mutant, entry], sort_keys=True,
                                     ensure_ascii=False).encode()).hexdigest()


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and \
        math.isfinite(value) and value >= 0


def _checked(key: str, mutant: str, entry: Any, fields: set[str]) -> dict[str, Any] | None:
    """``entry`` without its check, if it has exactly ``fields`` and its check matches."""
    if not isinstance(entry, dict) or set(entry) != fields | {"check"}:
        return None
    bare = {name: value for name, value in entry.items() if name != "check"}
    return bare if entry["check"] == _check(key, mutant, bare) else None


def _fated(key: str, mutant: str, entry: Any) -> Fated | None:
    bare = _checked(key, mutant, entry, {"fate", "why", "seconds", "form", "cost"})
    if bare is None or bare["fate"] not in FATES or not isinstance(bare["why"], str) or \
            not _number(bare["seconds"]) or not _number(bare["cost"]) or \
            not (bare["form"] is None or isinstance(bare["form"], str)):
        return None
    return Fated(bare["fate"], bare["why"], float(bare["seconds"]), bare["form"],
                 float(bare["cost"]))


def _original(key: str, entry: Any) -> OriginalRun | None:
    bare = _checked(key, "", entry, {"form", "seconds", "cost", "cpu"})
    if bare is None or not (bare["form"] is None or isinstance(bare["form"], str)) or \
            not _number(bare["cost"]) or not isinstance(bare["seconds"], list) or \
            not bare["seconds"] or not isinstance(bare["cpu"], list):
        return None
    seconds: dict[str | None, float] = {}
    for pair in bare["seconds"]:
        if not (isinstance(pair, list) and len(pair) == 2 and
                (pair[0] is None or isinstance(pair[0], str)) and _number(pair[1])):
            return None
        seconds[pair[0]] = float(pair[1])
    cpu: dict[str | None, float | None] = {}
    for pair in bare["cpu"]:
        if not (isinstance(pair, list) and len(pair) == 2 and pair[0] in seconds and
                (pair[1] is None or _number(pair[1]))):
            return None
        cpu[pair[0]] = None if pair[1] is None else float(pair[1])
    return OriginalRun(bare["form"], seconds, float(bare["cost"]), cpu)

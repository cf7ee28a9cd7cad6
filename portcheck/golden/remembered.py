"""Golden checks remembered: ``verify`` does not ask the reference again for every case of an
algorithm whose goldens matched it, when nothing that decides that match has changed since.

An algorithm's key is the sha256 of

- portcheck: every file of its package, its version, Python's version and executable
  (``files.digests.package_digest``);
- the suite's reference: every file of ``reference/`` (a module may import its siblings),
  and the algorithm's declaration as the reference made it (its inputs, cases, attested
  outputs);
- the goldens: the algorithm's golden file, byte for byte.

An entry also lists every file the reference's process had imported once the check was done
(the standard library's, portcheck's, any other package's, and a module imported only
inside ``output()``), each with its sha256, and is used only while every one of them is
unchanged: as a compiler cache's manifest does, it catches what the reference imports that
the key does not name.

Only a check that passed is remembered (a difference, a missing case, a reference that
failed are asked again next time).  An entry is JSON, never pickle, under the cache folder
(``$PORTCHECK_CACHE/golden-checks``); one that cannot be read, is of another format, names
another key or algorithm, or lists a file that changed is ignored, never trusted.  What the
reference reads with ``open()`` beyond its own folder is not in the key: a reference reads
nothing but its inputs (``docs/verify.md``).
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.files.cache_root import cache_root
from portcheck.files.digests import add, add_tree, file_digest, package_digest
from portcheck.files.yamlio import write_atomic
from portcheck.golden.store import golden_path
from portcheck.suite.algorithms import Algorithm
from portcheck.suite.params import param_data
from portcheck.suite.project import Project

FORMAT = 1
FOLDER = "golden-checks"


@dataclass(frozen=True)
class Recalled:
    """A remembered golden check: when it was made, and the golden file's case ids then."""

    made: str  # ISO 8601, local time, to the second
    case_ids: list[str]


class GoldenChecks:
    """The remembered golden checks of one project: ``recall`` before asking the reference,
    ``remember`` after a check that passed.  With ``fresh``, nothing is recalled."""

    def __init__(self, project: Project, *, fresh: bool = False,
                 folder: Path | None = None) -> None:
        self.project = project
        self.fresh = fresh
        self.folder = folder if folder is not None else cache_root() / FOLDER
        digest = hashlib.sha256()
        add(digest, f"portcheck golden checks {FORMAT}".encode())
        add(digest, package_digest().encode())
        add_tree(digest, project.reference_dir)
        self._suite = digest.copy()

    def key(self, algorithm: Algorithm) -> str:
        digest = self._suite.copy()
        add(digest, algorithm.name.encode())
        add(digest, json.dumps({
            "source": str(algorithm.source), "title": algorithm.title,
            "params": {name: param_data(param) for name, param in algorithm.params.items()},
            "cases": algorithm.declared_cases, "attested": algorithm.declared_attested,
            "stdin_script": algorithm.has_stdin_script,
            "check_inputs": algorithm.has_check_inputs}, sort_keys=True, default=str).encode())
        add_tree(digest, golden_path(self.project.golden_dir, algorithm.name))
        return digest.hexdigest()

    def recall(self, algorithm: Algorithm) -> Recalled | None:
        """The remembered check of ``algorithm``; None when there is none to trust."""
        if self.fresh:
            return None
        key = self.key(algorithm)
        try:
            entry = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
            if not isinstance(entry, dict) or entry.get("format") != FORMAT or \
                    entry.get("key") != key or entry.get("algorithm") != algorithm.name:
                return None
            made, case_ids, files = entry["made"], entry["case_ids"], entry["imported"]
            datetime.datetime.fromisoformat(made)
            if not isinstance(case_ids, list) or \
                    not all(isinstance(cid, str) for cid in case_ids) or \
                    not isinstance(files, dict) or not files:
                return None
            if any(not isinstance(digest, str) or file_digest(str(file)) != digest
                   for file, digest in files.items()):
                return None  # a module the reference imported has changed
            return Recalled(made, case_ids)
        except (OSError, ValueError, KeyError, TypeError):
            return None

    def remember(self, algorithm: Algorithm, case_ids: list[str], imported: list[str]) -> None:
        """Keep that ``algorithm``'s goldens (of ``case_ids``) matched the reference, whose
        process had imported the files ``imported``."""
        entry: dict[str, Any] = {
            "format": FORMAT, "key": self.key(algorithm), "algorithm": algorithm.name,
            "made": datetime.datetime.now().isoformat(timespec="seconds"),
            "case_ids": case_ids, "imported": {file: file_digest(file) for file in imported}}
        try:
            write_atomic(self.folder / f"{entry['key']}.json", json.dumps(entry, indent=1))
        except (OSError, UsageError):  # a cache folder that cannot be written: it only costs
            pass  # the next verify the reference's runs

"""Verdicts remembered: a port whose checks all passed, and of which nothing that decides them
has changed since, is not run again by ``verify`` (as Bazel's or Gradle's action cache does
not rerun an action whose inputs are unchanged).

A port's key is the sha256 of everything its verdicts depend on:

- the harness: every file of the ``portcheck`` package and of the embedded interpreters
  (``portinterp``), Python's version, portcheck's installed version;
- the suite: every file of ``reference/`` and the suite's ``languages.yaml``;
- the port: its id, every file of its folder, its program and its standard input wherever
  they are, its algorithm's golden file, and for a template port its template and every
  template that one may include (``suite.includes``: any other language's piece too, and
  every template when one includes by anything but a quoted name), so that a change to one
  template runs again only the ports it renders;
- the runtime: the runner's class and its toolchain as ``portcheck languages`` shows it
  (the compiler's or interpreter's version line, the embedded interpreters' dialect);
- the run: the settings (time and output limits, the engine forced, whether runtimes are
  required), the limits of every run (memory, processes, CPU time, disk) and whether runs
  are boxed — a port that passed with 512 MiB, or unboxed, may fail with 32 MiB, or in the
  box — and ``--deep``/``--seed``.

Each check is remembered with its cases (each case's verdict and what the program printed
for it, clipped as ``--format json`` shows it), so that a remembered verdict gives the same
per-case results as a fresh run.  Only a port whose every check passed (or, for a case
beyond its ``limits``, does not apply) is remembered: a failure, a skip or a time limit
is run again next time (a loaded machine's timeout must not stick).  An entry is JSON,
never pickle, under the cache folder (``$PORTCHECK_CACHE/verdicts``); one that cannot be read,
is of another format, or names another key or port is ignored, never trusted.
"""

from __future__ import annotations

import datetime
import hashlib
import json
from dataclasses import asdict, dataclass
from functools import cache
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.files.cache_root import cache_root
from portcheck.files.digests import add as _add
from portcheck.files.digests import add_tree as _add_tree
from portcheck.files.digests import package_digest
from portcheck.files.yamlio import write_atomic
from portcheck.golden.store import golden_path
from portcheck.processes import limits, sandbox
from portcheck.runners.embedded import interpreter_path
from portcheck.suite.includes import template_closure
from portcheck.suite.ports import Port
from portcheck.verify.checks import CheckContext
from portcheck.verify.execution import runner_for
from portcheck.verify.results import NA, PASS, CaseResult, CheckResult, Reason, Status

FORMAT = 2  # 2: each check's cases too (``--format json`` gives one test a case)
FOLDER = "verdicts"
KEPT = (PASS, NA)  # the verdicts remembered; a failure or a skip never is


@dataclass(frozen=True)
class Remembered:
    """A port's verdicts as a run made them, and when."""

    results: list[CheckResult]
    made: str  # ISO 8601, local time, to the second


@cache
def harness_digest() -> str:
    """The sha256 of portcheck's files and versions (``files.digests``) and portinterp's
    files."""
    digest = hashlib.sha256()
    _add(digest, package_digest().encode())
    _add_tree(digest, interpreter_path() / "portinterp")
    return digest.hexdigest()


class VerdictCache:
    """The remembered verdicts of one verify: ``recall`` before the runs, ``remember``
    after them.  With ``fresh``, nothing is recalled (what runs is remembered anew)."""

    def __init__(self, context: CheckContext, *, fresh: bool = False,
                 folder: Path | None = None) -> None:
        self.context = context
        self.fresh = fresh
        self.folder = folder if folder is not None else cache_root() / FOLDER
        self.keys: dict[str, str] = {}
        project = context.project
        digest = hashlib.sha256()
        for tree in (project.reference_dir, project.root / "languages.yaml"):
            _add_tree(digest, tree)
        self.suite = digest.hexdigest()

    def key(self, port: Port) -> str | None:
        """The port's key; None when its runtime is not here (a skip is never remembered)."""
        settings = self.context.settings
        runner = runner_for(port, settings, port.options)
        toolchain = runner.toolchain(timeout=settings.timeout)  # the probe as the run's
        if not toolchain.ok:
            return None
        digest = hashlib.sha256()
        for part in (f"portcheck verdicts {FORMAT}", harness_digest(), self.suite, port.id,
                     f"{type(runner).__module__}.{type(runner).__qualname__}",
                     toolchain.name, toolchain.detail,
                     json.dumps([settings.timeout, settings.max_output, settings.engine,
                                 settings.require_runtimes, self.context.deep,
                                 self.context.seed, asdict(limits.setting()),
                                 sandbox.boxing()])):
            _add(digest, part.encode())
        _add_tree(digest, port.folder)
        _add_tree(digest, port.program)
        project = self.context.project
        _add_tree(digest, golden_path(project.golden_dir, port.algorithm))
        if port.template is not None:
            templates = template_closure(project.templates_dir, port.template)
            for template in [project.templates_dir] if templates is None else templates:
                _add_tree(digest, template)
        if port.stdin is not None:
            _add_tree(digest, port.stdin)
        return digest.hexdigest()

    def recall(self, ports: list[Port]) -> dict[str, Remembered]:
        """The remembered verdicts of those ports that have them, by port id."""
        found: dict[str, Remembered] = {}
        for port in ports:
            key = self.key(port)
            if key is None:
                continue
            self.keys[port.id] = key
            if not self.fresh:
                entry = self._load(key, port.id)
                if entry is not None:
                    found[port.id] = entry
        return found

    def remember(self, results: dict[str, list[CheckResult]]) -> None:
        """Keep the verdicts of each port of ``results`` whose checks all passed or do not
        apply (its key made by ``recall``)."""
        made = datetime.datetime.now().isoformat(timespec="seconds")
        for port_id, port_results in results.items():
            key = self.keys.get(port_id)
            if key is None or not port_results or \
                    any(r.status not in KEPT for r in port_results):
                continue
            entry = {"format": FORMAT, "key": key, "port": port_id, "made": made,
                     "results": [asdict(r) for r in port_results]}
            try:
                write_atomic(self.folder / f"{key}.json", json.dumps(entry, indent=1))
            except (OSError, UsageError):  # a cache folder that cannot be written (a file
                return  # in its place): it only costs the next verify the runs

    def _load(self, key: str, port_id: str) -> Remembered | None:
        try:
            entry = json.loads((self.folder / f"{key}.json").read_text(encoding="utf-8"))
            if not isinstance(entry, dict) or entry.get("format") != FORMAT or \
                    entry.get("key") != key or entry.get("port") != port_id:
                return None
            results = [_result(item, port_id) for item in entry["results"]]
            made = entry["made"]
            if not results or not isinstance(made, str):
                return None
            datetime.datetime.fromisoformat(made)
            return Remembered(results, made)
        except (OSError, ValueError, KeyError, TypeError):
            return None


def _result(item: Any, port_id: str) -> CheckResult:
    """A remembered result, checked field by field (``ValueError``/``TypeError`` on any
    other shape: the entry is then ignored)."""
    fields = {"port", "kind", "status", "message", "detail", "warnings", "seconds", "reason",
              "cases"}
    if not isinstance(item, dict) or set(item) != fields or item["port"] != port_id:
        raise ValueError("not a remembered result")
    texts = ("kind", "message", "detail")
    if not all(isinstance(item[name], str) for name in texts) or \
            not isinstance(item["warnings"], list) or \
            not all(isinstance(w, str) for w in item["warnings"]) or \
            not isinstance(item["seconds"], int | float) or isinstance(item["seconds"], bool):
        raise TypeError("not a remembered result")
    status, reason = Status(item["status"]), Reason(item["reason"])
    if status not in KEPT:
        raise ValueError("a failure or a skip is never remembered")
    return CheckResult(port=port_id, kind=item["kind"], status=status, message=item["message"],
                       detail=item["detail"], warnings=list(item["warnings"]),
                       seconds=float(item["seconds"]), reason=reason,
                       cases=[_case(case) for case in _list(item["cases"])])


CASE_FIELDS = ("case_id", "status", "message", "output", "inputs")


def _list(value: Any) -> list[Any]:
    if not isinstance(value, list):
        raise TypeError("not a list")
    return value


def _case(item: Any) -> CaseResult:
    """A remembered case, checked field by field: text fields, and a status that a kept
    verdict can have (a case that failed or erred is never in a remembered port)."""
    if not isinstance(item, dict) or set(item) != set(CASE_FIELDS) or \
            not all(isinstance(item[name], str) for name in CASE_FIELDS):
        raise TypeError("not a remembered case")
    if item["status"] not in ("pass", "n/a"):
        raise ValueError("a failed case is never remembered")
    return CaseResult(**{name: item[name] for name in CASE_FIELDS})

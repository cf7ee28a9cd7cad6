"""Equivalent mutants that no machine finds, listed by a person: a port's
``equivalent-mutants.yaml``, keyed by the mutant's stable id (line, original, replacement)::

    - id: "57: Deal(2147483647); => Deal(-1);"
      why: deal(-1) deals what deal(2147483647) deals: the seed is taken mod 2^31

A listed mutant counts as equivalent only if it also survives every golden case: a listed
mutant that the cases kill is killed, and the entry is reported as not needed.
"""

from __future__ import annotations

from pathlib import Path

from portcheck.errors import UsageError
from portcheck.files.yamlio import read_yaml
from portcheck.suite.ports import Port

FILE = "equivalent-mutants.yaml"


def reviewed_equivalents(port: Port) -> dict[str, str]:
    """The port's reviewed equivalent mutants: id -> why (none without the file)."""
    path = port.folder / FILE
    if not path.exists():
        return {}
    document = read_yaml(path)
    entries = document.data or []
    if not isinstance(entries, list):
        raise UsageError(f"{path}:1: a list of {{id, why}} entries expected")
    found: dict[str, str] = {}
    for n, entry in enumerate(entries):
        if not (isinstance(entry, dict) and set(entry) == {"id", "why"}
                and all(isinstance(v, str) and v.strip() for v in entry.values())):
            raise UsageError(f"{document.lines.where(n)}: each entry has an id and a why "
                             "(both text)")
        found[entry["id"]] = entry["why"]
    return found


def path_of(port: Port) -> Path:
    return port.folder / FILE

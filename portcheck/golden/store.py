"""The golden file of an algorithm: ``golden/<algorithm>.yaml``.

Written only by ``portcheck golden update`` (never by hand); each case keeps its inputs,
the exact output text and, where the output is also printed elsewhere, that provenance.
Multi-line outputs are stored as YAML literal blocks so a review diff reads like the output.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import yaml

from portcheck.errors import UsageError
from portcheck.files.yamlio import LineNumbers, read_yaml, write_atomic

HEADER = (
    "# Golden outputs of reference/{name}.py, written by `portcheck golden update`.\n"
    "# Do not edit by hand: change the reference, then run the update and review the diff.\n"
)


@dataclass(frozen=True)
class GoldenCase:
    params: dict[str, Any]
    output: str
    attested: str | None = None


def golden_path(golden_dir: Path, algorithm: str) -> Path:
    return golden_dir / f"{algorithm}.yaml"


def read_golden(path: Path, algorithm: str) -> dict[str, GoldenCase] | None:
    """The cases of a golden file, or None when the file does not exist."""
    if not path.exists():
        return None
    document = read_yaml(path, inside=path.parent)  # a golden is a file of golden/
    data, lines = document.data, document.lines
    if not isinstance(data, dict) or not isinstance(data.get("cases"), dict):
        raise UsageError(f"{lines.where()}: a golden file needs 'algorithm' and 'cases'")
    _known_keys(data, FILE_KEYS, lines)
    if data.get("algorithm") != algorithm:
        raise UsageError(f"{lines.where('algorithm')}: algorithm is "
                         f"{data.get('algorithm')!r}, expected {algorithm!r}")
    return {str(cid): _case(entry, lines, str(cid)) for cid, entry in data["cases"].items()}


FILE_KEYS = ("algorithm", "cases")
CASE_KEYS = ("params", "attested", "output")


def _case(entry: Any, lines: LineNumbers, case_id: str) -> GoldenCase:
    if (not isinstance(entry, dict) or not isinstance(entry.get("output"), str)
            or not isinstance(entry.get("params"), dict)):
        raise UsageError(f"{lines.where('cases', case_id)}: case {case_id!r} needs "
                         "'params' (a mapping) and 'output' (text)")
    _known_keys(entry, CASE_KEYS, lines, "cases", case_id)
    if not isinstance(entry.get("attested", ""), str):
        raise UsageError(f"{lines.where('cases', case_id, 'attested')}: attested must be text")
    return GoldenCase(entry["params"], entry["output"], entry.get("attested"))


def _known_keys(data: dict[Any, Any], known: tuple[str, ...], lines: LineNumbers,
                *at: str) -> None:
    """A key a golden file does not have (a typo, a hand edit) is an error at its line."""
    for key in data:
        if key not in known:
            raise UsageError(f"{lines.where(*at, str(key))}: unknown key {key!r} in a golden "
                             f"file (known here: {', '.join(known)})")


class _LiteralDumper(yaml.SafeDumper):
    def ignore_aliases(self, data: Any) -> bool:  # a golden file never has aliases
        return True


def _represent_text(dumper: yaml.SafeDumper, text: str) -> yaml.ScalarNode:
    style = "|" if "\n" in text else None
    return dumper.represent_scalar("tag:yaml.org,2002:str", text, style=style)


_LiteralDumper.add_representer(str, _represent_text)


def dump_golden(algorithm: str, cases: dict[str, GoldenCase]) -> str:
    """The file text; checked to read back to exactly ``cases`` before anyone writes it."""
    data = {"algorithm": algorithm, "cases": {
        cid: {k: v for k, v in (("params", c.params), ("attested", c.attested),
                                ("output", c.output)) if v is not None}
        for cid, c in cases.items()}}
    body = yaml.dump(data, Dumper=_LiteralDumper, allow_unicode=True, sort_keys=False,
                     width=1000)
    text = HEADER.format(name=algorithm) + body
    back = yaml.safe_load(text)["cases"]
    for cid, case in cases.items():
        if back[cid]["output"] != case.output:
            raise RuntimeError(f"golden case {cid}: YAML would not keep the output exactly")
    return text


def write_golden(path: Path, algorithm: str, cases: dict[str, GoldenCase]) -> None:
    write_atomic(path, dump_golden(algorithm, cases))

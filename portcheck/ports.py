"""A port: ``ports/<algorithm>/<name>/`` with the program, ``port.yaml`` and the transcript.

``port.yaml`` declares, and nothing is guessed:

    algorithm: freecell          # a module of reference/
    language: java               # which runner runs it
    origin: template             # template | article | contributed
    program: Freecell.java       # the program file, in this folder
    template: templates/java/freecell.java.j2   # origin: template only
    cases: [game-1, game-617]    # the cases it prints, in order
    compare: exact               # exact | lines | tokens
    stdin: input.txt             # optional: fed to the program (or `reference`: the
                                 # reference's stdin_script for each case)
    runs: once                   # once | per-case (an interactive program: one game a run)
    options: {dialect: platform} # optional: runner options (engine, dialect, encoding, seed)
    runnable: true               # false: nothing here can run it; checked by transcript only
    transcript_from: run         # run (recorded by `render write`) | article | platform
    note: ...                    # optional, shown in the report
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portcheck.algorithms import all_algorithms
from portcheck.compare import MODES
from portcheck.errors import UsageError
from portcheck.yamlio import LineNumbers, load_yaml

ORIGINS = ("template", "article", "contributed")
TRANSCRIPT_SOURCES = ("run", "article", "platform")
RUNS = ("once", "per-case")
LANGUAGES = ("bsl", "java", "kumir", "pascal", "python")
KEYS = {"algorithm", "language", "origin", "program", "template", "cases", "compare", "stdin",
        "options", "runnable", "transcript_from", "runs", "note"}
TRANSCRIPT = "transcript.txt"


@dataclass(frozen=True)
class Port:
    folder: Path
    id: str  # ports/freecell/java
    algorithm: str
    language: str
    origin: str
    program: Path
    cases: list[str]
    compare: str = "exact"
    template: Path | None = None
    stdin: Path | None = None
    stdin_from_reference: bool = False
    runs: str = "once"
    options: dict[str, Any] = field(default_factory=dict)
    runnable: bool = True
    transcript_from: str = "run"
    note: str = ""

    @property
    def transcript(self) -> Path:
        return self.folder / TRANSCRIPT


def find_ports(ports_dir: Path) -> list[Port]:
    """Every port under ``ports_dir``, in a stable order."""
    return [load_port(p, ports_dir.parent) for p in sorted(ports_dir.glob("*/*/port.yaml"))]


def load_port(path: Path, root: Path) -> Port:
    """Read and check one ``port.yaml``; every mistake names its file and line."""
    data = load_yaml(path)
    lines = LineNumbers(path)
    if not isinstance(data, dict):
        raise UsageError(f"{lines.where()}: port.yaml must be a mapping")
    _check_keys(data, lines)
    folder = path.parent
    algorithm = _choice(data, "algorithm", tuple(all_algorithms()), lines)
    if folder.parent.parent.name == "ports" and folder.parent.name != algorithm:
        raise UsageError(f"{lines.where('algorithm')}: algorithm {algorithm!r} in a port under "
                         f"ports/{folder.parent.name}/ (a port lives in ports/<algorithm>/)")
    cases = _cases(data, lines, algorithm)
    template = data.get("template")
    origin = _choice(data, "origin", ORIGINS, lines)
    if (origin == "template") != (template is not None):
        raise UsageError(f"{lines.where('template')}: 'template' is required for origin "
                         "template, and only for it")
    return Port(
        folder=folder,
        id=folder.relative_to(root).as_posix() if folder.is_relative_to(root) else str(folder),
        algorithm=algorithm,
        language=_choice(data, "language", LANGUAGES, lines),
        origin=origin,
        program=_file(folder, data, "program", lines, must_exist=origin != "template"),
        cases=cases,
        compare=_choice(data, "compare", MODES, lines, default="exact"),
        template=_file(root, data, "template", lines) if template is not None else None,
        stdin=_file(folder, data, "stdin", lines)
        if data.get("stdin", "reference") != "reference" else None,
        stdin_from_reference=data.get("stdin") == "reference",
        runs=_choice(data, "runs", RUNS, lines, default="once"),
        options=_mapping(data, "options", lines),
        runnable=_flag(data, "runnable", lines),
        transcript_from=_choice(data, "transcript_from", TRANSCRIPT_SOURCES, lines,
                                default="run"),
        note=str(data.get("note", "")).strip(),
    )


def _check_keys(data: dict[str, Any], lines: LineNumbers) -> None:
    for key in data:
        if key not in KEYS:
            raise UsageError(f"{lines.where(key)}: unknown key {key!r} "
                             f"(known: {', '.join(sorted(KEYS))})")
    for key in ("algorithm", "language", "origin", "program", "cases"):
        if key not in data:
            raise UsageError(f"{lines.where()}: missing key {key!r}")


def _choice(data: dict[str, Any], key: str, allowed: tuple[str, ...], lines: LineNumbers,
            default: str | None = None) -> str:
    value = data.get(key, default)
    if value not in allowed:
        raise UsageError(f"{lines.where(key)}: {key} {value!r} is not one of "
                         f"{', '.join(allowed)}")
    return value


def _cases(data: dict[str, Any], lines: LineNumbers, algorithm: str) -> list[str]:
    cases = data["cases"]
    if not isinstance(cases, list) or not cases:
        raise UsageError(f"{lines.where('cases')}: cases must be a non-empty list of case ids")
    known = all_algorithms()[algorithm].cases
    for n, case_id in enumerate(cases):
        if case_id not in known:
            raise UsageError(f"{lines.where('cases', n)}: {algorithm} has no case "
                             f"{case_id!r} (see reference/{algorithm}.py)")
    return [str(c) for c in cases]


def _file(base: Path, data: dict[str, Any], key: str, lines: LineNumbers,
          must_exist: bool = True) -> Path:
    """A file named in port.yaml (a rendered program may be missing until rendered)."""
    value = data.get(key)
    if not isinstance(value, str) or not value or Path(value).is_absolute():
        raise UsageError(f"{lines.where(key)}: {key} must be a relative file name")
    path = base / value
    if must_exist and not path.is_file():
        raise UsageError(f"{lines.where(key)}: {key} file {value!r} does not exist")
    return path


def _mapping(data: dict[str, Any], key: str, lines: LineNumbers) -> dict[str, Any]:
    value = data.get(key, {})
    if not isinstance(value, dict):
        raise UsageError(f"{lines.where(key)}: {key} must be a mapping")
    return value


def _flag(data: dict[str, Any], key: str, lines: LineNumbers) -> bool:
    value = data.get(key, True)
    if not isinstance(value, bool):
        raise UsageError(f"{lines.where(key)}: {key} must be true or false")
    return value

"""A port: ``ports/<algorithm>/<name>/`` with the program, ``port.yaml`` and the transcript.

A template port needs no ``port.yaml``: its place says what it is
(``portcheck.suite.layout``): ``ports/freecell/java/`` beside ``templates/java/freecell.java.j2``
is the Java port of freecell, rendered from that template into ``Freecell.java``, printing
every case of the algorithm.  ``port.yaml`` declares what differs, and every key has the
default the layout gives:

    algorithm: freecell          # default: the folder's parent (ports/<algorithm>/)
    language: java               # a built-in language or one of languages.yaml; default:
                                 # the folder's name, when it is a language
    origin: template             # template (default) | article | contributed
    program: Freecell.java       # default for a template port: the language's file name
    template: templates/java/freecell.java.j2   # default: templates/<language>/<algorithm>.*.j2
    cases: [game-1, game-617]    # default: every case of the algorithm (beyond the limits:
                                 # not applicable); a list only narrows them, in its order
    compare: exact               # exact | lines | tokens
    stdin: input.txt             # optional: fed to the program (or `reference`: the
                                 # reference's stdin_script for each case)
    runs: once                   # once | per-case (an interactive program: one game a run)
    args: ["{game}"]             # optional: command-line arguments ("{name}": the case's
                                 # input name; implies runs: per-case)
    options: {dialect: platform} # optional: runner options (engine, dialect, encoding, seed)
    normalize: {chars: {D: "♦"}} # optional, not for templates: a reviewed presentation
                                 # mapping of the output (portcheck.suite.normalize)
    limits:                      # optional: inputs this language cannot hold exactly; the
      n: {high: 12, why: "…"}    # cases beyond are reported "not applicable", never run
    runnable: true               # false: nothing here can run it; checked by transcript only
    transcript_from: run         # run (recorded by `render write`) | article | platform
    note: ...                    # optional, shown in the report
"""

from __future__ import annotations

import os
import re
import stat
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from portcheck.errors import UsageError
from portcheck.files.guarded import is_inside, kind_of
from portcheck.files.yamlio import LineNumbers, read_text, read_yaml
from portcheck.suite.algorithms import Algorithm, Case
from portcheck.suite.compare import MODES
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.languages import Language, Registry, engine_for
from portcheck.suite.layout import port_folders, template_files, template_path
from portcheck.suite.normalize import Normalize, NormalizeError, parse_normalize
from portcheck.suite.params import IntParam
from portcheck.suite.project import Project

ORIGINS = ("template", "article", "contributed")
TRANSCRIPT_SOURCES = ("run", "article", "platform")
RUNS = ("once", "per-case")
KEYS = {"algorithm", "language", "origin", "program", "template", "cases", "compare", "stdin",
        "options", "runnable", "transcript_from", "runs", "note", "args", "normalize",
        "limits"}
TRANSCRIPT = "transcript.txt"
PORT_FILE = "port.yaml"
PLACEHOLDER = re.compile(r"\{(\w+)\}")


@dataclass(frozen=True)
class Limit:
    """The inputs of one parameter a port's language can hold: ``low..high``, and why."""

    low: int
    high: int
    why: str

    def admits(self, value: int) -> bool:
        return self.low <= value <= self.high


@dataclass(frozen=True)
class Port:
    folder: Path
    id: str  # ports/freecell/java
    reference: Algorithm = field(repr=False, compare=False)
    language: str
    origin: str
    program: Path
    cases: list[str]
    compare: str = "exact"
    template: Path | None = None
    stdin: Path | None = None
    stdin_from_reference: bool = False
    runs: str = "once"
    args: tuple[str, ...] = ()
    options: dict[str, Any] = field(default_factory=dict)
    normalize: Normalize = field(default_factory=Normalize)
    limits: dict[str, Limit] = field(default_factory=dict)
    runnable: bool = True
    transcript_from: str = "run"
    note: str = ""
    # the language's declaration (None: the built-in language called ``language``)
    declaration: Language | None = field(default=None, repr=False, compare=False)

    @property
    def lang(self) -> Language:
        """What the port's language is: its runner, lexer, comment marker, rules."""
        if self.declaration is not None:
            return self.declaration
        return builtin_languages().get(self.language)

    @property
    def algorithm(self) -> str:
        return self.reference.name

    @property
    def transcript(self) -> Path:
        return self.folder / TRANSCRIPT

    def transcript_text(self) -> str:
        """The recorded transcript: a regular file really in the port's folder."""
        return read_text(self.transcript, inside=self.folder)

    def why_not(self, case: Case) -> str | None:
        """Why ``case`` is beyond what this port's language holds (None: it is not)."""
        for name, limit in self.limits.items():
            if not limit.admits(case.params[name]):
                return f"{name}={case.params[name]}: {limit.why}"
        return None

    @property
    def applicable(self) -> list[Case]:
        """The cases the port prints, in order: those it lists that are within its limits."""
        known = self.reference.cases
        return [known[cid] for cid in self.cases if self.why_not(known[cid]) is None]

    @property
    def not_applicable(self) -> list[tuple[str, str]]:
        """(case id, why) for every case of the algorithm beyond this port's limits."""
        return [(case.id, why) for case in self.reference.cases.values()
                if (why := self.why_not(case)) is not None]

    def options_for(self, case: Case | None) -> dict[str, Any]:
        """The runner options, a ``"{name}"`` value standing for the case's input."""
        return {name: substitute(value, case) for name, value in self.options.items()}

    def args_for(self, case: Case | None) -> list[str]:
        return [str(substitute(arg, case)) for arg in self.args]


def substitute(value: Any, case: Case | None) -> Any:
    """``"{seed}"`` -> the case's seed (kept as a number); ``"-g{game}"`` -> ``"-g617"``."""
    if not isinstance(value, str) or case is None:
        return value
    whole = PLACEHOLDER.fullmatch(value)
    if whole and whole.group(1) in case.params:
        return case.params[whole.group(1)]
    return PLACEHOLDER.sub(lambda m: str(case.params.get(m.group(1), m.group())), value)


def find_ports(project: Project) -> list[Port]:
    """Every port of the project, in a stable order: each ``ports/<algorithm>/<name>/``
    with a ``port.yaml``, and each without one that the layout makes a template port.  A
    ``port.yaml`` that is there but cannot be read (a broken or looping symbolic link) is
    an error, not a port left out."""
    ports = []
    for folder in port_folders(project.ports_dir):
        path = folder / PORT_FILE
        if os.path.lexists(path):
            ports.append(load_port(path, project))
        elif (port := implied_port(folder, project)) is not None:
            ports.append(port)
    return ports


def implied_port(folder: Path, project: Project) -> Port | None:
    """The template port ``folder`` is by its place alone (no ``port.yaml``): the folder
    is named after a language, its parent after an algorithm, and that pair has a
    template.  None when it is not."""
    language, algorithm = folder.name, folder.parent.name
    if language not in project.languages or algorithm not in project.algorithms:
        return None
    if template_path(project.templates_dir, language, algorithm) is None:
        return None
    return port_from({}, LineNumbers(folder, None), folder, project)


def new_port(project: Project, algorithm: str, language: str) -> Port:
    """The template port ``ports/<algorithm>/<language>/`` its template makes, before its
    folder exists (``render write`` and ``new`` make the folder)."""
    return port_from({}, LineNumbers(project.ports_dir / algorithm / language, None),
                     project.ports_dir / algorithm / language, project)


def unrendered_ports(project: Project, ports: list[Port]) -> list[Port]:
    """The template ports the layout asks for that have no folder yet: a template
    ``templates/<language>/<algorithm>.<ext>.j2`` no port renders, whose
    ``ports/<algorithm>/<language>/`` does not exist (``render write`` makes them)."""
    used = {port.template.resolve() for port in ports if port.template is not None}
    made = []
    for template in template_files(project.templates_dir):
        if (template.piece or template.range_of is not None
                or template.language not in project.languages
                or template.stem not in project.algorithms or template.path.resolve() in used):
            continue
        folder = project.ports_dir / template.stem / template.language
        if not folder.exists() and template_path(project.templates_dir, template.language,
                                                 template.stem) == template.path:
            made.append(new_port(project, template.stem, template.language))
    return made


def load_port(path: Path, project: Project) -> Port:
    """Read and check one ``port.yaml``; every mistake names its file and line."""
    document = read_yaml(path, inside=project.root)
    data, lines = document.data, document.lines
    if data is None:  # an empty port.yaml: everything as the layout says
        data = {}
    if not isinstance(data, dict):
        raise UsageError(f"{lines.where()}: port.yaml must be a mapping")
    return port_from(data, lines, path.parent, project)


def port_from(data: dict[str, Any], lines: LineNumbers, folder: Path, project: Project) -> Port:
    """The port ``data`` declares in ``folder``, each key missing taken from the layout."""
    _check_keys(data, lines)
    in_layout = folder.parent.parent.name == "ports"
    reference = _algorithm(data, lines, project, folder.parent.name if in_layout else None)
    if in_layout and folder.parent.name != reference.name:
        raise UsageError(f"{lines.where('algorithm')}: algorithm {reference.name!r} in a port "
                         f"under ports/{folder.parent.name}/ (a port lives in "
                         "ports/<algorithm>/)")
    languages = project.languages
    language = _language(data, lines, folder.name, languages)
    declaration = languages.get(language)
    origin = _choice(data, "origin", ORIGINS, lines, default="template")
    if origin != "template" and "template" in data:
        raise UsageError(f"{lines.where('template')}: 'template' is for origin template only")
    if origin == "template" and "normalize" in data:
        raise UsageError(f"{lines.where('normalize')}: a template port prints the goldens' "
                         "notation itself; normalize is for article and contributed ports")
    template = _template(data, lines, project, language, reference) \
        if origin == "template" else None
    if origin == "template" and "program" not in data:
        data = {**data, "program": declaration.program_name(reference.name)}
    args = _args(data, lines, declaration)
    port = Port(
        folder=folder,
        id=project.relative(folder),
        reference=reference,
        language=language,
        origin=origin,
        program=_file(folder, data, "program", lines, must_exist=origin != "template"),
        cases=_cases(data, lines, reference),
        compare=_choice(data, "compare", MODES, lines, default="exact"),
        template=template,
        stdin=_file(folder, data, "stdin", lines)
        if data.get("stdin", "reference") != "reference" else None,
        stdin_from_reference=data.get("stdin") == "reference",
        runs=_choice(data, "runs", RUNS, lines, default="per-case" if args else "once"),
        args=args,
        options=_mapping(data, "options", lines),
        normalize=_normalize(data, lines),
        limits=_limits(data, lines, reference),
        runnable=_flag(data, "runnable", lines),
        transcript_from=_choice(data, "transcript_from", TRANSCRIPT_SOURCES, lines,
                                default="run"),
        note=str(data.get("note", "")).strip(),
        declaration=declaration,
    )
    _check_options(port, lines)
    _check_placeholders(port, lines)
    _check_transcript(port)
    return port


def _check_transcript(port: Port) -> None:
    """A transcript, when there is one, is a regular file in the port's folder, as the
    files port.yaml names are: a link to ``/etc/passwd`` never reaches a diff or a report."""
    path = port.transcript
    if not os.path.lexists(path):
        return
    if not is_inside(path, port.folder):
        raise UsageError(f"{path}: a link to {os.path.realpath(path)}, outside the port's "
                         "folder (a transcript is a file of the port)")
    try:
        mode = path.stat().st_mode
    except OSError:
        return  # a broken link: the transcript is missing, and its check says so
    if not stat.S_ISREG(mode):
        raise UsageError(f"{path}: {kind_of(mode)}, not a regular file")


def _algorithm(data: dict[str, Any], lines: LineNumbers, project: Project,
               default: str | None) -> Algorithm:
    if "algorithm" not in data and default is None:
        raise UsageError(f"{lines.where()}: missing key 'algorithm' (a port outside "
                         "ports/<algorithm>/ must say it)")
    name = data.get("algorithm", default)
    if name not in project.algorithms:
        known = ", ".join(project.algorithms) or "none: reference/ has no algorithm"
        said = "algorithm" if "algorithm" in data else "the folder ports/<algorithm>/ names"
        raise UsageError(f"{lines.where('algorithm')}: {said} {name!r}, which is not one of "
                         f"{known}")
    return project.algorithms[name]


def _language(data: dict[str, Any], lines: LineNumbers, folder_name: str,
              languages: Registry) -> str:
    if "language" not in data and folder_name not in languages:
        raise UsageError(f"{lines.where()}: missing key 'language' (the folder's name, "
                         f"{folder_name!r}, is not a language: {', '.join(languages)})")
    return _choice(data, "language", tuple(languages), lines, default=folder_name)


def _template(data: dict[str, Any], lines: LineNumbers, project: Project, language: str,
              reference: Algorithm) -> Path:
    """The template of a template port: as port.yaml names it, else the layout's."""
    if "template" in data:
        return _file(project.root, data, "template", lines, inside=project.templates_dir)
    found = template_path(project.templates_dir, language, reference.name)
    if found is None:
        shown = project.relative(project.templates_dir / language)
        raise UsageError(f"{lines.where()}: no template {shown}/{reference.name}.<ext>.j2 "
                         "for this template port (or say its origin: article or "
                         "contributed, and its program)")
    return found


def _check_keys(data: dict[str, Any], lines: LineNumbers) -> None:
    for key in data:
        if key not in KEYS:
            raise UsageError(f"{lines.where(key)}: unknown key {key!r} "
                             f"(known: {', '.join(sorted(KEYS))})")
    if data.get("origin", "template") != "template" and "program" not in data:
        raise UsageError(f"{lines.where()}: missing key 'program' (an {data['origin']} port "
                         "names its program file)")


def _text(data: dict[str, Any], key: str, lines: LineNumbers) -> str:
    value = data.get(key)
    if not isinstance(value, str):
        raise UsageError(f"{lines.where(key)}: {key} must be text")
    return value


def _choice(data: dict[str, Any], key: str, allowed: tuple[str, ...], lines: LineNumbers,
            default: str | None = None) -> str:
    value = data.get(key, default)
    if not isinstance(value, str) or value not in allowed:
        raise UsageError(f"{lines.where(key)}: {key} {value!r} is not one of "
                         f"{', '.join(allowed)}")
    return value


def _cases(data: dict[str, Any], lines: LineNumbers, reference: Algorithm) -> list[str]:
    """The cases the port prints, in order: those listed, else every case of the algorithm
    (those beyond the port's limits are then not applicable, not printed)."""
    known = reference.cases
    if "cases" not in data:
        return list(known)
    cases = data["cases"]
    if not isinstance(cases, list) or not cases:
        raise UsageError(f"{lines.where('cases')}: cases must be a non-empty list of case ids "
                         "(leave it out for every case)")
    for n, case_id in enumerate(cases):
        if not isinstance(case_id, str) or case_id not in known:
            raise UsageError(f"{lines.where('cases', n)}: {reference.name} has no case "
                             f"{case_id!r} (see {reference.source.name})")
        if case_id in cases[:n]:
            raise UsageError(f"{lines.where('cases', n)}: case {case_id} is listed twice")
    return list(cases)


def _file(base: Path, data: dict[str, Any], key: str, lines: LineNumbers,
          must_exist: bool = True, inside: Path | None = None) -> Path:
    """A file named in port.yaml, relative to ``base`` and inside ``inside`` (default:
    ``base``), links resolved; a rendered program may be missing until it is rendered."""
    value = data.get(key)
    if not isinstance(value, str) or not value or Path(value).is_absolute():
        raise UsageError(f"{lines.where(key)}: {key} must be a relative file name")
    path = base / value
    container = inside or base
    try:
        outside = not path.resolve().is_relative_to(container.resolve())
    except (OSError, RuntimeError) as error:  # a loop of symbolic links
        raise UsageError(f"{lines.where(key)}: {key} {value!r}: {error}") from None
    if outside:
        raise UsageError(f"{lines.where(key)}: {key} {value!r} is outside {container.name}/")
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


def _args(data: dict[str, Any], lines: LineNumbers, language: Language) -> tuple[str, ...]:
    value = data.get("args", [])
    if not isinstance(value, list) or not all(isinstance(a, str | int) for a in value):
        raise UsageError(f"{lines.where('args')}: args must be a list of words")
    if value and not language.takes_args:
        raise UsageError(f"{lines.where('args')}: a {language.name} program takes no command-line "
                         "arguments here")
    return tuple(str(a) for a in value)


def _normalize(data: dict[str, Any], lines: LineNumbers) -> Normalize:
    try:
        return parse_normalize(data.get("normalize"))
    except NormalizeError as error:
        raise UsageError(f"{lines.where('normalize')}: {error}") from None


def _limits(data: dict[str, Any], lines: LineNumbers, reference: Algorithm) -> dict[str, Limit]:
    limits = {}
    for name, spec in _mapping(data, "limits", lines).items():
        param = reference.params.get(name)
        where = lines.where("limits", name)
        if not isinstance(param, IntParam):
            raise UsageError(f"{where}: limits: {name!r} is not a whole-number input of "
                             f"{reference.name}")
        if not isinstance(spec, dict) or not isinstance(spec.get("why"), str) \
                or set(spec) - {"low", "high", "why"}:
            raise UsageError(f"{where}: limits: {name} needs low and/or high, and why")
        low, high = spec.get("low", param.low), spec.get("high", param.high)
        if not all(isinstance(v, int) and not isinstance(v, bool) for v in (low, high)) \
                or not param.low <= low <= high <= param.high:
            raise UsageError(f"{where}: limits: {name} must be within {param.describe()}")
        limits[name] = Limit(low, high, spec["why"])
    return limits


def _check_options(port: Port, lines: LineNumbers) -> None:
    """The options are runner options the language declares (``Language.options``); an
    ``engine`` (tried on the first case) is one that runs the language.  The runner checks
    the other values when it is made."""
    language = port.lang
    known = ", ".join(sorted(language.options)) or "none"
    for name in port.options:
        if name not in language.options:
            raise UsageError(f"{lines.where('options', name)}: {port.language} runs take no "
                             f"option {name!r} (known: {known})")
    case = port.reference.cases[port.cases[0]] if port.cases else None
    try:
        engine_for(language, port.options_for(case).get("engine"))
    except UsageError as error:
        raise UsageError(f"{lines.where('options')}: options: {error}") from None


def _check_placeholders(port: Port, lines: LineNumbers) -> None:
    inputs = set(port.reference.params)
    words = [*port.args, *(v for v in port.options.values() if isinstance(v, str))]
    for word in words:
        for name in PLACEHOLDER.findall(word):
            if name not in inputs:
                raise UsageError(f"{lines.where('args')}: {{{name}}} is not an input of "
                                 f"{port.algorithm} (inputs: {', '.join(inputs)})")
    if port.runs == "once" and any(PLACEHOLDER.search(w) for w in words):
        raise UsageError(f"{lines.where('runs')}: a run for all cases cannot take one case's "
                         "input; use runs: per-case")

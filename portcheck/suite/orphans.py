"""The suite's orphans: files left behind that nothing uses, found by their place
(``portcheck.suite.layout``), so a deleted reference or a template never rendered does not
go unnoticed (``verify`` and ``golden check`` report them, with the command that fixes
each):

- a golden file whose algorithm no module of ``reference/`` declares any more;
- a template no port renders (not a piece ``_name``, not a range-mode program), or one
  whose folder is not a language or whose name is not an algorithm;
- a folder of ``ports/`` that is no port: no ``port.yaml``, and no template makes it one.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from portcheck.suite.layout import port_folders, template_files
from portcheck.suite.ports import PORT_FILE, Port, implied_port
from portcheck.suite.project import Project


@dataclass(frozen=True)
class Orphan:
    path: str  # as the user reads it: golden/josephus.yaml
    algorithm: str  # the algorithm its place names (which may no longer exist)
    why: str
    fix: str  # the command (or the step) that fixes it

    def line(self) -> str:
        return f"{self.path}: {self.why}"


def find_orphans(project: Project, ports: list[Port]) -> list[Orphan]:
    """Every orphan of the project, goldens first, then templates, then port folders."""
    return [*_goldens(project), *_templates(project, ports), *_folders(project, ports)]


def orphans_of(project: Project, ports: list[Port], algorithms: Iterable[str]) -> list[Orphan]:
    """The orphans a check of ``algorithms`` reports: those whose place names one of them
    and, when every algorithm of the project is checked, those whose algorithm is gone."""
    names = set(algorithms)
    whole = names >= set(project.algorithms)
    return [orphan for orphan in find_orphans(project, ports)
            if orphan.algorithm in names or (whole and orphan.algorithm not in
                                             project.algorithms)]


def _goldens(project: Project) -> list[Orphan]:
    if not project.golden_dir.is_dir():
        return []
    return [Orphan(project.relative(path), path.stem,
                   f"no algorithm {path.stem} in {project.relative(project.reference_dir)}/ "
                   "(its reference was deleted or renamed)", "portcheck golden update --prune")
            for path in sorted(project.golden_dir.glob("*.yaml"))
            if path.stem not in project.algorithms]


def _templates(project: Project, ports: list[Port]) -> list[Orphan]:
    used = {port.template.resolve() for port in ports if port.template is not None}
    orphans = []
    for template in template_files(project.templates_dir):
        if template.piece or template.path.resolve() in used:
            continue
        shown = project.relative(template.path)
        name = template.range_of or template.stem
        if template.language not in project.languages:
            orphans.append(Orphan(shown, name, f"{template.language} is not a language "
                                  f"(known: {', '.join(project.languages)})",
                                  f"move or remove {shown}"))
        elif name not in project.algorithms:
            orphans.append(Orphan(shown, name, f"no algorithm {name} in "
                                  f"{project.relative(project.reference_dir)}/",
                                  f"rename or remove {shown}"))
        elif template.range_of is None:
            fix = f"portcheck render write {name} --lang {template.language}"
            orphans.append(Orphan(shown, name, f"no port renders it (make one: {fix})", fix))
    return orphans


def _folders(project: Project, ports: list[Port]) -> list[Orphan]:
    found = {port.folder for port in ports}  # a port's folder is no orphan: not made again
    orphans = []
    for folder in port_folders(project.ports_dir):
        if folder in found or (folder / PORT_FILE).exists() or \
                implied_port(folder, project) is not None:
            continue
        shown = project.relative(folder)
        orphans.append(Orphan(shown, folder.parent.name, f"not a port: no {PORT_FILE}, and no "
                              f"template templates/{folder.name}/{folder.parent.name}.<ext>.j2 "
                              "makes it one", f"add {shown}/{PORT_FILE}, or remove the folder"))
    return orphans

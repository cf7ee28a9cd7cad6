"""Where each line of a rendered program comes from in its templates, so that what a run
says about a line of the program (a 1C warning: ``freecell.bsl:44:5: warning: …``) points
at the template a teacher edits (``templates/bsl/freecell.bsl.j2:31``).

The templates are rendered once more with a mark before every line end of their text
(found with Jinja's own lexer, so nothing inside ``{{ }}`` or ``{% %}`` is touched): the
mark says the template and the line, and travels with that text through loops, includes
and macros.  A program line's origin is the last mark on it.  The marked rendering, its
marks taken out, must be the program exactly; when it is not (a template that measures
or compares its own text), no origin is given rather than a wrong one.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from functools import cache
from pathlib import Path

import jinja2

from portcheck.suite.algorithms import Algorithm, Case, script_lines
from portcheck.suite.render import OPTIONS, render_template, string_literal

OPEN, SEP, CLOSE = "\x00", "\x01", "\x02"
MARK = re.compile(f"{OPEN}([^{OPEN}{SEP}{CLOSE}]*){SEP}([0-9]+){CLOSE}")
WARNING = re.compile(r"^(?P<path>.*?):(?P<line>[0-9]+)(?::(?P<column>[0-9]+))?: "
                     r"(?P<rest>warning: .*)$")


class _MarkingLoader(jinja2.FileSystemLoader):
    """Templates from the folder, each line end of their text marked with its place."""

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str | None, Callable[[], bool] | None]:
        source, filename, uptodate = super().get_source(environment, template)
        pieces = []
        for line, kind, value in environment.lexer.tokeniter(source, template):
            if kind == "data" and "\n" in value:
                parts = value.split("\n")
                value = "".join(f"{part}{OPEN}{template}{SEP}{line + n}{CLOSE}\n"
                                for n, part in enumerate(parts[:-1])) + parts[-1]
            pieces.append(value)
        return "".join(pieces), filename, uptodate


@cache
def _environment(templates_dir: Path) -> jinja2.Environment:
    env = jinja2.Environment(loader=_MarkingLoader(str(templates_dir)), **OPTIONS)
    env.filters["string_literal"] = string_literal
    return env


def program_origins(template: Path, templates_dir: Path, reference: Algorithm,
                    cases: list[Case]) -> list[str | None]:
    """For each line of the program ``template`` renders for ``cases`` (from 0), the
    template line it comes from (``bsl/freecell.bsl.j2:31``, relative to the templates
    folder), None where none is known; [] when the marks cannot be trusted."""
    program = render_template(template, templates_dir, reference, cases)
    name = template.resolve().relative_to(templates_dir.resolve()).as_posix()
    try:
        marked = _environment(templates_dir.resolve()).get_template(name).render(
            algorithm=reference.name, cases=cases, params=reference.params,
            stdin_script=lambda case: script_lines(reference.stdin_script(case.params)))
    except Exception:  # the program itself rendered: only the marks could not be made
        return []
    if MARK.sub("", marked) != program:
        return []
    origins: list[str | None] = []
    for line in marked.split("\n"):
        found = MARK.findall(line)
        origins.append(f"{found[-1][0]}:{found[-1][1]}" if found else None)
    return origins


def placed_in_template(warnings: list[str], program: str, origins: list[str | None],
                       templates: str = "templates") -> list[str]:
    """The warnings about lines of ``program`` (a file name), each with the template line
    it comes from: ``freecell.bsl:44:5 (templates/bsl/freecell.bsl.j2:31): warning: …``."""
    placed = []
    for warning in warnings:
        found = WARNING.match(warning)
        line = int(found.group("line")) if found else 0
        if (found is None or Path(found.group("path")).name != program
                or not 0 < line <= len(origins) or origins[line - 1] is None):
            placed.append(warning)
            continue
        column = f":{found.group('column')}" if found.group("column") else ""
        placed.append(f"{program}:{line}{column} ({templates}/{origins[line - 1]}): "
                      f"{found.group('rest')}")
    return placed

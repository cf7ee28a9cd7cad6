"""Rendering templates into ports: one Jinja environment, strict about undefined names.

A template receives ``cases`` (objects with ``.id`` and ``.params``, in the order the port
prints them) and ``algorithm``.  ``render check`` compares each rendered text with the
committed program; ``render write`` writes the programs (atomically).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import jinja2

from portcheck.algorithms import Case, get_algorithm
from portcheck.errors import UsageError
from portcheck.ports import Port
from portcheck.yamlio import read_text, write_atomic


def environment(templates_dir: Path) -> jinja2.Environment:
    return jinja2.Environment(
        loader=jinja2.FileSystemLoader(str(templates_dir)),
        undefined=jinja2.StrictUndefined,
        keep_trailing_newline=True,
        trim_blocks=True,
        lstrip_blocks=True,
        autoescape=False,
    )


def render_template(template: Path, templates_dir: Path, algorithm: str,
                    cases: list[Case]) -> str:
    """The program text for ``cases``; a template error is one line naming file:line."""
    env = environment(templates_dir)
    name = template.resolve().relative_to(templates_dir.resolve()).as_posix()
    try:
        return env.get_template(name).render(algorithm=algorithm, cases=cases)
    except jinja2.TemplateSyntaxError as exc:
        raise UsageError(f"{exc.filename or template}:{exc.lineno}: template error: "
                         f"{exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise UsageError(f"{template}:{_template_line(exc)}: template uses an undefined "
                         f"name: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        raise UsageError(f"{template}: template not found ({exc.name})") from None


def _template_line(exc: BaseException) -> int:
    """The template line of a render-time error, from Jinja's rewritten traceback."""
    tb = exc.__traceback__
    line = 0
    while tb is not None:
        if tb.tb_frame.f_code.co_filename.endswith(".j2"):
            line = tb.tb_lineno
        tb = tb.tb_next
    return line


def template_for(templates_dir: Path, language: str, algorithm: str) -> Path:
    """``templates/<language>/<algorithm>.<ext>.j2``: the one template of that pair."""
    found = sorted((templates_dir / language).glob(f"{algorithm}.*.j2"))
    if not found:
        raise UsageError(f"no template for {algorithm} in {language} "
                         f"(expected {templates_dir / language / (algorithm + '.<ext>.j2')})")
    return found[0]


def render_port(port: Port, templates_dir: Path) -> str:
    assert port.template is not None
    cases = get_algorithm(port.algorithm).cases
    return render_template(port.template, templates_dir, port.algorithm,
                           [cases[cid] for cid in port.cases])


@dataclass(frozen=True)
class Staleness:
    port: Port
    fresh: bool
    reason: str = ""


def check_rendered(port: Port, templates_dir: Path) -> Staleness:
    """Does rendering the template give the committed program, byte for byte?"""
    text = render_port(port, templates_dir)
    if not port.program.exists():
        return Staleness(port, False, f"{port.program.name} is missing")
    if read_text(port.program) != text:
        return Staleness(port, False, f"{port.program.name} differs from its template")
    return Staleness(port, True)


def write_rendered(port: Port, templates_dir: Path) -> bool:
    """Render and write the program; True when the file changed."""
    text = render_port(port, templates_dir)
    if port.program.exists() and read_text(port.program) == text:
        return False
    write_atomic(port.program, text)
    return True

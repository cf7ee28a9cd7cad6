"""Rendering templates into ports: one Jinja environment per templates folder, strict about
undefined names, with a few registered filters (as exercism's generator has).

A template receives ``cases`` (objects with ``.id`` and ``.params``, in the order the port
prints them), ``algorithm`` (its name), ``params`` (its parameter types: a
``ChoiceParam`` gives a word's number with ``params.method.code(case.params.method)``) and
``stdin_script(case)``: the lines an interactive case types (the reference's
``stdin_script``), for a language with no console input, whose program gets them written in.
Filters: ``string_literal(language)`` writes text as a string literal of that language.
``render check`` compares each rendered text with the committed program; ``render write``
writes the programs (atomically).
"""

from __future__ import annotations

import os
import re
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import jinja2

from portcheck.errors import UsageError
from portcheck.files.yamlio import read_text, write_atomic
from portcheck.suite.algorithms import Algorithm, Case, script_lines
from portcheck.suite.layout import template_path
from portcheck.suite.ports import Port
from portcheck.suite.template_cache import template_cache


def string_literal(text: str, language: str) -> str:
    """``text`` as a string literal of ``language`` (one line; a line feed, a carriage return
    and a tab are escapes or concatenations, as the language has them)."""
    if language in ("java", "python"):
        escaped = text.replace("\\", "\\\\").replace('"', '\\"')
        for char, escape in (("\n", "\\n"), ("\r", "\\r"), ("\t", "\\t")):
            escaped = escaped.replace(char, escape)
        return f'"{escaped}"'
    if language == "arsac":
        if any(char in text for char in CONTROLS):
            raise UsageError("string_literal: the puzzle book's language has no line break "
                             "or tab in a string (print it with another ВЫВЕСТИ)")
        return '"' + text.replace('"', '""') + '"'
    if language not in CONTROLS_BY_NAME:
        raise UsageError(f"string_literal: unknown language {language!r}")
    quote, names = CONTROLS_BY_NAME[language]
    pieces = re.split("([\n\r\t])", text.replace(quote, quote * 2))
    parts = [names[piece] if piece in CONTROLS else f"{quote}{piece}{quote}"
             for piece in pieces if piece]
    return " + ".join(parts) or quote * 2


CONTROLS = "\n\r\t"
# Quote, and the names of a line feed, a carriage return and a tab, of the languages that
# join a string out of pieces.
CONTROLS_BY_NAME = {
    "pascal": ("'", {"\n": "#10", "\r": "#13", "\t": "#9"}),
    "bsl": ('"', {"\n": "Символы.ПС", "\r": "Символы.ВК", "\t": "Символы.Таб"}),
    "kumir": ('"', {"\n": "нс", "\r": "юнисимвол(13)", "\t": "юнисимвол(9)"}),
}


OPTIONS = {"undefined": jinja2.StrictUndefined, "keep_trailing_newline": True,
           "trim_blocks": True, "lstrip_blocks": True, "autoescape": False}


class SuiteLoader(jinja2.FileSystemLoader):
    """Jinja's file loader, reading as portcheck reads every suite file
    (``files.guarded``): a template, or a piece it includes, that is a FIFO, a device or a
    link out of the templates folder is one line, not a hang or a file from elsewhere."""

    def __init__(self, folder: Path) -> None:
        super().__init__(str(folder))
        self.folder = folder

    def get_source(self, environment: jinja2.Environment,
                   template: str) -> tuple[str, str, Callable[[], bool]]:
        path = self.folder.joinpath(*jinja2.loaders.split_template_path(template))
        if not os.path.lexists(path):
            raise jinja2.TemplateNotFound(template)
        text = read_text(path, inside=self.folder)
        mtime = path.stat().st_mtime
        return text, str(path), lambda: path.is_file() and path.stat().st_mtime == mtime


@cache
def environment(templates_dir: Path) -> jinja2.Environment:
    env = jinja2.Environment(loader=SuiteLoader(templates_dir),
                             bytecode_cache=template_cache(OPTIONS), **OPTIONS)
    env.filters["string_literal"] = string_literal
    return env


def render_template(template: Path, templates_dir: Path, reference: Algorithm,
                    cases: list[Case]) -> str:
    """The program text for ``cases``; any template error is one line naming file:line."""
    env = environment(templates_dir.resolve())
    name = template.resolve().relative_to(templates_dir.resolve()).as_posix()
    try:
        return env.get_template(name).render(algorithm=reference.name, cases=cases,
                                             params=reference.params,
                                             stdin_script=_typed_lines(reference))
    except jinja2.TemplateSyntaxError as exc:
        raise UsageError(f"{exc.filename or template}:{exc.lineno}: template error: "
                         f"{exc.message}") from None
    except jinja2.UndefinedError as exc:
        raise UsageError(f"{template}:{_template_line(exc)}: template uses an undefined "
                         f"name: {exc.message}") from None
    except jinja2.TemplateNotFound as exc:
        raise UsageError(f"{template}: template not found ({exc.name})") from None
    except UnicodeDecodeError as exc:
        raise UsageError(f"{template}: not UTF-8 text (byte {exc.start})") from None
    except RecursionError:
        raise UsageError(f"{template}: template error: recursion too deep") from None
    except UsageError:
        raise
    except Exception as exc:
        raise UsageError(f"{template}:{_template_line(exc)}: template error: "
                         f"{type(exc).__name__}: {exc}") from None


def _typed_lines(reference: Algorithm) -> Callable[[Case], list[str]]:
    """``stdin_script(case)`` for templates: the case's scripted input, one item a line."""
    return lambda case: script_lines(reference.stdin_script(case.params))


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
    found = template_path(templates_dir, language, algorithm)
    if found is None:
        raise UsageError(f"no template for {algorithm} in {language} "
                         f"(expected {templates_dir / language / (algorithm + '.<ext>.j2')})")
    return found


def render_port(port: Port, templates_dir: Path) -> str:
    assert port.template is not None
    return render_template(port.template, templates_dir, port.reference, port.applicable)


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
    if read_text(port.program, inside=port.folder) != text:
        return Staleness(port, False, f"{port.program.name} differs from its template")
    return Staleness(port, True)


def write_rendered(port: Port, templates_dir: Path) -> bool:
    """Render and write the program; True when the file changed."""
    text = render_port(port, templates_dir)
    if port.program.exists() and read_text(port.program, inside=port.folder) == text:
        return False
    write_atomic(port.program, text)
    return True

"""Where each line of a rendered program comes from in its templates
(``portcheck.suite.origins``), and a 1C warning placed on the template line a teacher edits
(the report once pointed at lines of the rendered program only)."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.suite.origins import placed_in_template, program_origins
from portcheck.suite.project import Project
from tests.helpers.cli import portcheck, write

MAIN = """\
{% import "py/_macros.py.j2" as m %}
# first line
{% for case in cases %}
print({{ case.params.game }})
{% endfor %}
{% include "py/_piece.py.j2" %}
{{ m.twice("x") }}
# last line
"""
PIECE = "# the piece\n# its second line\n"
MACROS = """\
{% macro twice(word) %}
print("{{ word }}")
print("{{ word }}")
{% endmacro %}
"""


def test_loops_includes_and_macros_are_traced(project_copy: Path) -> None:
    templates = project_copy / "templates"
    main = write(templates / "py" / "trace.py.j2", MAIN)
    write(templates / "py" / "_piece.py.j2", PIECE)
    write(templates / "py" / "_macros.py.j2", MACROS)
    algorithm = Project(project_copy).algorithm("freecell")
    cases = [algorithm.cases["game-1"], algorithm.cases["game-617"]]
    origins = program_origins(main, templates, algorithm, cases)
    assert origins[:8] == [
        "py/trace.py.j2:2",  # # first line
        "py/trace.py.j2:4", "py/trace.py.j2:4",  # print(1), print(617): the loop's line
        "py/_piece.py.j2:1", "py/_piece.py.j2:2",  # the included piece, its own lines
        "py/_macros.py.j2:2", "py/_macros.py.j2:3",  # the macro's lines
        "py/trace.py.j2:7",  # the line that called it ends here
    ]


def test_a_template_that_reads_its_own_text_gets_no_origins(project_copy: Path) -> None:
    """Marks that would change what the template does are not trusted: no origin, rather
    than a wrong one."""
    templates = project_copy / "templates"
    main = write(templates / "py" / "measure.py.j2",
                 "{% set text %}\nab\n{% endset %}\nprint({{ text | length }})\n")
    algorithm = Project(project_copy).algorithm("freecell")
    assert program_origins(main, templates, algorithm, []) == []


def test_placing_warnings() -> None:
    origins = [None, "bsl/x.bsl.j2:7"]
    assert placed_in_template(["/tmp/a/x.bsl:2:5: warning: число неявно", "other: warning: y",
                               "/tmp/a/y.bsl:2:5: warning: z"], "x.bsl", origins) == [
        "x.bsl:2:5 (templates/bsl/x.bsl.j2:7): warning: число неявно",
        "other: warning: y", "/tmp/a/y.bsl:2:5: warning: z"]


def test_a_1c_warning_names_the_template_line(project_copy: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    """An implicit number-to-text conversion (1C prints 1 500 000, OneScript 1500000) in
    the template's procedure: the warning names its line in the template."""
    template = project_copy / "templates" / "bsl" / "freecell.bsl.j2"
    lines = template.read_text(encoding="utf-8").split("\n")
    start = next(n for n, line in enumerate(lines) if line.startswith("Процедура Игра"))
    at = next(n for n in range(start, len(lines)) if lines[n].startswith("КонецПроцедуры"))
    lines.insert(at, '\tПроба = "" + 1500000;')
    # a comment line a case at the top: the program's lines are no longer the template's
    write(template, "{% for case in cases %}\n// {{ case.id }}\n{% endfor %}\n"
          + "\n".join(lines))
    code, out, err = portcheck(capsys, "render", "write", "freecell", "--lang", "bsl",
                               "--engine", "embedded")
    assert code == 0, out + err
    program = (project_copy / "ports/freecell/bsl/freecell.bsl").read_text(encoding="utf-8")
    line = program.split("\n").index('\tПроба = "" + 1500000;') + 1
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "bsl", "--engine",
                             "embedded")
    assert code == 0, out
    assert line == at + 1 + 9  # 9 comment lines, one a case, from 3 template lines
    assert (f"freecell.bsl:{line}:2 (templates/bsl/freecell.bsl.j2:{at + 1 + 3}): warning: "
            "число неявно преобразовано в строку") in out
    code, out, err = portcheck(capsys, "listing", "freecell", "--lang", "bsl", "--engine",
                               "embedded", "--format", "html")
    assert code == 0, err
    assert (f"<li>freecell.bsl:{line}:2 (templates/bsl/freecell.bsl.j2:{at + 1 + 3}): "
            "warning: число неявно") in out  # the listing shows it too, in the template

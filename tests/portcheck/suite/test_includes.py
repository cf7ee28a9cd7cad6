"""Which templates a template's render may read (``portcheck.suite.includes``): what it
names, again and again, and every template when it includes by anything but a name."""

from __future__ import annotations

from pathlib import Path

from portcheck.suite.includes import template_closure


def write(folder: Path, name: str, text: str) -> Path:
    path = folder / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(text, encoding="utf-8")
    return path


def test_what_a_template_names_and_what_that_names(tmp_path: Path) -> None:
    main = write(tmp_path, "lua/deal.lua.j2", '{% include "lua/_a.lua.j2" %}\n'
                                             "{%- include 'java/_b.java.j2' %}\n")
    write(tmp_path, "lua/_a.lua.j2", '{% from "lua/_c.lua.j2" import m %}')
    write(tmp_path, "java/_b.java.j2", "no includes")
    write(tmp_path, "lua/_c.lua.j2", "{% macro m() %}{% endmacro %}")
    write(tmp_path, "lua/_unused.lua.j2", "")
    assert [path.relative_to(tmp_path).as_posix()
            for path in template_closure(tmp_path, main) or []] == [
        "java/_b.java.j2", "lua/_a.lua.j2", "lua/_c.lua.j2", "lua/deal.lua.j2"]


def test_an_include_by_a_variable_may_read_any_template(tmp_path: Path) -> None:
    main = write(tmp_path, "lua/deal.lua.j2", '{% include "lua/_a.lua.j2" %}')
    write(tmp_path, "lua/_a.lua.j2", "{% include piece ~ '.lua.j2' %}")
    assert template_closure(tmp_path, main) is None
    write(tmp_path, "lua/_a.lua.j2", '{% include ["lua/_x.lua.j2", "lua/_y.lua.j2"] %}')
    assert template_closure(tmp_path, main) is None

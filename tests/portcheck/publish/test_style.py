"""``portcheck style``: the template ports' programs in their languages' style (docs/style.md).

The checker of the documented style is shown to find what is wrong (a checker that cannot
fail proves nothing); every template port of this repository passes its gate; a port that
breaks the style fails the command with the line named; article ports have no gate, and a
template quoting an article keeps the article's layout there.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from portcheck.publish.style.gates import FORMATTERS, gate, quoted_lines
from portcheck.publish.style.rules import style_problems
from portcheck.suite.ports import find_ports
from portcheck.suite.project import Project
from tests.helpers.cli import portcheck, write
from tests.helpers.needs import need
from tests.helpers.reference import REPO

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

BAD_JAVA = """\
public class Bad {
    static void f() {
      int x = 1;
        }
}
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
    java = style_problems(BAD_JAVA, "java")
    assert "line 3: indented 6 spaces (steps of 4)" in java
    assert any(p.startswith("line 4: } at column 8, its { (line 2) at 4") for p in java)
    kumir = style_problems(BAD_KUMIR, "kumir")
    assert any(p.startswith("line 5: кц at column 3, its нц (line 3) at 2") for p in kumir)
    assert any(p.startswith("line 6: вывод not inside its алг") for p in kumir)


WRAPPED_JAVA = """class Wrapped {
    static int sum(int first, int second,
                   int third) {
        return first + second + third;
    }

    static int bad(int first, int second,
                   int third) {
        return first;
            }
}
"""


def test_a_wrapped_java_signature_goes_by_its_first_line() -> None:
    """A method whose parameters are wrapped: its body and ``}`` go by the method's first
    line (or the ``{``'s own line), and a ``}`` under neither is still found."""
    problems = style_problems(WRAPPED_JAVA, "java")
    assert problems == ["line 10: } at column 12, its { (line 8) at 19"], problems


def test_a_quotation_is_three_lines_of_an_article_port() -> None:
    ports = find_ports(Project(REPO))
    article = next(p for p in ports if p.origin == "article" and p.language == "kumir")
    lines = article.program.read_text(encoding="utf-8").splitlines()
    code = [line for line in lines if line.strip()]
    source = "\n".join(["алг Своё", *code[20:24], "вывод 1", code[30]]) + "\n"
    assert quoted_lines(source, "kumir", ports) == {2, 3, 4, 5}  # one line alone is none


def test_every_template_port_of_the_repository_is_in_style(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    for program, _, package in FORMATTERS.values():  # the others come with portcheck[style]
        need(shutil.which(program), f"{program} not found: install package {package}")
    monkeypatch.setenv("PORTCHECK_ROOT", str(REPO))
    code, out, _ = portcheck(capsys, "style", "-v")
    ports = [p for p in find_ports(Project(REPO)) if p.template is not None]
    assert code == 0, out
    assert f"{len(ports)} template ports: {len(ports)} in style, 0 not, 0 skipped" in out
    gated = {line.split()[1] for line in out.splitlines() if line.startswith("ok ")}
    assert gated == {p.id for p in ports}
    assert "(no gate for this language)" not in out  # every shipped language has a gate


def test_a_port_out_of_style_fails_with_its_line(project_copy: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    template = project_copy / "templates" / "pascal" / "freecell.pas.j2"
    write(template, template.read_text(encoding="utf-8").replace("begin\n", "Begin\n", 1))
    assert portcheck(capsys, "render", "write", "freecell", "--lang", "pascal")[0] in (0, 1)
    code, out, _ = portcheck(capsys, "style", "freecell")
    assert code == 1
    assert "FAIL ports/freecell/pascal/freecell.pas (portcheck's style rules):" in out
    assert "(reserved words are lower case)" in out
    assert "ports/freecell/java" not in out  # only what fails is listed without -v


def test_article_ports_have_no_gate(project_copy: Path) -> None:
    project = Project(project_copy)
    article = next(p for p in find_ports(project) if p.origin == "article")
    assert gate(article, []).status == "skip" and gate(article, []).tool == ""


def test_a_missing_tool_is_a_skip_naming_the_package(project_copy: Path,
                                                    monkeypatch: pytest.MonkeyPatch,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr("importlib.util.find_spec",
                        lambda name, *a: None if name == "bslfmt" else object())
    monkeypatch.delenv("PORTCHECK_REQUIRE_RUNTIMES", raising=False)
    code, out, _ = portcheck(capsys, "style", "freecell", "--lang", "bsl")
    assert code == 0
    assert "skip ports/freecell/bsl: bslfmt is not installed: pip install " \
           "'portcheck[style]'" in out
    monkeypatch.setenv("PORTCHECK_REQUIRE_RUNTIMES", "1")
    assert portcheck(capsys, "style", "freecell", "--lang", "bsl")[0] == 1

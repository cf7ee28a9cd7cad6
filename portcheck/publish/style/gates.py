"""The style gate of each template port's program (``portcheck style``): a listing is
teaching material, and a reader of the article should find each language written as its
own programmers write it (docs/style.md).

- 1C: ``bslfmt --check`` (PyPI ``bslfmt``, the 1C standard's indentation and spacing)
  leaves the program unchanged;
- Python: ``ruff check --isolated`` (pyflakes and pycodestyle errors);
- Go: ``gofmt -d`` (it comes with Go) shows no change; Rust: ``rustfmt --check``;
- Java, Free Pascal, the school language, the puzzle book's language, C, C++, C#,
  JavaScript, Lua and Ruby: the documented style (``rules``; Lua and Ruby its layout only).

Article and contributed ports are printed as their authors wrote them: no gate.  A
template that quotes an article's code (three lines or more in a row, character for
character as an article port of the same language has them, its ``ERRATUM``/``ADDED``/
``ELISION`` comments aside) keeps the article's layout there.  A gate whose tool is not
installed is skipped, naming the package (``pip install 'portcheck[style]'``).
"""

from __future__ import annotations

import importlib.util
import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

from portcheck.files.yamlio import read_text
from portcheck.publish.style.rules import style_problems
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.ports import Port

QUOTE = 3  # this many lines in a row, as an article port has them, are a quotation
RULES = ("java", "pascal", "kumir", "arsac", "c", "cpp", "csharp", "javascript", "lua",
         "ruby")  # the languages the rules check
# The formatters that come with a language's toolchain: (program, arguments, its package).
FORMATTERS = {"go": ("gofmt", ["-d"], "golang-go"),
              "rust": ("rustfmt", ["--check", "--edition", "2021"], "rustfmt")}
INSTALL = "pip install 'portcheck[style]'"
TOOL_SECONDS = 60.0


@dataclass(frozen=True)
class Gate:
    port: Port
    tool: str  # "bslfmt", "ruff", "the rules of docs/style.md", "" (no gate)
    problems: list[str] = field(default_factory=list)
    missing: str = ""  # why the gate could not run here

    @property
    def status(self) -> str:
        return "skip" if self.missing or not self.tool else "FAIL" if self.problems else "ok"


def gate(port: Port, article_ports: list[Port]) -> Gate:
    """The style gate of one template port's program (a port of another origin has none)."""
    if port.template is None:
        return Gate(port, "")
    if not port.program.is_file():
        return Gate(port, "rules", [f"{port.program.name} is missing (portcheck render "
                                    f"write {port.algorithm} --lang {port.folder.name})"])
    if port.language == "bsl":
        return _bslfmt(port)
    if port.language == "python":
        return _ruff(port)
    if port.language in FORMATTERS:
        return _formatter(port, *FORMATTERS[port.language])
    if port.language in RULES:
        source = read_text(port.program)
        quoted = quoted_lines(source, port.language, article_ports)
        problems = [p for p in style_problems(source, port.language)
                    if not p.startswith("line ") or _line(p) not in quoted]
        return Gate(port, "portcheck's style rules", problems)
    return Gate(port, "")  # a language with no gate yet


def _line(problem: str) -> int:
    return int(problem.split(":")[0].removeprefix("line "))


def _bslfmt(port: Port) -> Gate:
    if importlib.util.find_spec("bslfmt") is None:
        return Gate(port, "bslfmt", missing=f"bslfmt is not installed: {INSTALL}")
    done = _run([sys.executable, "-m", "bslfmt", "--check", "--diff", str(port.program)])
    if done is None:
        return Gate(port, "bslfmt", [f"bslfmt did not finish in {TOOL_SECONDS:g} s"])
    return Gate(port, "bslfmt", [] if done.returncode == 0 else
                [f"bslfmt would change it (fix the template {port.template}):",
                 *(done.stdout + done.stderr).splitlines()])


def _formatter(port: Port, program: str, args: list[str], package: str) -> Gate:
    """A language's own formatter, which must find nothing to change (Go, Rust)."""
    tool = shutil.which(program)
    if tool is None:
        return Gate(port, program, missing=f"{program} not found: install package {package}")
    done = _run([tool, *args, str(port.program)])
    if done is None:
        return Gate(port, program, [f"{program} did not finish in {TOOL_SECONDS:g} s"])
    said = (done.stdout + done.stderr).splitlines()
    if done.returncode != 0 or done.stdout.strip():
        return Gate(port, program, [f"{program} would change it (fix the template "
                                    f"{port.template}):", *said])
    return Gate(port, program)


def _ruff(port: Port) -> Gate:
    ruff = shutil.which("ruff", path=os.pathsep.join([str(Path(sys.executable).parent),
                                                      os.environ.get("PATH", "")]))
    if ruff is None:
        return Gate(port, "ruff", missing=f"ruff is not installed: {INSTALL}")
    done = _run([ruff, "check", "--isolated", "--output-format", "concise", str(port.program)])
    if done is None:
        return Gate(port, "ruff", [f"ruff did not finish in {TOOL_SECONDS:g} s"])
    return Gate(port, "ruff", [] if done.returncode == 0 else
                [line for line in done.stdout.splitlines() if line.strip()])


def _run(argv: list[str]) -> subprocess.CompletedProcess[str] | None:
    try:
        return subprocess.run(argv, capture_output=True, text=True, encoding="utf-8",
                              errors="replace", timeout=TOOL_SECONDS, check=False)
    except subprocess.TimeoutExpired:
        return None


def quoted_lines(source: str, language: str, article_ports: list[Port]) -> set[int]:
    """The lines (from 1) of ``source`` in runs of ``QUOTE`` or more that an article port
    of the same language has, character for character."""
    comment = re.escape(builtin_languages().get(language).comment)
    mark = re.compile(rf"\s*{comment}\s*(?:ERRATUM|ADDED|ELISION):.*$")
    article = {mark.sub("", line).rstrip() for p in article_ports
               if p.origin == "article" and p.language == language and p.program.is_file()
               for line in read_text(p.program).splitlines() if line.strip()}
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

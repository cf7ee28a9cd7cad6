"""A language a suite declares in its ``languages.yaml`` gets everything a built-in one gets,
with no Python code: here AWK, declared in a few lines in a suite made by ``portcheck init``,
and a Collatz template in it — render write, verify with --deep, run, check, fuzz, mutate,
the listing with AWK's highlighting, the report's matrix, the pytest items, ``portcheck
languages``, and one line naming the package when awk is missing."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.helpers.cli import one_error_line, portcheck, portcheck_process, write
from tests.helpers.needs import need
from tests.helpers.processes import gone_soon, unboxed, wait_for_file

AWK_LANGUAGE = """\
# AWK: no build, the script runs as it is (mawk on Debian; gawk answers -W version too)
awk:
  title: AWK
  suffixes: [.awk]
  run: [awk, -f, "{source}", "{args}"]
  version: [awk, -W, version]
  package: mawk
  comment: "#"
  lexer: awk
"""

AWK_TEMPLATE = """\
# The Collatz sequence: how many steps from n to 1, and the highest value met.
function collatz(n,    start, steps, peak) {
    start = n; steps = 0; peak = n
    while (n != 1) {
        # Halve an even number; take 3n + 1 of an odd one.
        if (n % 2 == 0) n = n / 2; else n = 3 * n + 1
        if (n > peak) peak = n
        steps++
    }
    printf "%d: %d steps, peak %d\\n", start, steps, peak
}

BEGIN {
{% for case in cases %}
    collatz({{ case.params.n }})
{% endfor %}
}
"""

AWK_PORT = """\
algorithm: collatz
language: awk
origin: template
program: collatz.awk
template: templates/awk/collatz.awk.j2
cases: [n-1, n-6, n-27, n-97, n-871, n-1000000]
"""

# A program someone wrote, with its input on the command line: "27 -> 111 steps (max 9232)".
CONTRIBUTED = """\
BEGIN {
    n = ARGV[1] + 0; start = n; steps = 0; peak = n
    while (n != 1) { n = (n % 2 == 0) ? n / 2 : 3 * n + 1; if (n > peak) peak = n; steps++ }
    printf "\\033[1m%d\\033[0m -> %d steps (max %d)\\n", start, steps, peak
}
"""
CONTRIBUTED_MAPPING = """\
replace:
  - {pattern: "\\\\x1b\\\\[[0-9;]*m", with: ""}
  - pattern: "^(\\\\d+) -> (\\\\d+) steps \\\\(max (\\\\d+)\\\\)$"
    with: "\\\\1: \\\\2 steps, peak \\\\3"
"""


@pytest.fixture(scope="module")
def made_by_init(tmp_path_factory: pytest.TempPathFactory, build_cache: Path) -> Path:
    """One suite made by ``portcheck init`` (a process of its own, as a user runs it), for
    the module's tests to copy: its files name no folder of this machine
    (``tests/portcheck/cli/test_init.py``), so a copy is what init would have made there."""
    folder = tmp_path_factory.mktemp("init")
    made = portcheck_process("init", "suite", cwd=folder, unset=["PORTCHECK_ROOT"],
                             env={"PORTCHECK_CACHE": str(build_cache)})
    assert made.returncode == 0, made.stderr
    return folder / "suite"


@pytest.fixture
def init_suite(made_by_init: Path, tmp_path: Path, build_cache: Path,
               monkeypatch: pytest.MonkeyPatch) -> Path:
    """A fresh copy of the suite ``portcheck init`` made: the working folder."""
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    shutil.copytree(made_by_init, tmp_path / "suite", symlinks=True)
    monkeypatch.chdir(tmp_path / "suite")
    return tmp_path / "suite"


@pytest.fixture
def awk_suite(init_suite: Path) -> Path:
    """``portcheck init``'s suite with AWK declared and a template port in it."""
    need(shutil.which("awk"), "awk not found: install package mawk")
    suite = init_suite
    write(suite / "languages.yaml", AWK_LANGUAGE)
    write(suite / "templates" / "awk" / "collatz.awk.j2", AWK_TEMPLATE)
    write(suite / "ports" / "collatz" / "awk" / "port.yaml", AWK_PORT)
    return suite


def test_a_declared_language_is_rendered_run_and_verified_deeply(
        awk_suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = portcheck(capsys, "render", "write", "collatz", "--lang", "awk")
    assert code == 0, out + err
    transcript = (awk_suite / "ports/collatz/awk/transcript.txt").read_text()
    assert "27: 111 steps, peak 9232\n" in transcript  # recorded from a real awk run
    code, out, _ = portcheck(capsys, "verify", "--deep", "3")
    assert code == 0, out
    assert "2 ports: 8 checks passed, 0 failed, 0 skipped" in out  # transcript, run, fresh, deep
    assert "algorithm  awk  python" in out  # the matrix has its column
    code, out, _ = portcheck(capsys, "run", "collatz", "--lang", "awk", "n=97")
    assert (code, out) == (0, "97: 118 steps, peak 9232\n")
    code, out, _ = portcheck(capsys, "fuzz", "collatz", "--lang", "awk", "--count", "5")
    assert code == 0 and out.startswith("ok    ports/collatz/awk: 5 random inputs agree"), out


def test_a_contributed_program_in_a_declared_language_is_checked_by_suffix(
        awk_suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Colour codes and another wording, read by a reviewed mapping of patterns."""
    program = write(awk_suite / "mine.awk", CONTRIBUTED)
    mapping = write(awk_suite / "mapping.yaml", CONTRIBUTED_MAPPING)
    code, out, _ = portcheck(capsys, "check", "collatz", str(program), "--args", "{n}",
                             "--normalize", str(mapping))
    assert code == 0, out
    assert "6 cases match the goldens" in out and "replaced /\\x1b\\[[0-9;]*m/" in out
    code, out, _ = portcheck(capsys, "check", "collatz", str(program), "--args", "{n}",
                             "--cases", "n-27")
    assert code == 1
    assert "expected '27: 111 steps, peak 9232', got '\\x1b[1m27\\x1b[0m -> 111" in out


def test_a_declared_language_has_its_listing_report_and_pytest_items(
        awk_suite: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert portcheck(capsys, "render", "write", "collatz", "--lang", "awk")[0] == 0
    code, out, _ = portcheck(capsys, "listing", "collatz", "--lang", "awk", "--format", "html")
    assert code == 0
    assert '<span class="kd">function</span>' in out  # Pygments' AWK lexer
    site = tmp_path / "site"
    code, out, _ = portcheck(capsys, "report", "-o", str(site))
    assert code == 0, out
    assert ">AWK<" in (site / "index.html").read_text(encoding="utf-8")  # its title
    assert (site / "ports" / "collatz" / "awk.html").is_file()
    tested = subprocess.run([sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider",
                             "--portcheck-deep", "2", "-k", "awk", "-rA"],
                            cwd=awk_suite, capture_output=True, text=True, check=False)
    assert tested.returncode == 0, tested.stdout
    assert "4 passed" in tested.stdout  # transcript, run, fresh, deep of ports/collatz/awk


def test_a_declared_language_is_listed_and_mutated(
        awk_suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "languages")
    assert code == 0
    line = next(line for line in out.splitlines() if line.startswith("awk "))
    assert " yes " in line and "languages.yaml:2" in line
    assert "15 languages" in out
    assert portcheck(capsys, "render", "write", "collatz", "--lang", "awk")[0] == 0
    code, out, _ = portcheck(capsys, "mutate", "collatz", "--lang", "awk", "--limit", "6",
                             "--format", "json", "--jobs", "1")
    assert code == 0, out
    [score] = json.loads(out)
    assert score["killed"] + score["timed_out"] > 0 and score["generated"] > 6
    assert score["score"] is not None


def test_a_declared_language_without_its_toolchain_is_one_line_naming_the_package(
        awk_suite: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    assert portcheck(capsys, "render", "write", "collatz", "--lang", "awk")[0] == 0
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    code, out, _ = portcheck(capsys, "verify", "--lang", "awk")
    assert code == 0
    assert "run: no runtime: awk not found: install package mawk" in out
    code, out, err = portcheck(capsys, "run", "collatz", "--lang", "awk", "n=6")
    assert code == 2
    assert one_error_line(err) == \
        "portcheck: case n-6: no runtime: awk not found: install package mawk"


@pytest.mark.parametrize(("text", "message"), [
    ("awk: {title: AWK}\n", "languages.yaml:1: the declaration of awk has no 'suffixes'"),
    ("awk:\n  title: AWK\n  suffixes: [.awk]\n  run: [awk, -f, \"{src}\"]\n  version: [awk]\n"
     "  package: mawk\n", "languages.yaml:4: awk: run: unknown placeholder {src}"),
    ("awk:\n  title: AWK\n  suffixes: [.awk]\n  run: [awk]\n  version: [awk]\n"
     "  package: mawk\n  lexer: nosuchlexer\n",
     "languages.yaml:7: awk: lexer: Pygments has no lexer 'nosuchlexer'"),
    ("awk:\n  title: AWK\n  suffixes: [.awk]\n  run: [awk]\n  version: [awk]\n"
     "  package: mawk\n  runner: my.module:Runner\n",
     "languages.yaml:7: unknown key 'runner' in the declaration of awk"),
    # a compiler's cache shared by every build: only where portcheck vouches that the
    # compiler runs no code of the program it builds (docs/sandbox.md)
    ("awk:\n  title: AWK\n  suffixes: [.awk]\n  run: [awk]\n  version: [awk]\n"
     "  package: mawk\n  build_cache: AWKCACHE\n",
     "languages.yaml:7: unknown key 'build_cache' in the declaration of awk"),
    ("c:\n  title: C\n  suffixes: [.c]\n  run: [cc]\n  version: [cc]\n  package: gcc\n",
     "languages.yaml:1: 'c' is a built-in language; declare yours under another name"),
    ("awk:\n  title: AWK\n  suffixes: [.awk]\n  run: [\"{executable}\"]\n  version: [awk]\n"
     "  package: mawk\n", "awk: run: {executable} is what a build makes: declare the build"),
    ("awk:\n  title: AWK\n  suffixes: [.awk]\n  run: []\n  version: [awk]\n  package: mawk\n",
     "languages.yaml:4: awk: run: must be a command: a list of words, the program first"),
    ("Python:\n  title: P\n  suffixes: [.p]\n  run: [awk]\n  version: [awk]\n  package: mawk\n",
     "languages.yaml:1: 'Python' is a built-in language ('python'); declare yours under "
     "another name"),
])
def test_a_mistake_in_a_declaration_is_one_line_naming_file_and_line(
        awk_suite: Path, capsys: pytest.CaptureFixture[str], text: str, message: str) -> None:
    write(awk_suite / "languages.yaml", text)
    code, _, err = portcheck(capsys, "verify")
    assert code == 2
    assert message in one_error_line(err)


# A "compiler" of sh that misbehaves: verify reports one line and the first messages, and
# leaves nothing running.
BAD_BUILDS = {
    "hangs": ('echo compiling; sleep 300 & echo $! > helper.pid; sleep 300',
              "sh did not finish in 1 s (stopped)", ["compiling"]),
    "floods": ("yes 'prog.x:1: error: flood'", "sh printed more than 1024 KiB on stdout "
               "(stopped)", ["prog.x:1: error: flood"] * 20),
    "errs": ('i=1; while [ $i -le 10000 ]; do echo "prog.x:$i: error: no" >&2; '
             'i=$((i + 1)); done; exit 1', "sh failed (exit 1)",
             [f"prog.x:{n}: error: no" for n in range(1, 21)]),
}


@pytest.mark.usefixtures(unboxed.__name__)  # the helper's id, written into the suite
@pytest.mark.parametrize("how", sorted(BAD_BUILDS))
def test_a_declared_build_that_misbehaves_is_contained(
        init_suite: Path, capsys: pytest.CaptureFixture[str], how: str) -> None:
    script, header, shown = BAD_BUILDS[how]
    script = script.replace("helper.pid", str(init_suite / "helper.pid"))
    write(init_suite / "languages.yaml", (
        "bad:\n  title: a bad compiler\n  suffixes: [.x]\n"
        f"  build: [[sh, -c, {json.dumps(script)}]]\n  build_timeout: 1\n"
        '  run: [cat, "{source}"]\n  version: [sh, -c, "echo 1"]\n  package: dash\n'))
    folder = init_suite / "ports" / "collatz" / "bad"
    write(folder / "prog.x", "n/a\n")
    write(folder / "transcript.txt", "1: 0 steps, peak 1\n")
    write(folder / "port.yaml", "algorithm: collatz\nlanguage: bad\norigin: contributed\n"
                                "program: prog.x\ncases: [n-1]\n")
    code, out, _ = portcheck(capsys, "verify", "--lang", "bad")
    assert code == 1
    lines = out.splitlines()
    # the FAIL line: what happened and the first message; below, the header, then the first ones
    failed = lines.index(f"FAIL ports/collatz/bad::run: build failed: {folder / 'prog.x'}: "
                         f"{header}: {shown[0]}")
    assert [line.strip() for line in lines[failed + 2:failed + 2 + len(shown)]] == shown
    if how == "hangs":
        assert gone_soon(int(wait_for_file(init_suite / "helper.pid")))

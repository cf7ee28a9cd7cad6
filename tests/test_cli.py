"""The ``portcheck`` command line, in-process (``portcheck.cli.main``) and as a real process.

Every bad project is a copy of the real one (``project_copy``) with one thing broken.
Expected behaviour is the issue's: usage mistakes exit 2 with ONE line on stderr
(``file:line`` where there is a file) and no traceback; failed checks exit 1 with the case
and line of the difference; a hanging port is stopped at its time limit and reported with
what it printed; a crashing port is reported with its stderr.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest
from cli_run import one_error_line, portcheck, write
from project_reference import REPO, freecell

GAME_617 = freecell.output(617)
JAVA_PACKAGE = "openjdk-17-jdk-headless"


def add_python_port(root: Path, name: str, program: str, cases: list[str]) -> Path:
    """A contributed Python port ``ports/freecell/<name>`` whose transcript is the golden."""
    folder = root / "ports" / "freecell" / name
    write(folder / "port.yaml", (
        "algorithm: freecell\nlanguage: python\norigin: contributed\nprogram: main.py\n"
        f"cases: [{', '.join(cases)}]\ncompare: exact\n"))
    write(folder / "main.py", program)
    write(folder / "transcript.txt",
          "".join(freecell.output(**freecell.CASES[c]) for c in cases))
    return folder


# --- reference ------------------------------------------------------------------------------


def test_reference_prints_the_article_deal(capsys: pytest.CaptureFixture[str],
                                           article_text: str) -> None:
    code, out, err = portcheck(capsys, "reference", "freecell", "game=617")
    assert (code, err) == (0, "")
    first_line = "7♦ A♦ 5♣ 3♠ 5♠ 8♣ 2♦ A♥"  # the article's Игра(617), first line
    last_line = "J♦ K♠ K♣ 4♥"
    assert out == GAME_617
    assert out.splitlines()[0] == first_line and out.splitlines()[-1] == last_line
    assert first_line in article_text and last_line in article_text


def test_reference_as_a_real_process(project_copy: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "portcheck", "reference", "freecell", "game=617"],
                         capture_output=True, text=True, encoding="utf-8", check=False)
    assert (run.returncode, run.stdout, run.stderr) == (0, GAME_617, "")


@pytest.mark.parametrize(("words", "message"), [
    (["reference", "chess", "game=1"], "unknown algorithm 'chess'"),
    (["reference", "freecell", "seed=1"], "unknown input 'seed'"),
    (["reference", "freecell", "game=0"], "game: 0 is out of range 1..2147483647"),
    (["reference", "freecell", "game=-1"], "game: -1 is out of range 1..2147483647"),
    (["reference", "freecell", "game=2147483648"], "out of range 1..2147483647"),
    (["reference", "freecell", "game=x"], "game: 'x' is not a whole number"),
    (["reference", "freecell", "game=1.5"], "not a whole number"),
    (["reference", "freecell", "game="], "not a whole number"),
    (["reference", "freecell", "game=1_000"], "'1_000' is not a whole number"),
    (["reference", "freecell", "game=\u0666\u0661\u0667"], "is not a whole number"),
    (["reference", "freecell", "game=0x10"], "'0x10' is not a whole number"),
    (["reference", "freecell"], "missing input game"),
    (["reference", "freecell", "game"], "expected NAME=VALUE"),
    (["run", "freecell", "--lang", "cobol", "game=1"], "unknown language 'cobol'"),
    (["run", "chess", "--lang", "python", "game=1"], "unknown algorithm 'chess'"),
    (["run", "freecell", "--lang", "python", "game=0"], "out of range"),
    (["verify", "chess"], "unknown algorithm 'chess'"),
    (["verify", "freecell", "--lang", "cobol"], "unknown language 'cobol'"),
    (["golden", "check", "chess"], "unknown algorithm 'chess'"),
])
def test_usage_errors_are_one_line_and_exit_2(project_copy: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              words: list[str], message: str) -> None:
    code, out, err = portcheck(capsys, *words)
    assert code == 2
    line = one_error_line(err)
    assert line.startswith("portcheck: error: ")
    assert message in line
    assert out == ""


def test_an_input_given_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = portcheck(capsys, "reference", "freecell", "game=1", "game=2")
    assert code == 2
    assert "game given twice" in one_error_line(err)


def test_usage_error_as_a_real_process(project_copy: Path) -> None:
    run = subprocess.run([sys.executable, "-m", "portcheck", "reference", "freecell", "game=x"],
                         capture_output=True, text=True, encoding="utf-8", check=False)
    assert run.returncode == 2
    assert run.stdout == ""
    assert one_error_line(run.stderr) == (
        "portcheck: error: freecell: game: 'x' is not a whole number")


# --- malformed project files ----------------------------------------------------------------


def python_port_yaml(root: Path) -> Path:
    return root / "ports" / "freecell" / "python" / "port.yaml"


def line_count(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines())


def break_yaml(path: Path) -> int:
    """A plain scalar may not hold ': ' in block context: a YAML error on the last line."""
    write(path, path.read_text(encoding="utf-8") + "note: one: two\n")
    return line_count(path)


def add_unknown_key(path: Path) -> int:
    write(path, path.read_text(encoding="utf-8") + "colour: red\n")
    return line_count(path)


def add_unknown_case(path: Path) -> int:
    text = path.read_text(encoding="utf-8")
    write(path, text.replace("game-2,", "game-99,"))
    return 1 + text[:text.index("game-2,")].count("\n")


def move_to_another_algorithm(path: Path) -> int:
    """The port says it is of dice (an algorithm of the project) but lives in freecell/."""
    shutil.copy2(REPO / "reference" / "dice.py", path.parents[3] / "reference")
    text = path.read_text(encoding="utf-8")
    write(path, text.replace("algorithm: freecell", "algorithm: dice"))
    return 1 + text[:text.index("algorithm: freecell")].count("\n")


@pytest.mark.parametrize(("breaker", "message"), [
    (break_yaml, "malformed YAML"),
    (move_to_another_algorithm, "algorithm 'dice' in a port under ports/freecell/"),
    (add_unknown_key, "unknown key 'colour'"),
    (add_unknown_case, "freecell has no case 'game-99'"),
])
@pytest.mark.parametrize("command", [["verify", "freecell"], ["list"],
                                     ["render", "check", "freecell"]])
def test_malformed_port_yaml_names_file_and_line(
        project_copy: Path, capsys: pytest.CaptureFixture[str], breaker: object,
        message: str, command: list[str]) -> None:
    path = python_port_yaml(project_copy)
    line = breaker(path)  # type: ignore[operator]
    code, _, err = portcheck(capsys, *command)
    assert code == 2
    error = one_error_line(err)
    assert re.search(rf"{re.escape(str(path))}:{line}(:\d+)?: ", error), error
    assert message in error


def test_malformed_golden_names_file_and_line(project_copy: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    path = project_copy / "golden" / "freecell.yaml"
    write(path, path.read_text(encoding="utf-8").replace("algorithm: freecell",
                                                         "algorithm: freecell: x"))
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    assert "freecell.yaml:3" in one_error_line(err)  # two comment lines, then algorithm


def add_undefined_name(template: Path) -> int:
    """A last line using a name no template receives; returns that line's number."""
    write(template, template.read_text(encoding="utf-8") + "# {{ no_such_name }}\n")
    return line_count(template)


@pytest.mark.parametrize("command", [
    ["run", "freecell", "--lang", "python", "game=1"],
    ["render", "check", "freecell", "--lang", "python"],
    ["verify", "freecell", "--lang", "python"],
])
def test_template_with_an_undefined_name(project_copy: Path,
                                         capsys: pytest.CaptureFixture[str],
                                         command: list[str]) -> None:
    template = project_copy / "templates" / "python" / "freecell.py.j2"
    line = add_undefined_name(template)
    code, _, err = portcheck(capsys, *command)
    assert code == 2
    error = one_error_line(err)
    assert f"{template}:{line}" in error
    assert "no_such_name" in error


# --- verify ---------------------------------------------------------------------------------


def test_verify_passes_on_the_project(project_copy: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python",
                             "--lang", "bsl-article")
    assert code == 0
    matrix = out.splitlines()[:2]
    assert matrix[0].split() == ["algorithm", "bsl-article", "python"]
    assert matrix[1].split() == ["freecell", "ok", "ok"]
    assert "FAIL" not in out


def test_verify_fails_on_an_edited_transcript(project_copy: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    transcript = project_copy / "ports" / "freecell" / "python" / "transcript.txt"
    lines = transcript.read_text(encoding="utf-8").splitlines(keepends=True)
    # line 10 of the transcript is line 3 of game-617, the second case
    assert lines[9] == GAME_617.splitlines(keepends=True)[2] == "T♥ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣\n"
    lines[9] = "T♠ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣\n"
    write(transcript, "".join(lines))
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 1
    assert "FAIL ports/freecell/python::transcript" in out
    assert "case game-617, line 3" in out
    assert "-T♥ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣" in out and "+T♠ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣" in out
    assert "FAIL ports/freecell/python::run" in out  # the program still prints T♥


def test_verify_fails_when_a_golden_drifts(project_copy: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    golden = project_copy / "golden" / "freecell.yaml"
    write(golden, golden.read_text(encoding="utf-8").replace("T♥ Q♣ 3♥", "T♠ Q♣ 3♥"))
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 1
    assert "case game-617 differs from the reference" in out


def test_verify_fails_on_a_missing_golden(project_copy: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    (project_copy / "golden" / "freecell.yaml").unlink()
    code, out, err = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert "portcheck golden update freecell" in out + err
    assert code == 1


HANGING_PROGRAM = f"""\
import sys

sys.stdout.write({freecell.output(1)!r})
sys.stdout.flush()
while True:
    pass
"""

CRASHING_PROGRAM = """\
import sys

print("J♦ 2♦ 9♥")
print("the deck is empty", file=sys.stderr)
sys.exit(3)
"""


def test_run_of_a_hanging_template(project_copy: Path,
                                   capsys: pytest.CaptureFixture[str]) -> None:
    write(project_copy / "templates" / "python" / "freecell.py.j2", HANGING_PROGRAM)
    code, out, err = portcheck(capsys, "run", "freecell", "--lang", "python", "game=1",
                               "--timeout", "1")
    assert code == 1
    assert "stopped at the time limit of 1 s" in err
    assert "J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥" in err  # what it printed before it was stopped
    assert out == ""


def test_hanging_port_is_stopped_at_the_time_limit(project_copy: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    add_python_port(project_copy, "hang", HANGING_PROGRAM, ["game-1"])
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "hang", "--timeout", "1")
    assert code == 1
    assert "FAIL ports/freecell/hang::run: stopped at the time limit of 1 s" in out
    assert "    J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥" in out.splitlines()  # what it printed so far
    assert "ok" not in out.splitlines()[1]


def test_crashing_port_is_reported_with_its_stderr(project_copy: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    add_python_port(project_copy, "crash", CRASHING_PROGRAM, ["game-1"])
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "crash")
    assert code == 1
    assert "FAIL ports/freecell/crash::run: exit code 3: the deck is empty" in out
    assert "    J♦ 2♦ 9♥" in out.splitlines()


def test_run_of_a_crashing_template(project_copy: Path,
                                    capsys: pytest.CaptureFixture[str]) -> None:
    write(project_copy / "templates" / "python" / "freecell.py.j2", CRASHING_PROGRAM)
    code, _, err = portcheck(capsys, "run", "freecell", "--lang", "python", "game=1")
    assert code == 1
    assert "the deck is empty" in err
    assert "exit code 3" in err


@pytest.fixture
def path_without_compilers(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


@pytest.mark.usefixtures("path_without_compilers")
def test_require_runtimes_fails_naming_the_package(project_copy: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "java",
                             "--require-runtimes")
    assert code == 1
    assert f"FAIL ports/freecell/java::run: no runtime: javac not found: install package " \
           f"{JAVA_PACKAGE}" in out


@pytest.mark.usefixtures("path_without_compilers")
def test_missing_runtime_is_a_skip_by_default(project_copy: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "java")
    assert code == 0
    assert f"skip ports/freecell/java::run: no runtime: javac not found: install package " \
           f"{JAVA_PACKAGE}" in out
    assert out.splitlines()[1].split() == ["freecell", "no", "runtime"]


def test_require_runtimes_as_a_real_process(project_copy: Path, tmp_path: Path) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    env = {**os.environ, "PATH": str(empty)}
    run = subprocess.run([sys.executable, "-m", "portcheck", "verify", "freecell", "--lang",
                          "java", "--require-runtimes"], capture_output=True, text=True,
                         encoding="utf-8", env=env, check=False)
    assert run.returncode == 1
    assert JAVA_PACKAGE in run.stdout
    assert "Traceback" not in run.stderr


# --- render ---------------------------------------------------------------------------------


def test_render_check_passes_on_the_project(project_copy: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "render", "check", "freecell")
    assert code == 0
    assert "ok   ports/freecell/python: up to date" in out


def test_render_check_fails_after_editing_a_rendered_program(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
    write(program, program.read_text(encoding="utf-8").replace("deal(617)", "deal(618)"))
    before = program.read_bytes()
    code, out, _ = portcheck(capsys, "render", "check", "freecell")
    assert code == 1
    assert "FAIL ports/freecell/python: freecell.py differs from its template" in out
    assert "ok   ports/freecell/java: up to date" in out
    assert out.strip().splitlines()[-1] == "fix with: portcheck render write"
    assert program.read_bytes() == before  # check never writes


def test_render_write_restores_the_program(project_copy: Path,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
    original = program.read_bytes()
    write(program, "print('edited')\n")
    code, out, _ = portcheck(capsys, "render", "write", "freecell", "--lang", "python")
    assert code == 0
    assert "wrote ports/freecell/python/freecell.py" in out
    assert program.read_bytes() == original


# --- run and list ---------------------------------------------------------------------------


def test_run_python_prints_the_reference_output(project_copy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = portcheck(capsys, "run", "freecell", "--lang", "python", "game=617")
    assert (code, out, err) == (0, GAME_617, "")


@pytest.mark.requires_runtime("java")
def test_run_java_at_the_top_of_the_range(project_copy: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "run", "freecell", "--lang", "java", "game=2147483647")
    assert code == 0
    assert out == freecell.output(2**31 - 1)


def test_list_shows_ports_and_runtimes(project_copy: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = portcheck(capsys, "list")
    assert (code, err) == (0, "")
    assert "freecell" in out
    assert "bsl-article (article" in out
    assert "python (template)" in out
    runtimes = out.split("runtimes here:", 1)[1]
    assert re.search(r"^\s+python\s+yes ", runtimes, re.MULTILINE)
    for language in ("bsl", "java", "kumir", "pascal"):
        assert re.search(rf"^\s+{language}\s+(yes|no) ", runtimes, re.MULTILINE), language


def test_outside_a_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    code, _, err = portcheck(capsys, "verify")
    assert code == 2
    assert "not inside a portcheck project" in one_error_line(err)


# --- what verify reads and never writes -----------------------------------------------------


def snapshot(root: Path) -> dict[str, bytes]:
    return {p.relative_to(root).as_posix(): p.read_bytes()
            for p in sorted(root.rglob("*")) if p.is_file()}


def test_verify_writes_nothing_in_the_project(project_copy: Path,
                                              capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    # as on a machine without PYTHONDONTWRITEBYTECODE (tox): no __pycache__ in reference/
    monkeypatch.setattr(sys, "dont_write_bytecode", False)
    before = snapshot(project_copy)
    portcheck(capsys, "verify", "freecell", "--lang", "python", "--lang", "bsl-article")
    portcheck(capsys, "golden", "check", "freecell")
    portcheck(capsys, "render", "check", "freecell")
    assert snapshot(project_copy) == before


def test_bom_and_crlf_transcript_passes_and_is_kept(project_copy: Path,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    """Editors on Windows (and 1C) save a BOM and CRLF: normalised before comparing,
    never in the stored file."""
    transcript = project_copy / "ports" / "freecell" / "python" / "transcript.txt"
    windows = b"\xef\xbb\xbf" + transcript.read_bytes().replace(b"\n", b"\r\n")
    transcript.write_bytes(windows)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 0, out
    assert transcript.read_bytes() == windows


def test_fresh_run_difference_names_the_case(project_copy: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
    # the same edit in the committed program and in its template keeps ::fresh passing
    template = project_copy / "templates" / "python" / "freecell.py.j2"
    for path in (program, template):
        write(path, path.read_text(encoding="utf-8").replace('SUITS = "♣♦♥♠"',
                                                             'SUITS = "♣♦♠♥"'))
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 1
    assert "FAIL ports/freecell/python::run: fresh run differs from transcript.txt: " \
           "case game-1, line 1" in out


# --- deep -----------------------------------------------------------------------------------


def test_deep_runs_the_edges_of_the_range(project_copy: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python", "--deep", "3",
                             "-v")
    assert code == 0
    assert "ok   ports/freecell/python::deep: 3 other inputs match (game-1, game-2147483647," \
           in out


def test_deep_catches_a_template_wrong_only_for_big_games(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # games up to 10**9 still deal right; 2**31 - 1 (always among the deep inputs) does not
    template = project_copy / "templates" / "python" / "_freecell_deal.py.j2"  # included
    text = template.read_text(encoding="utf-8")
    assert text.count("    seed = game\n") == 1
    write(template, text.replace("    seed = game\n", "    seed = game % 10**9\n"))
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python", "--deep", "2")
    assert code == 1
    assert "FAIL ports/freecell/python::deep: differs from the reference on other inputs: " \
           "case game-2147483647, line 1" in out


def test_verify_shows_the_1c_warning_for_a_number_converted_implicitly(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The classic porting trap ("Игра " + 1000000 prints «1 000 000» on the platform and
    «1000000» in OneScript) is shown under the port, even when its output matches."""
    article = project_copy / "ports" / "freecell" / "bsl-article"
    program = article / "freecell.bsl"
    text = program.read_text(encoding="utf-8")
    write(program, text.replace("Игра(1);", 'Заголовок = "Игра " + 1000000;\nИгра(1);'))
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "bsl-article")
    assert code == 0
    warning = next(line for line in out.splitlines() if "warning:" in line)
    assert "freecell.bsl:" in warning and "1000000" in warning


def _edit_game_1(root: Path) -> None:
    transcript = root / "ports" / "freecell" / "python" / "transcript.txt"
    text = transcript.read_text(encoding="utf-8")
    write(transcript, text.replace("J♦ 2♦ 9♥", "J♦ 2♦ 9♠", 1))


@pytest.mark.parametrize(("choice", "coloured"), [("always", True), ("never", False),
                                                  ("auto", False)])
def test_verify_colours_its_diffs_only_when_asked_or_on_a_terminal(
        project_copy: Path, capsys: pytest.CaptureFixture[str], choice: str,
        coloured: bool) -> None:
    _edit_game_1(project_copy)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python",
                             "--color", choice)
    assert code == 1
    assert ("\x1b[" in out) is coloured  # capsys is no terminal: auto means plain
    assert "-J♦ 2♦ 9♥" in out.replace("\x1b[91m", "")


def test_no_color_wins_over_auto(project_copy: Path, capsys: pytest.CaptureFixture[str],
                                 monkeypatch: pytest.MonkeyPatch) -> None:
    from portcheck.terminal.color import wants_color

    class Terminal:
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm")
    assert wants_color("auto", Terminal())  # type: ignore[arg-type]
    monkeypatch.setenv("NO_COLOR", "1")
    assert not wants_color("auto", Terminal())  # type: ignore[arg-type]
    assert wants_color("always", Terminal())  # type: ignore[arg-type]

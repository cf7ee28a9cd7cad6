"""``portcheck verify`` in a copy of the project: the matrix, failed checks with the case and
line of the difference, a hanging port stopped at its time limit and reported with what it
printed, a crashing one with its stderr, missing runtimes, ``--deep``, colours, what verify
never writes, and no progress line into a pipe."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest
import yaml

from tests.helpers.cli import portcheck, portcheck_process, write
from tests.helpers.ports import CRASHING_PROGRAM, HANGING_PROGRAM, add_port, append
from tests.helpers.reference import freecell
from tests.helpers.results_json import assert_results_json

GAME_617 = freecell.output(617)


JAVA_PACKAGE = "openjdk-17-jdk-headless"


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


def test_hanging_port_is_stopped_at_the_time_limit(project_copy: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "hang", "python", "main.py", HANGING_PROGRAM)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "hang", "--timeout", "1")
    assert code == 1
    assert "FAIL ports/freecell/hang::run: stopped at the time limit of 1 s" in out
    assert "    J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥" in out.splitlines()  # what it printed so far
    assert "ok" not in out.splitlines()[1]


def test_crashing_port_is_reported_with_its_stderr(project_copy: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    add_port(project_copy, "crash", "python", "main.py", CRASHING_PROGRAM)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "crash")
    assert code == 1
    assert "FAIL ports/freecell/crash::run: exit code 3: the deck is empty" in out
    assert "    J♦ 2♦ 9♥" in out.splitlines()


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
    run = portcheck_process("verify", "freecell", "--lang", "java", "--require-runtimes",
                            env={"PATH": str(empty)})
    assert run.returncode == 1
    assert JAVA_PACKAGE in run.stdout
    assert "Traceback" not in run.stderr


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
    # one diff a case, headed by the case and its inputs (the transcript cut into cases),
    # the first three shown and the others counted
    lines = [line.strip() for line in out.splitlines()]
    assert lines.count("--- transcript.txt") == 3
    assert [line for line in lines if line.startswith("case ")] == [
        "case game-1 (game=1)", "case game-617 (game=617)", "case game-2 (game=2)"]
    assert "… and 6 more cases differ: game-11982, game-32000, game-1000000, game-1073741824, " \
           "game-2147483646, game-2147483647" in lines


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


def test_verify_into_a_pipe_has_no_progress(project_copy: Path) -> None:
    done = portcheck_process("verify", timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "\r" not in done.stdout and "\x1b" not in done.stdout
    assert "ports checked" not in done.stdout


# -- which runs were boxed; --format json ----------------------------------------------------

def test_verify_says_how_many_runs_were_boxed(project_copy: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    from portcheck.processes import sandbox

    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python", "--fresh",
                             "--sandbox", "auto")
    assert code == 0
    last = out.strip().splitlines()[-1]
    if sandbox.probe() is None:
        assert last == "runs: 1 of 1 boxed (bubblewrap; builds counted too)"
    else:
        assert last == f"runs: 0 of 1 boxed (bubblewrap; builds counted too); not boxed: 1 " \
                       f"({sandbox.probe()})"
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python", "--fresh",
                             "--sandbox", "off")
    assert out.strip().splitlines()[-1] == ("runs: 0 of 1 boxed (bubblewrap; builds counted "
                                            "too); not boxed: 1 (--sandbox off)")


def test_verify_format_json_is_a_results_object_of_its_checks_and_cases(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import json

    transcript = project_copy / "ports" / "freecell" / "python" / "transcript.txt"
    transcript.write_text(transcript.read_text(encoding="utf-8").replace("T♥ Q♣", "T♠ Q♣", 1),
                          encoding="utf-8")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python", "--format",
                             "json")
    assert code == 1
    document = json.loads(out)  # nothing but the JSON on stdout
    assert (document["version"], document["status"]) == (3, "fail")
    tests = {t["name"]: t for t in document["tests"]}
    port = "ports/freecell/python"
    cases = list(yaml.safe_load((project_copy / "golden" / "freecell.yaml").read_text(
        encoding="utf-8"))["cases"])
    assert list(tests) == [f"{port}::transcript", *(f"{port}::run::{c}" for c in cases),
                           f"{port}::fresh"]  # in the report's order, the cases in theirs
    failed = tests[f"{port}::transcript"]
    assert failed["status"] == "fail"
    assert "case game-617, line 3: expected 'T♥ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣', got 'T♠ Q♣" \
        in failed["message"]
    # the fresh run against the edited transcript: exactly that case fails, by its line
    assert [n for n, t in tests.items() if t["status"] != "pass"] == [
        f"{port}::transcript", f"{port}::run::game-617"]
    run = tests[f"{port}::run::game-617"]
    assert run["message"] == ("fresh run differs from transcript.txt: case game-617, line 3: "
                              "expected 'T♠ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣', got 'T♥ Q♣ 3♥ 9♦ 6♠ 8♦ "
                              "3♦ T♣'")
    assert run["output"].splitlines()[2] == "T♥ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣"  # what it printed
    assert run["test_code"].startswith(f"portcheck check freecell {port}/freecell.py "
                                       f"--lang python --cases {','.join(cases)}\n")
    assert tests[f"{port}::fresh"] == {
        "name": f"{port}::fresh", "status": "pass", "message": None,
        "test_code": "portcheck verify freecell --lang python --fresh\n# its fresh check"}
    assert document["skipped"] == []


def test_verify_format_json_names_a_drifted_golden(project_copy: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    import json

    golden = project_copy / "golden" / "freecell.yaml"
    write(golden, golden.read_text(encoding="utf-8").replace("T♥ Q♣ 3♥", "T♠ Q♣ 3♥"))
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python", "--format",
                             "json")
    assert code == 1
    document = json.loads(out)
    assert document["status"] == "fail" and "skipped" in document
    goldens = [t for t in document["tests"] if t["name"].startswith("goldens::")]
    assert goldens and all(t["status"] == "fail" for t in goldens)
    assert any("case game-617 differs from the reference" in t["message"] for t in goldens)


def _json_verify(capsys: pytest.CaptureFixture[str], *words: str) -> tuple[int, dict]:
    import json

    code, out, _ = portcheck(capsys, "verify", "freecell", *words, "--format", "json")
    document = json.loads(out)  # nothing but the JSON on stdout
    assert_results_json(document)
    return code, document


def test_verify_format_json_a_port_that_passes_gives_a_pass_per_case(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, document = _json_verify(capsys, "--lang", "python", "--fresh")
    assert (code, document["status"]) == (0, "pass")
    runs = [t for t in document["tests"] if "::run::" in t["name"]]
    assert [t["name"].rsplit("::", 1)[1] for t in runs] == list(freecell.CASES)
    for test in runs:
        case = freecell.CASES[test["name"].rsplit("::", 1)[1]]
        assert (test["status"], test["message"]) == ("pass", None)
        assert test["output"] == freecell.output(**case)  # what it printed for that case


def test_verify_format_json_of_a_port_that_does_not_build(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A 1C port with a syntax error (the embedded interpreter: no toolchain needed): the
    build a test of its own with what the parser said, each case an error, none missing;
    the transcript's check still passes, so the whole is a fail, not an error."""
    add_port(project_copy, "bsl-broken", "bsl", "Deal.bsl", 'Сообщить("x"\n',
             cases=("game-1", "game-617"))
    code, document = _json_verify(capsys, "--lang", "bsl-broken")
    assert (code, document["status"]) == (1, "fail")
    port = "ports/freecell/bsl-broken"
    tests = {t["name"]: t for t in document["tests"]}
    assert list(tests) == [f"{port}::transcript", f"{port}::build", f"{port}::run::game-1",
                           f"{port}::run::game-617"]
    assert tests[f"{port}::transcript"]["status"] == "pass"
    build = tests[f"{port}::build"]
    assert build["status"] == "error" and build["message"].startswith("build failed: ")
    assert "Синтаксическая ошибка" in build["message"]
    for case in ("game-1", "game-617"):
        assert tests[f"{port}::run::{case}"]["status"] == "error"
        assert tests[f"{port}::run::{case}"]["message"].startswith("build failed: ")


def test_verify_format_json_lists_cases_skipped_or_beyond_the_limits_apart(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Exercism's interface has no skip: a case nothing here can run, and a case beyond a
    port's limits, are each listed under ``skipped`` (never a test, never passed)."""
    limited = add_port(project_copy, "python-limited", "python", "deal.py",
                       "import sys\nsys.stdout.write(" + repr(freecell.output(1)) + ")\n")
    append(limited / "port.yaml", "limits: {game: {high: 2147483646, why: 'a demonstration'}}\n")
    unrun = add_port(project_copy, "python-unrun", "python", "deal.py", "raise SystemExit(1)\n")
    append(unrun / "port.yaml", "runnable: false\nnote: a screen typed in\n")
    code, document = _json_verify(capsys, "--lang", "python-limited", "--lang", "python-unrun")
    assert (code, document["status"]) == (0, "pass")
    assert [t["name"] for t in document["tests"]] == [
        "ports/freecell/python-limited::transcript", "ports/freecell/python-limited::run::game-1",
        "ports/freecell/python-unrun::transcript"]
    assert document["skipped"] == [
        {"name": "ports/freecell/python-limited::run::game-2147483647", "status": "n/a",
         "message": "game=2147483647: a demonstration"},
        {"name": "ports/freecell/python-unrun::run::game-1", "status": "skip",
         "message": "transcript only: nothing here can run it (a screen typed in)"}]


def test_verify_format_json_a_port_wrong_in_one_case_of_its_own_runs(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A program run once a case (``runs: per-case``) that prints one case wrong: exactly
    that case fails, with its first differing line; the others pass; each test's command
    checks that one case again."""
    deals = {n: freecell.output(n) for n in (1, 617, 2)}
    deals[617] = deals[617].replace("K♥", "K♦", 1)
    folder = add_port(project_copy, "python-args", "python", "deal.py",
                      f"import sys\nsys.stdout.write({deals!r}[int(sys.argv[1])])\n",
                      cases=("game-1", "game-617", "game-2"))
    append(folder / "port.yaml", "runs: per-case\nargs: ['{game}']\n")
    code, document = _json_verify(capsys, "--lang", "python-args")
    assert (code, document["status"]) == (1, "fail")
    port = "ports/freecell/python-args"
    runs = {t["name"]: t for t in document["tests"] if "::run::" in t["name"]}
    assert [(n, t["status"]) for n, t in runs.items()] == [
        (f"{port}::run::game-1", "pass"), (f"{port}::run::game-617", "fail"),
        (f"{port}::run::game-2", "pass")]
    wrong = runs[f"{port}::run::game-617"]
    assert wrong["message"] == ("fresh run differs from transcript.txt: case game-617, line 2: "
                                "expected 'T♦ 7♠ Q♦ A♣ 6♦ 8♥ A♠ K♥', got 'T♦ 7♠ Q♦ A♣ 6♦ 8♥ A♠ "
                                "K♦'")
    assert wrong["output"] == deals[617]
    assert wrong["test_code"] == (f"portcheck check freecell {port}/deal.py --lang python "
                                  "--args '{game}' --cases game-617")


def test_verify_format_json_a_case_whose_own_run_crashes(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One run a case, the second crashing: the first case has its verdict, the second is
    an error saying how its run ended, the third was not run (an error that says so)."""
    deals = {1: freecell.output(1), 2: freecell.output(2)}
    folder = add_port(project_copy, "python-crash", "python", "deal.py",
                      f"import sys\nsys.stdout.write({deals!r}[int(sys.argv[1])])\n",
                      cases=("game-1", "game-617", "game-2"))
    append(folder / "port.yaml", "runs: per-case\nargs: ['{game}']\n")
    code, document = _json_verify(capsys, "--lang", "python-crash")
    assert code == 1
    port = "ports/freecell/python-crash"
    runs = [t for t in document["tests"] if "::run::" in t["name"]]
    assert [(t["name"], t["status"]) for t in runs] == [
        (f"{port}::run::game-1", "pass"), (f"{port}::run::game-617", "error"),
        (f"{port}::run::game-2", "error")]
    assert runs[1]["message"].startswith("case game-617: exit code 1: KeyError")
    assert runs[2]["message"].startswith("not run: the run of case game-617 ended first")


def test_verify_format_json_test_code_checks_the_case_again(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A contributed port with its notation map, run once a case: each case's test_code is
    a check command (the map read from the port's port.yaml) that passes when run."""
    import shlex
    import shutil
    import subprocess

    from tests.helpers.ports import CONTRIBUTED

    folder = project_copy / "ports" / "freecell" / "python-letters"
    folder.mkdir()
    shutil.copy(CONTRIBUTED / "deal_letters.py", folder)
    mapping = (CONTRIBUTED / "letters.yaml").read_text(encoding="utf-8")
    write(folder / "port.yaml", "algorithm: freecell\nlanguage: python\norigin: contributed\n"
          "program: deal_letters.py\ncases: [game-1, game-617]\nruns: per-case\n"
          "args: ['{game}']\n" + mapping)
    write(folder / "transcript.txt", "".join(
        subprocess.run([sys.executable, str(folder / "deal_letters.py"), game],
                       capture_output=True, text=True, check=True).stdout
        for game in ("1", "617")))
    code, document = _json_verify(capsys, "--lang", "python-letters")
    assert (code, document["status"]) == (0, "pass")
    port = "ports/freecell/python-letters"
    test = next(t for t in document["tests"] if t["name"] == f"{port}::run::game-617")
    assert test["output"].startswith("Hand 617\n7D AD 5C")  # as the program printed it
    assert test["test_code"] == (f"portcheck check freecell {port}/deal_letters.py --lang "
                                 f"python --args '{{game}}' --cases game-617 --normalize "
                                 f"{port}/port.yaml")
    words = shlex.split(test["test_code"])
    assert words[:2] == ["portcheck", "check"]
    code, out, _ = portcheck(capsys, *words[1:])
    assert code == 0 and "1 case matches the goldens" in out

"""``portcheck check ALGO FILE``: one program someone else wrote, checked against the goldens
without a port folder: with and without its reviewed presentation mapping (a token diff a
person can read), a Java file, and usage errors in one line."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import one_error_line, portcheck, write
from tests.helpers.ports import CONTRIBUTED, GAME_1
from tests.helpers.reference import freecell
from tests.helpers.results_json import assert_results_json

PYTHON_PROGRAM = CONTRIBUTED / "deal_letters.py"
JAVA_PROGRAM = CONTRIBUTED / "DealLetters.java"
MAPPING = CONTRIBUTED / "letters.yaml"


def test_check_with_the_reviewed_mapping_passes(project_copy: Path,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "check", "freecell", str(PYTHON_PROGRAM), "--args", "{game}",
                       "--normalize", str(MAPPING))
    assert code == 0
    assert "9 cases match the goldens" in out  # every case of the algorithm, one run each
    assert "normalized: chars C→♣ D→♦ H→♥ S→♠; dropped lines matching ^Hand \\d+$" in out


def test_check_without_the_mapping_fails_on_notation_with_a_readable_diff(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "check", "freecell", str(PYTHON_PROGRAM), "--args", "{game}",
                       "--cases", "game-1", "--compare", "tokens")
    assert code == 1
    assert "case game-1, token 1: expected 'J♦', got 'Hand'" in out
    # the diff is the deal's lines with the differing tokens marked, not a token a line
    assert "-⟦J♦⟧ ⟦2♦⟧ ⟦9♥⟧ ⟦J♣⟧ ⟦5♦⟧ ⟦7♥⟧ ⟦7♣⟧ ⟦5♥⟧" in out
    assert "+⟦JD⟧ ⟦2D⟧ ⟦9H⟧ ⟦JC⟧ ⟦5D⟧ ⟦7H⟧ ⟦7C⟧ ⟦5H⟧" in out
    assert "+⟦Hand⟧ ⟦1⟧" in out


@pytest.mark.requires_runtime("java")
def test_check_a_java_file(project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = portcheck(capsys, "check", "freecell", str(JAVA_PROGRAM), "--args", "{game}",
                       "--cases", "game-617,game-2147483647", "--normalize", str(MAPPING))
    assert code == 0, out
    assert "2 cases match the goldens" in out


@pytest.mark.parametrize(("words", "message"), [
    (["check", "freecell", str(PYTHON_PROGRAM)], "say which cases the program prints"),
    (["check", "freecell", str(PYTHON_PROGRAM), "--cases", "game-99"], "no case 'game-99'"),
    (["check", "freecell", str(PYTHON_PROGRAM), "--args", "{seed}"],
     "{seed} is not an input of freecell"),
    (["check", "freecell", "deal.cob", "--cases", "game-1"], "no such file"),
    (["check", "freecell", str(MAPPING), "--cases", "game-1"],
     "cannot tell the language from the suffix"),
    (["check", "chess", str(PYTHON_PROGRAM)], "unknown algorithm 'chess'"),
])
def test_check_usage_errors_are_one_line(project_copy: Path, capsys: pytest.CaptureFixture[str],
                                         words: list[str], message: str) -> None:
    code, _, err = portcheck(capsys, *words)
    assert code == 2
    assert len(err.strip().splitlines()) == 1 and message in err


# -- a saved output, checked with no program (--output) ------------------------------------

def test_a_saved_output_is_checked_as_a_run_would_be(
        project_copy: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A transcript typed in from a platform nothing here runs: the same normalization,
    verdict and diff as a run's output."""
    saved = tmp_path / "screen.txt"
    saved.write_text("Hand 617\r\n" + freecell.output(617).replace("♦", "D").replace(
        "\n", "\r\n"), encoding="utf-8")
    code, out, _ = portcheck(capsys, "check", "freecell", "--output", str(saved),
                             "--cases", "game-617", "--normalize", str(MAPPING))
    assert code == 0, out
    assert "1 case matches the goldens (exact, normalized: chars C→♣" in out
    saved.write_text(freecell.output(617).replace("7♠", "7♣", 1), encoding="utf-8")
    code, out, _ = portcheck(capsys, "check", "freecell", "--output", str(saved),
                             "--cases", "game-617")
    assert code == 1
    assert "screen.txt differs from golden: case game-617, line 2" in out
    assert "-T♦ 7♠ Q♦ A♣ 6♦ 8♥ A♠ K♥\n    +T♦ 7♣ Q♦ A♣ 6♦ 8♥ A♠ K♥" in out


@pytest.mark.parametrize(("words", "message"), [
    (["check", "freecell", "--output", "screen.txt"], "say which cases the program prints"),
    (["check", "freecell", "--output", "nothing.txt", "--cases", "game-1"], "no such file"),
    (["check", "freecell", "--output", "/dev/zero", "--cases", "game-1"],
     "/dev/zero: a character device, not a regular file"),
    (["check", "freecell", str(PYTHON_PROGRAM), "--output", "screen.txt"], "not both"),
    (["check", "freecell", "--output", "screen.txt", "--args", "{game}"],
     "--args is for a program"),
    (["check", "freecell", "--cases", "game-1"], "give the program FILE to check"),
])
def test_output_usage_errors_are_one_line(project_copy: Path, capsys: pytest.CaptureFixture[str],
                                          words: list[str], message: str) -> None:
    (project_copy / "screen.txt").write_text(freecell.output(1), encoding="utf-8")
    code, _, err = portcheck(capsys, *words)
    assert code == 2
    assert message in one_error_line(err)


# -- a program in a shipped declared language, by its suffix ---------------------------------

SUIT_FIRST_C = r"""
#include <stdio.h>
#include <stdlib.h>
/* Rosetta Code's way: the generator, then the deal, printed suit first ("DJ" for J♦), in
   colour on a terminal. */
static unsigned seed;
static int rnd(void) { return (seed = (seed * 214013 + 2531011) & 0x7fffffff) >> 16; }
int main(int argc, char **argv) {
    int deck[52], i, j, n = 52, game = atoi(argv[1]);
    for (i = 0; i < 52; i++) deck[i] = i;
    seed = game;
    for (i = 0; i < 52; i++) {
        j = rnd() % n;
        printf("\033[3%dm%c%c\033[0m%s", deck[j] % 4, "CDHS"[deck[j] % 4],
               "A23456789TJQK"[deck[j] / 4], (i % 8 == 7 || i == 51) ? "\n" : " ");
        deck[j] = deck[--n];
    }
    return 0;
}
"""
SUIT_FIRST_MAPPING = r"""
replace:
  - {pattern: "\\x1b\\[[0-9;]*m", with: ""}
  - {pattern: "([CDHS])([A2-9TJQK])", with: "\\2\\1"}
chars: {C: "♣", D: "♦", H: "♥", S: "♠"}
"""


@pytest.mark.requires_runtime("c")
def test_a_c_program_printing_suit_before_rank_in_colour(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = project_copy / "deal.c"
    program.write_text(SUIT_FIRST_C, encoding="utf-8")
    mapping = project_copy / "suit-first.yaml"
    mapping.write_text(SUIT_FIRST_MAPPING, encoding="utf-8")
    code, out, _ = portcheck(capsys, "check", "freecell", str(program), "--args", "{game}",
                             "--normalize", str(mapping))
    assert code == 0, out
    assert "9 cases match the goldens" in out
    assert "replaced /\\x1b\\[[0-9;]*m/ → '', /([CDHS])([A2-9TJQK])/ → '\\\\2\\\\1'" in out
    code, out, _ = portcheck(capsys, "check", "freecell", str(program), "--lang", "c",
                             "--args", "{game}", "--cases", "game-1")
    assert code == 1 and "case game-1, line 1: expected 'J♦ 2♦ 9♥" in out
    assert "got '\\x1b[31mDJ\\x1b[0m \\x1b[31mD2" in out
def test_args_leaves_the_file_to_file(project_copy: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    """``--args "{game}" prog.py``: --args once took the file for a second word of a run's
    command line ("the following arguments are required: FILE")."""
    code, out, err = portcheck(capsys, "check", "freecell", "--args", "{game}",
                               str(PYTHON_PROGRAM), "--normalize", str(MAPPING))
    assert code == 0, out + err
    assert "9 cases match the goldens" in out


def test_args_is_split_as_a_shell_splits_it(project_copy: Path, tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    program = write(tmp_path / "echo_args.py", "import sys\nprint(sys.argv[1:])\n")
    code, out, _ = portcheck(capsys, "check", "freecell", "--args", "-g {game} 'a b'",
                             str(program), "--cases", "game-1")
    assert code == 1
    assert "got \"['-g', '1', 'a b']\"" in out


def test_a_mapped_difference_names_the_map_and_shows_the_file(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The notation map's output is shown mapped, saying so, and the program's own lines
    beside it (the report once showed A♠ where the program printed AS, unexplained)."""
    source = PYTHON_PROGRAM.read_text(encoding="utf-8").replace('"CDHS"', '"CDSH"')
    program = write(tmp_path / "deal_swapped.py", source)
    code, out, _ = portcheck(capsys, "check", "freecell", "--args", "{game}", str(program),
                             "--cases", "game-1", "--normalize", str(MAPPING))
    assert code == 1
    lines = [line.strip() for line in out.splitlines()]
    assert "case game-1 (game=1)" in lines
    assert any(line.startswith("+++ fresh run, read through the notation map (chars C→♣ D→♦ "
                               "H→♥ S→♠; dropped lines matching ^Hand \\d+$)")
               for line in lines)
    assert "+J♦ 2♦ 9♠ J♣ 5♦ 7♠ 7♣ 5♠" in lines  # mapped, as compared
    assert "fresh run itself says (before the map):" in lines
    assert "| JD 2D 9S JC 5D 7S 7C 5S" in lines  # as the program printed it


def test_a_difference_of_white_space_alone_is_said_in_words(
        project_copy: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    golden = GAME_1.replace("\n", "  \n")
    program = write(tmp_path / "spaces.py", f"import sys\nsys.stdout.write({golden!r})\n")
    code, out, _ = portcheck(capsys, "check", "freecell", str(program), "--cases", "game-1")
    assert code == 1
    assert ("only white space differs (trailing spaces and blank lines at the end or fewer): "
            "case game-1, line 1") in out
    assert "the output matches with --compare lines (compare: lines in port.yaml)" in out
    assert "+J♦·2♦·9♥·J♣·5♦·7♥·7♣·5♥··⏎" in out
    assert out.count("\n    +") <= 8  # the first lines of one case, not the whole output
    code, out, _ = portcheck(capsys, "check", "freecell", str(program), "--cases", "game-1",
                             "--compare", "lines")
    assert code == 0


# -- --format json: Exercism's results.json, a test per case ---------------------------------

def test_check_format_json_names_the_first_differing_line(
        project_copy: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import json

    program = write(tmp_path / "deal.py", "import sys\nsys.stdout.write("
                    + repr(freecell.output(1) + freecell.output(617).replace("7♠", "7♣", 1))
                    + ")\n")
    code, out, _ = portcheck(capsys, "check", "freecell", str(program), "--cases",
                             "game-1,game-617", "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert_results_json(document)
    assert (document["version"], document["status"]) == (3, "fail")
    assert "message" not in document
    first, second = document["tests"]
    again = f"portcheck check freecell {program} --cases game-1,game-617"  # the one run
    assert first == {"name": "game-1", "status": "pass", "message": None,
                     "output": freecell.output(1),
                     "test_code": f"{again}\n# case game-1 is its part of the output"}
    assert second["output"] == freecell.output(617).replace("7♠", "7♣", 1)
    assert second["status"] == "fail"
    assert second["message"] == ("case game-617, line 2: expected 'T♦ 7♠ Q♦ A♣ 6♦ 8♥ A♠ K♥', "
                                 "got 'T♦ 7♣ Q♦ A♣ 6♦ 8♥ A♠ K♥'")


def test_check_format_json_of_a_program_that_crashes_is_an_error(
        project_copy: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import json

    program = write(tmp_path / "deal.py", "raise SystemExit('no deck')\n")
    code, out, _ = portcheck(capsys, "check", "freecell", str(program), "--cases", "game-1",
                             "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert_results_json(document)
    assert document["status"] == "error" and "no deck" in document["message"]
    assert [t["status"] for t in document["tests"]] == ["error"]


def test_check_format_json_of_one_run_a_case_wrong_in_one_case(
        project_copy: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A program given each case on its command line: one test a case, exactly the wrong
    case failing with its first differing line, each test's command checking that case
    alone."""
    import json

    deals = {n: freecell.output(n) for n in (1, 617, 2)}
    deals[617] = deals[617].replace("K♥", "K♦", 1)
    program = write(tmp_path / "deal.py", f"import sys\nsys.stdout.write({deals!r}"
                    "[int(sys.argv[1])])\n")
    code, out, _ = portcheck(capsys, "check", "freecell", "--args", "{game}", str(program),
                             "--cases", "game-1,game-617,game-2", "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert_results_json(document)
    assert document["status"] == "fail"
    assert [(t["name"], t["status"]) for t in document["tests"]] == [
        ("game-1", "pass"), ("game-617", "fail"), ("game-2", "pass")]
    wrong = document["tests"][1]
    assert wrong["message"] == ("case game-617, line 2: expected 'T♦ 7♠ Q♦ A♣ 6♦ 8♥ A♠ K♥', "
                                "got 'T♦ 7♠ Q♦ A♣ 6♦ 8♥ A♠ K♦'")
    assert wrong["output"] == deals[617]
    assert wrong["test_code"] == (f"portcheck check freecell {program} --args '{{game}}' "
                                  "--cases game-617")


def test_check_format_json_of_a_program_that_does_not_build(
        project_copy: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A 1C module with a syntax error (the embedded interpreter, no toolchain needed): a
    test for the build with what the parser said, and every case an error, none missing."""
    import json

    program = write(tmp_path / "deal.bsl", 'Сообщить("x"\n')
    code, out, _ = portcheck(capsys, "check", "freecell", str(program), "--cases",
                             "game-1,game-617", "--format", "json")
    assert code == 1
    document = json.loads(out)
    assert_results_json(document)
    assert document["status"] == "error"
    assert [(t["name"], t["status"]) for t in document["tests"]] == [
        ("build", "error"), ("game-1", "error"), ("game-617", "error")]
    build = document["tests"][0]
    assert build["message"].startswith("build failed: ") and "Синтаксическая ошибка" in \
        build["message"]
    assert document["message"] == build["message"]
    assert build["test_code"] == f"portcheck check freecell {program} --cases game-1,game-617"
    assert all(t["message"].startswith("build failed: ") and "output" not in t
               for t in document["tests"][1:])


def test_check_format_json_of_a_saved_output(project_copy: Path,
                                             capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    import json

    saved = write(tmp_path / "screen.txt", freecell.output(617))
    code, out, _ = portcheck(capsys, "check", "freecell", "--output", str(saved), "--cases",
                             "game-617", "--format", "json")
    assert code == 0
    document = json.loads(out)
    assert_results_json(document)
    assert document["status"] == "pass"


def test_check_a_program_named_by_a_relative_path(project_copy: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The run's working folder is a scratch one: the box binds the program by its
    absolute path (a relative one was bound from the scratch folder, and the program was
    not there)."""
    write(project_copy / "mine" / "deal.py", "import sys\nsys.stdout.write("
          + repr(freecell.output(617)) + ")\n")
    code, out, _ = portcheck(capsys, "check", "freecell", "mine/deal.py", "--cases", "game-617")
    assert code == 0, out
    assert "1 case matches the goldens" in out


def test_a_program_inside_the_suite_named_relatively_is_run_in_the_box(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # the box hides the suite and binds back the program, named from portcheck's folder,
    # not from the run's scratch folder (it was "can't open file": checked nothing real)
    from portcheck.processes import sandbox
    from tests.helpers.needs import need

    need(sandbox.probe() is None, f"bubblewrap is not usable here: {sandbox.probe()}")
    inside = project_copy / "mine" / "deal_letters.py"
    inside.parent.mkdir()
    inside.write_bytes(PYTHON_PROGRAM.read_bytes())
    code, out, _ = portcheck(capsys, "check", "freecell", "mine/deal_letters.py", "--args",
                             "{game}", "--cases", "game-1", "--normalize", str(MAPPING),
                             "--sandbox", "on")
    assert code == 0, out
    assert "1 case matches the goldens" in out


def test_a_program_that_is_a_fifo_or_a_folder_is_named_as_such(
        project_copy: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    import os

    os.mkfifo(tmp_path / "deal.py")
    code, _, err = portcheck(capsys, "check", "freecell", str(tmp_path / "deal.py"))
    assert code == 2 and "a FIFO (named pipe), not a program file" in err
    code, _, err = portcheck(capsys, "check", "freecell", str(tmp_path))
    assert code == 2 and "a folder, not a program file" in err

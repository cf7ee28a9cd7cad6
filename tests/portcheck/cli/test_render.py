"""``portcheck render check|write``: a rendered program edited by hand fails ``check``, which
never writes; ``write`` restores it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.helpers.cli import portcheck, write


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
    assert out.strip().splitlines()[-1] == (
        "fix with: portcheck render write freecell --lang python (a change belongs in the "
        "template: write renders it again)")
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


def break_python_template(root: Path) -> None:
    """The python template now deals hearts as spades: it runs, and prints wrong cards."""
    template = root / "templates" / "python" / "freecell.py.j2"
    write(template, template.read_text(encoding="utf-8").replace('"♣♦♥♠"', '"♣♦♠♥"'))


def test_render_write_refuses_a_transcript_that_disagrees_with_the_goldens(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """render write once recorded a broken template's output and exited 0: the next verify
    then compared the goldens with a transcript nobody had looked at."""
    transcript = project_copy / "ports" / "freecell" / "python" / "transcript.txt"
    before = transcript.read_bytes()
    break_python_template(project_copy)
    code, out, _ = portcheck(capsys, "render", "write", "freecell", "--lang", "python")
    assert code == 1
    assert ("FAIL ports/freecell/python/transcript.txt: not recorded: the run differs from "
            "golden: case game-1, line 1: expected 'J♦ 2♦ 9♥ J♣ 5♦ 7♥ 7♣ 5♥', got 'J♦ 2♦ "
            "9♠ J♣ 5♦ 7♠ 7♣ 5♠'") in out
    assert "transcript.txt is left as it was (to record it all the same: portcheck render " \
           "write freecell --lang python --accept)" in out
    assert "      case game-1 (game=1)" in out.splitlines()  # the diff, by case
    assert transcript.read_bytes() == before
    code, out, _ = portcheck(capsys, "render", "write", "freecell", "--lang", "python",
                             "--accept")
    assert code == 0
    assert ("transcript.txt recorded from a run although it differs from the goldens "
            "(--accept): verify fails until they agree") in out
    assert transcript.read_bytes() != before


def test_a_whitespace_only_difference_keeps_both_hints_whole(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A template printing two spaces between cards: the line said that only white space
    differs and which --compare ignores it, and the command that records it all the same
    was cut off its end ('(to re… (77 more characters)', found preparing a lesson)."""
    template = project_copy / "templates" / "python" / "freecell.py.j2"
    write(template, template.read_text(encoding="utf-8").replace('print(" ".join(',
                                                                 'print("  ".join('))
    code, out, _ = portcheck(capsys, "render", "write", "freecell", "--lang", "python")
    assert code == 1
    assert "more characters)" not in out
    [fail] = [line for line in out.splitlines() if line.startswith("FAIL ")]
    assert fail.startswith("FAIL ports/freecell/python/transcript.txt: not recorded: the run "
                           "differs from golden: only white space differs")
    assert fail.endswith("the output matches with --compare tokens (compare: tokens in "
                         "port.yaml)")
    assert ("      transcript.txt is left as it was (to record it all the same: portcheck "
            "render write freecell --lang python --accept)") in out.splitlines()


@pytest.mark.requires_runtime("pascal")
def test_a_failed_build_shows_the_compiler_s_own_first_messages(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """render write once said only 'fpc failed (exit 1)'."""
    template = project_copy / "templates" / "pascal" / "_freecell_deal.pas.j2"
    write(template, template.read_text(encoding="utf-8").replace(
        "Pick := Lcg mod (52 - I);", "Pick := Lcg mod (52 - J);"))
    code, out, _ = portcheck(capsys, "render", "write", "freecell", "--lang", "pascal")
    assert code == 1
    failed = next(line for line in out.splitlines() if line.startswith("FAIL"))
    assert "build failed:" in failed and "fpc failed (exit 1)" in failed
    assert 'Error: Identifier not found "J"' in failed  # the compiler's first error, too
    shown = out.split(failed, 1)[1].strip().splitlines()
    assert shown[0].strip().startswith("freecell.pas(") and "Error" in shown[0]
    assert "Free Pascal Compiler version" not in out  # its banner left out


def test_the_fresh_hint_names_the_port_s_language(project_copy: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    """The fresh check once said `render write freecell`, which would render every
    language's program again and silently discard a deliberate edit elsewhere."""
    program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
    write(program, program.read_text(encoding="utf-8") + "# edited\n")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 1
    assert ("FAIL ports/freecell/python::fresh: freecell.py differs from its template (a "
            "change belongs in the template templates/python/freecell.py.j2; then run: "
            "portcheck render write freecell --lang python)") in out


def test_a_case_never_rendered_hints_render_write(project_copy: Path,
                                                 capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """A case added to the reference, and to the goldens, that the port's program was never
    rendered for: its transcript ends before it, and the hint says how to record it."""
    reference = project_copy / "reference" / "freecell.py"  # the reference runs apart
    reference.write_text(reference.read_text(encoding="utf-8")
                         + '\nCASES = {**CASES, "game-3": {"game": 3}}\n', encoding="utf-8")
    assert portcheck(capsys, "golden", "update", "freecell", "--new-only")[0] == 0
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 1
    assert ("FAIL ports/freecell/python::transcript: transcript differs from golden: case "
            "game-3, line 1: expected 'K♣ 2♦ Q♣ 7♥ 6♠ 8♥ T♥ 4♦', got the end of the output; "
            "transcript.txt has no output for case game-3: was it added after the port was "
            "recorded? record it again: portcheck render write freecell --lang python") in out
    assert portcheck(capsys, "render", "write", "freecell", "--lang", "python")[0] == 0
    assert portcheck(capsys, "verify", "freecell", "--lang", "python")[0] == 0


def test_a_case_added_to_the_reference_hints_update_not_a_template_edit(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A case added to the reference alone (found preparing a lesson): the fresh check said
    the program 'differs from its template (a change belongs in the template…)', as if
    someone had edited it, and named render write, which leaves the goldens without the
    case.  The one command that brings the port up to date is named, and does."""
    reference = project_copy / "reference" / "freecell.py"
    reference.write_text(reference.read_text(encoding="utf-8")
                         + '\nCASES = {**CASES, "game-3": {"game": 3}}\n', encoding="utf-8")
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", "python")
    assert code == 1
    assert ("FAIL ports/freecell/python::fresh: freecell.py differs from its template: the "
            "reference's cases changed (run: portcheck update freecell; this port alone: "
            "--lang python)") in out.splitlines()
    assert portcheck(capsys, "update", "freecell", "--lang", "python")[0] == 0
    assert portcheck(capsys, "verify", "freecell", "--lang", "python")[0] == 0

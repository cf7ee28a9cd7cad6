"""What every subcommand shares (``portcheck.cli.main``): a usage mistake exits 2 with ONE line
on stderr (``file:line`` where there is a file: port.yaml, a golden, a template) and no
traceback, in this process and as a real one.  Every bad project is a copy of the real one
(``project_copy``) with one thing broken."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from tests.helpers.cli import one_error_line, portcheck, portcheck_process, write
from tests.helpers.ports import explicit_port_yaml
from tests.helpers.reference import REPO


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


def test_an_unknown_option_among_inputs_is_the_one_named(
        capsys: pytest.CaptureFixture[str]) -> None:
    """`listing josephus --lang python n=10 k=2 -f pdf` said `unrecognized arguments: n=10
    k=2 -f pdf`, as if the inputs were wrong too."""
    code, out, err = portcheck(capsys, "reference", "freecell", "game=1", "-f", "pdf")
    assert (code, out) == (2, "")
    assert err.splitlines()[-1] == "portcheck: error: unrecognized arguments: -f"


def test_an_input_given_twice_is_refused(capsys: pytest.CaptureFixture[str]) -> None:
    code, _, err = portcheck(capsys, "reference", "freecell", "game=1", "game=2")
    assert code == 2
    assert "game given twice" in one_error_line(err)


def test_usage_error_as_a_real_process(project_copy: Path) -> None:
    run = portcheck_process("reference", "freecell", "game=x")
    assert run.returncode == 2
    assert run.stdout == ""
    assert one_error_line(run.stderr) == (
        "portcheck: error: freecell: game: 'x' is not a whole number")


def python_port_yaml(root: Path) -> Path:
    return explicit_port_yaml(root)


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


def test_outside_a_project(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                           capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    code, _, err = portcheck(capsys, "verify")
    assert code == 2
    assert "not inside a portcheck project" in one_error_line(err)


def test_every_subcommand_s_help_says_what_it_does_with_examples() -> None:
    """Subcommand help once had no examples and no word on ALGO, NAME=VALUE or DIR."""
    from portcheck.cli.commands import COMMANDS
    from portcheck.cli.main import build_parser

    parser = build_parser()
    helps = {name: action.choices[name].format_help()  # each with its module's own parser
             for name in COMMANDS
             for action in build_parser(name)._subparsers._group_actions}
    assert set(helps) == {name for action in parser._subparsers._group_actions
                          for name in action.choices}
    for name, text in helps.items():
        assert "examples:\n  portcheck " + name in text, name
        usage = text.split("\n\n")[0]
        for word in ("ALGO", "NAME=VALUE", "DIR"):
            if f" {word}" in usage or f"[{word}" in usage:
                assert f"{word}: " in text, (name, word)
    assert "NAME=VALUE: an input of ALGO" in helps["reference"]
    assert "DIR: the new suite's folder" in helps["init"]
    exec_summary = parser.format_help()
    for suffix in (".bsl .os", ".kum", ".arsac"):
        assert suffix in exec_summary


def test_ctrl_c_while_the_command_loads_is_130_without_a_traceback(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # the command's modules load in parse(): a Ctrl-C there printed a Python traceback
    from portcheck.cli import main as cli_main

    def interrupted(argv: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_main, "parse", interrupted)
    code, out, err = portcheck(capsys, "list")
    assert (code, out, err) == (130, "", "")

"""``portcheck COMMAND ALGO --help`` (``portcheck.cli.inputs_help``): the command's help, then
ALGO's inputs in the words ``portcheck list`` uses, with their defaults or ``required``; the
help alone without ALGO or outside a suite, one line more for an ALGO the suite lacks; and a
bare ``--help`` that still reads no suite."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest

from portcheck.cli.inputs_help import HelpWithInputs
from portcheck.terminal.output import SIGPIPE_STATUS
from tests.helpers.cli import portcheck, portcheck_process
from tests.helpers.reference import REPO
from tests.portcheck.cli.test_commands import full_parser, imported_by, subparsers

# Every command whose words name an algorithm's inputs: NAME=VALUE (reference, run,
# listing), --args "{name}" (check), the inputs drawn and --range over one (fuzz).
WITH_INPUTS = ["reference", "run", "listing", "check", "fuzz"]


def test_every_command_that_takes_inputs_has_the_help_that_shows_them() -> None:
    with_help = {name for name, parser in subparsers(full_parser()).choices.items()
                 if any(isinstance(a, HelpWithInputs) for a in parser._actions)}
    assert with_help == set(WITH_INPUTS)


@pytest.fixture
def in_the_repo(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    monkeypatch.chdir(REPO)


def inputs_shown(out: str, algorithm: str) -> list[str]:
    """The lines after the help's ``inputs of ALGO:`` heading, each an input."""
    lines = out.splitlines()
    return lines[lines.index(f"inputs of {algorithm}:") + 1:]


@pytest.mark.parametrize("command", WITH_INPUTS)
def test_algo_help_shows_its_inputs_with_their_defaults(
        command: str, capsys: pytest.CaptureFixture[str], in_the_repo: None) -> None:
    code, out, err = portcheck(capsys, command, "queens", "--help")
    assert (code, err) == (0, "")
    assert out.startswith(f"usage: portcheck {command}")  # the command's own help, then…
    n, mode = inputs_shown(out, "queens")
    assert n.split() == ["n=1..10", "(default", "8)", "board", "size"]
    assert mode.startswith("  mode=full|half|listing (default listing)  full: whole first row")


def test_an_input_without_a_default_says_it_is_required(
        capsys: pytest.CaptureFixture[str], in_the_repo: None) -> None:
    out = portcheck(capsys, "listing", "ruler", "--lang", "java", "-h")[1]
    k, method = inputs_shown(out, "ruler")
    assert k.split()[:2] == ["k=1..30", "(required)"]
    assert method.split()[:3] == ["method=book|free", "(default", "book)"]


@pytest.mark.parametrize("algorithm", ["queens", "javarandom", "ruler", "freecell"])
def test_the_help_says_each_input_as_portcheck_list_does(
        algorithm: str, capsys: pytest.CaptureFixture[str], in_the_repo: None) -> None:
    listed = next(line for line in portcheck(capsys, "list")[1].splitlines()
                  if line.strip().startswith(f"{algorithm} "))
    words = listed.split(", inputs ", 1)[1]
    for line in inputs_shown(portcheck(capsys, "reference", algorithm, "--help")[1],
                             algorithm):
        said = line.strip().split("  ")[0].removesuffix(" (required)")
        assert said in words


def test_help_without_algo_is_the_help_alone_and_says_how_to_see_them(
        capsys: pytest.CaptureFixture[str], in_the_repo: None) -> None:
    code, out, _ = portcheck(capsys, "reference", "--help")
    assert code == 0 and "inputs of" not in out
    assert "portcheck reference queens --help" in " ".join(out.split())


def test_an_unknown_algo_gets_the_help_and_one_line_saying_so(
        capsys: pytest.CaptureFixture[str], in_the_repo: None) -> None:
    code, out, err = portcheck(capsys, "reference", "nosuch", "--help")
    assert (code, err) == (0, "")  # help, not a usage error (docs/decisions.md)
    alone = portcheck(capsys, "reference", "--help")[1]
    assert out.startswith(alone)
    [said] = out[len(alone):].strip().splitlines()
    assert said.startswith("no algorithm 'nosuch' in this suite (known: battleship, ")


def test_outside_a_suite_the_help_is_the_help_alone(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    code, out, err = portcheck(capsys, "run", "queens", "--lang", "java", "--help")
    assert (code, err) == (0, "")
    assert out == portcheck(capsys, "run", "--help")[1]


def test_a_reference_that_does_not_load_is_said_in_one_line(
        capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    assert portcheck(capsys, "init", "suite")[0] == 0
    # a copy: this process has read the suite `init` made (the reference's declarations
    # are read once per process and suite)
    shutil.copytree(tmp_path / "suite", tmp_path / "copy")
    monkeypatch.chdir(tmp_path / "copy")
    broken = next((tmp_path / "copy" / "reference").glob("[!_]*.py"))
    broken.write_text(broken.read_text(encoding="utf-8") + "\nthis is not python\n",
                      encoding="utf-8")
    code, out, err = portcheck(capsys, "reference", broken.stem, "--help")
    assert (code, err) == (0, "")
    last = out.rstrip().splitlines()[-1]
    assert last.startswith(f"inputs of {broken.stem}: not shown (") and broken.name in last


@pytest.mark.parametrize("command", WITH_INPUTS)
def test_a_bare_help_reads_no_suite(command: str) -> None:
    """``COMMAND --help`` without ALGO stays as light as it was: no YAML, no reference."""
    modules = imported_by([command, "--help"], PORTCHECK_ROOT=str(REPO))
    assert {"yaml", "portcheck.suite.reference_host"}.isdisjoint(modules)


def test_help_with_algo_reads_the_suite() -> None:
    """The guard above would pass if the help read nothing at all."""
    modules = imported_by(["reference", "queens", "--help"], PORTCHECK_ROOT=str(REPO))
    assert "portcheck.suite.reference_host" in modules



@pytest.mark.parametrize("unbuffered", [True, False], ids=["unbuffered", "buffered"])
def test_a_reader_gone_before_the_help_is_a_quiet_exit(unbuffered: bool) -> None:
    """`portcheck reference queens --help | head -1` printed a traceback: the help went
    out, the suite was read, and writing the inputs met the closed pipe."""
    read_end, write_end = os.pipe()
    os.close(read_end)  # the reader has gone before a byte is written
    try:
        run = portcheck_process("reference", "queens", "--help", cwd=REPO, stdout=write_end,
                                env={"PYTHONUNBUFFERED": "1"} if unbuffered else {},
                                unset=("PORTCHECK_ROOT", *(() if unbuffered
                                                           else ("PYTHONUNBUFFERED",))))
    finally:
        os.close(write_end)
    assert (run.returncode, run.stderr) == (SIGPIPE_STATUS, "")

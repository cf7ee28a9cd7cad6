"""``portcheck fuzz``: the FreeCell ports agree with the reference on random inputs; a
broken port is caught, its failing input shrunk to the smallest, and the command that
reproduces it printed; the shrinker's budget; usage errors.

Every other template port gets the same differential run in CI as the ``::deep`` items of
tox's ``pytest --portcheck-deep 5`` (``checks.differential_run`` serves both): running it
here again would double the suite's time for nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from portcheck.cli.main import main
from portcheck.explore import fuzz
from portcheck.explore.fuzz import fuzz_port, shrink
from portcheck.suite.algorithms import case_of
from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.verify.checks import CheckContext
from portcheck.verify.execution import RunSettings
from portcheck.verify.results import PASS, SKIP
from tests.helpers.cli import one_error_line, portcheck

PROJECT = find_project()
FREECELL_PORTS = [port for port in find_ports(PROJECT)
                  if port.origin == "template" and port.algorithm == "freecell"]


@pytest.fixture
def fuzz_context(build_cache: Path, monkeypatch: pytest.MonkeyPatch) -> CheckContext:
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    require = os.environ.get("PORTCHECK_REQUIRE_RUNTIMES") == "1"
    return CheckContext(PROJECT, RunSettings(require_runtimes=require))


@pytest.mark.parametrize("port", FREECELL_PORTS, ids=[p.language for p in FREECELL_PORTS])
def test_the_freecell_ports_agree_on_random_inputs(port, fuzz_context: CheckContext) -> None:
    result = fuzz_port(fuzz_context, port, 40, seed=7)
    if result.status == SKIP:
        pytest.skip(result.message)
    assert result.status == PASS, result.message
    assert result.cases == 40 and result.rate > 0


@pytest.fixture
def broken_suite(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """``portcheck init``'s suite whose Python template counts one step too many from
    n = 777 on: only a few of the golden cases show it, and 777 is the smallest input."""
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    assert main(["init", "suite"]) == 0
    template = tmp_path / "suite" / "templates" / "python" / "collatz.py.j2"
    text = template.read_text(encoding="utf-8")
    broken = text.replace("{steps} steps", "{steps + (start >= 777)} steps")
    assert broken != text
    template.write_text(broken, encoding="utf-8")
    monkeypatch.chdir(tmp_path / "suite")
    return tmp_path / "suite"


def test_a_broken_port_is_caught_and_its_input_shrunk(
        broken_suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = portcheck(capsys, "fuzz", "collatz", "--count", "10")
    assert code == 1, out + err
    assert out.startswith("FAIL  ports/collatz/python: differs: ")
    assert "smallest failing input n=777 (shrunk from n=" in out
    assert ("reproduce: portcheck run collatz --lang python n=777   vs   "
            "portcheck reference collatz n=777") in out


def test_the_repro_command_shows_the_difference(
        broken_suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    def steps(words: list[str]) -> int:
        out = portcheck(capsys, *words)[1]
        return int(out.split(": ")[1].split()[0])  # "777: 34 steps, peak 3940"

    run = ["run", "collatz", "--lang", "python"]
    assert steps([*run, "n=777"]) == steps(["reference", "collatz", "n=777"]) + 1
    assert steps([*run, "n=776"]) == steps(["reference", "collatz", "n=776"])


def test_shrinking_stays_within_its_budget(broken_suite: Path, build_cache: Path,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    project = find_project(broken_suite)
    (port,) = find_ports(project)
    context = CheckContext(project, RunSettings())
    smallest, runs = shrink(context, port, case_of({"n": 1_000_000}), budget=5)
    assert runs == 5
    assert 777 <= smallest.params["n"] <= 1_000_000  # still failing, not yet the smallest


@pytest.mark.parametrize("words, message", [
    (["fuzz", "nosuch"], "unknown algorithm 'nosuch'"),
    (["fuzz", "freecell", "--lang", "cobol"], "unknown language 'cobol'"),
    (["fuzz", "dice"], "dice: no template port to fuzz"),
])
def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str], words: list[str],
                                   message: str) -> None:
    code, _, err = portcheck(capsys, *words)
    assert code == 2
    assert message in one_error_line(err)


def test_many_inputs_run_in_batches(fuzz_context: CheckContext,
                                    monkeypatch: pytest.MonkeyPatch) -> None:
    """A program holds at most ``BATCH`` inputs (javac refuses a 20,000-call main)."""
    monkeypatch.setattr(fuzz, "BATCH", 4)
    batches: list[int] = []
    real_run = fuzz.differential_run

    def counted(context: CheckContext, port, cases, **options):
        batches.append(len(cases))
        return real_run(context, port, cases, **options)

    monkeypatch.setattr(fuzz, "differential_run", counted)
    (port,) = [p for p in FREECELL_PORTS if p.language == "python"]
    result = fuzz.fuzz_port(fuzz_context, port, 10, seed=3)
    assert (result.status, result.cases) == (PASS, 10)
    assert batches == [4, 4, 2]

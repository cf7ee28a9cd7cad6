"""A mutant's run stopped at its first wrong output (``portcheck.runners.watch``,
``portcheck.mutate.prefix``), on real runs: stopped there, where the full run would fail it
too (here: at the time limit); a right output printed slowly, in pieces, never stopped; a
port run once per case stopped at its first wrong run; ``portcheck mutate`` with and
without the early stop, the same mutants detected; and each run of a port run per case
timed, and limited, on its own (``portcheck.mutate.runs``)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portcheck.mutate.prefix import ExpectedOutput
from portcheck.mutate.runs import Limit, Running, mutant_limits, run_program
from portcheck.runners.environment import PLAIN
from portcheck.runners.watch import watching
from portcheck.suite.compare import compare
from portcheck.suite.ports import Port, load_port
from portcheck.suite.project import find_project
from portcheck.verify.checks import golden_segments
from portcheck.verify.execution import RunSettings, planned_runs, produce_output
from portcheck.verify.results import Reason, RunProblem
from tests.helpers.cli import portcheck
from tests.helpers.ports import collatz_article_port

WRONG_THEN_HANG = 'import time\nprint("1: 9 steps, peak 1", flush=True)\ntime.sleep(120)\n'
RIGHT_IN_PIECES = '''import sys, time
for piece in ("1: 0 st", "eps, peak 1\\r\\n6: 8 steps,", " peak 16\\r", "\\n"):
    sys.stdout.write(piece)
    sys.stdout.flush()
    time.sleep(0.2)
'''
PER_CASE = '''import sys, time
n = int(sys.argv[1])
print(f"{n}: 9 steps, peak {n}" if n == 1 else "6: 8 steps, peak 16", flush=True)
time.sleep(120 if n == 1 else 0)
'''
# line 1 made n = 0 or n = -1: a wrong first line, then a loop that never ends
COUNTDOWN = 'n = 1\nprint(f"{n}: 0 steps, peak {n}")\nwhile n != 1:\n    n = n - 1\n'


def port_of(root: Path, name: str, text: str, cases: list[str], extra: str = "") -> Port:
    folder = collatz_article_port(root, name, f"{name.replace('-', '_')}.py", text, cases)
    if extra:
        with (folder / "port.yaml").open("a", encoding="utf-8") as yaml:
            yaml.write(extra)
    return load_port(folder / "port.yaml", find_project())


def run_watched(port: Port, seconds: float, watched: bool = True) -> str:
    """The output of the port's program, or the RunProblem's reason and message."""
    expected = golden_segments(find_project(), port)
    watch = ExpectedOutput(expected, port.normalize, port.compare) if watched else None
    try:
        with watching(watch):
            return produce_output(port, port.program, RunSettings(timeout=seconds)).stdout
    except RunProblem as problem:
        return f"{problem.result.reason}: {problem.result.message}"


def test_a_wrong_line_stops_the_run_where_the_full_run_fails_too(suite: Path) -> None:
    port = port_of(suite, "python-wrong", WRONG_THEN_HANG, ["n-1"])
    assert run_watched(port, 120) == f"{Reason.DIFFERS}: stopped at its first wrong output"
    assert run_watched(port, 2, watched=False).startswith(f"{Reason.TIME_LIMIT}: ")


def test_a_right_output_printed_in_pieces_is_not_stopped(suite: Path) -> None:
    port = port_of(suite, "python-slow", RIGHT_IN_PIECES, ["n-1", "n-6"])
    printed = run_watched(port, 60)
    assert printed == "1: 0 steps, peak 1\r\n6: 8 steps, peak 16\r\n"
    assert compare(golden_segments(find_project(), port), printed, port.compare) is None


def test_a_port_run_per_case_stops_at_its_first_wrong_run(suite: Path) -> None:
    port = port_of(suite, "python-cases", PER_CASE, ["n-1", "n-6"],
                   'runs: per-case\nargs: ["{n}"]\n')
    assert run_watched(port, 120) == \
        f"{Reason.DIFFERS}: case n-1: stopped at its first wrong output"


def test_mutate_detects_the_same_mutants_with_and_without_the_early_stop(
        suite: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The mutants that print a wrong line and then loop for ever are killed at that line;
    run to their end, they are stopped at the time limit: detected either way."""
    port_of(suite, "python-countdown", COUNTDOWN, ["n-1"])
    early, full = (mutate_json(capsys, *words) for words in ((), ("--no-early-stop",)))
    assert early["timed_out"] == 0 and full["timed_out"] >= 1
    assert early["killed"] == full["killed"] + full["timed_out"]
    assert early["survivors"] == full["survivors"]


def mutate_json(capsys: pytest.CaptureFixture[str], *words: str) -> dict:
    code, out, err = portcheck(capsys, "mutate", "collatz", "--lang", "python-countdown",
                               "--lines", "1", "--timeout", "2", "--format", "json", *words)
    assert code == 0, err
    return json.loads(out)[0]


SLOW_SECOND_CASE = '''import sys, time
n = int(sys.argv[1])
time.sleep(0 if n == 1 else 3)
print(f"{n}: 0 steps, peak 1" if n == 1 else "6: 8 steps, peak 16")
'''


def test_each_run_of_a_port_run_per_case_has_its_own_time_limit(suite: Path) -> None:
    port = port_of(suite, "python-limits", SLOW_SECOND_CASE, ["n-1", "n-6"],
                   'runs: per-case\nargs: ["{n}"]\n')
    running = Running(RunSettings(), tuple(planned_runs(port)), PLAIN)
    ran = run_program(port, port.program, running, {"n-1": Limit(60), "n-6": Limit(60)},
                      "mutant", None)
    assert list(ran.seconds) == ["n-1", "n-6"] and ran.seconds["n-6"] >= 3
    assert mutant_limits(ran.seconds, {}, 5, 0, 3)["n-6"].wall >= 15
    with pytest.raises(RunProblem) as stopped:
        run_program(port, port.program, running, {"n-1": Limit(60), "n-6": Limit(1)},
                    "mutant", None)
    assert stopped.value.result.message == "case n-6: stopped at the time limit of 1 s"

"""A mutant's limit is CPU time, a few times the original's (``mutate.runs``): what a loaded
machine adds to a run — time waiting for a core, which is wall time and no CPU time — does
not decide a fate.  A process that waits for the CPU accrues wall time as a sleeping one
does, so a mutant that sleeps stands here for one slowed down by the machine's load."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from portcheck.mutate import engine, runs
from portcheck.mutate.engine import Fate, Plan, score_port
from portcheck.mutate.operators import Mutant
from portcheck.runners import zygote
from portcheck.suite.ports import load_port
from portcheck.suite.project import find_project
from portcheck.verify.execution import RunSettings
from tests.helpers.cli import portcheck
from tests.helpers.ports import collatz_article_port
from tests.portcheck.mutate.test_engine import COLLATZ_BSL

PROGRAM = 'import time\nDELAY = 0\ntime.sleep(DELAY)\nprint("6: 8 steps, peak 16")\n'
WAITS = Mutant(2, "DELAY = 0", "DELAY = 3", "test")  # slower in wall time only
LOOPS = Mutant(2, "DELAY = 0", "while True: pass", "test")  # spins: CPU time
SLEEPS = Mutant(2, "DELAY = 0", "DELAY = 10 ** 6", "test")  # waits for ever: no CPU time
WRONG = Mutant(4, 'print("6: 8 steps, peak 16")', 'print("6: 8 steps, peak 17")', "test")


def test_cpu_limits_follow_the_originals_cpu_time_not_its_wall_time() -> None:
    """The same CPU time gives the same CPU limit however long the original's run took
    in wall time (a busy machine); the wall limit is a backstop, never tighter than the
    wall-time rule was."""
    quiet = runs.mutant_limits({None: 0.5}, {None: 0.4}, 3.0, 1.0, 3.0)[None]
    busy = runs.mutant_limits({None: 6.0}, {None: 0.4}, 3.0, 1.0, 3.0)[None]
    assert quiet.cpu == busy.cpu == 3.0
    assert busy.wall >= 3.0 * 6.0 + 1.0 and quiet.wall == runs.WALL_BACKSTOP * 3.0
    heavy = runs.mutant_limits({"a": 1.0}, {"a": 2.0}, 3.0, 1.0, 3.0)["a"]
    assert heavy.cpu == 7.0 and heavy.wall == runs.WALL_BACKSTOP * 7.0
    unmeasured = runs.mutant_limits({"a": 1.0}, {"a": None}, 3.0, 1.0, 3.0)["a"]
    assert unmeasured == runs.Limit(4.0, None)  # wall time binds, as before


def test_a_mutant_slower_in_wall_time_survives_and_one_that_spins_is_timed_out(
        suite: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = collatz_article_port(suite, "python-waits", "waits.py", PROGRAM, ["n-6"])
    port = load_port(folder / "port.yaml", find_project())
    monkeypatch.setattr(engine, "mutants", lambda text, lang: [WAITS, LOOPS, SLEEPS, WRONG])
    monkeypatch.setattr(engine, "MIN_SECONDS", 1.0)  # the test's own: short limits
    monkeypatch.setattr(runs, "WALL_BACKSTOP", 5.0)
    result = score_port(find_project(), port, RunSettings(), Plan(jobs=2))
    fates = {v.mutant.key: v for v in result.verdicts}
    assert result.cpu_limit is not None and result.cpu_limit < 2.0  # 3 x a Python start + 1 s
    waited = fates[WAITS.key]
    # it took longer in wall time than its CPU limit, which a wall-time limit of that size
    # would have stopped: it used no more CPU than the original, so it survives
    assert waited.fate == Fate.SURVIVED and waited.seconds > result.cpu_limit + 1.0
    assert fates[LOOPS.key].fate == Fate.TIMED_OUT
    assert "CPU time" in fates[LOOPS.key].why
    assert fates[SLEEPS.key].fate == Fate.TIMED_OUT  # the wall-time backstop
    assert "time limit" in fates[SLEEPS.key].why
    assert fates[WRONG.key].fate == Fate.KILLED


def test_a_forked_embedded_runs_cpu_time_is_measured(
        suite: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A run forked from the zygote (1C, KuMir, the book's language) is read before the
    zygote reaps it: its CPU time sets the mutants' CPU limit, and a mutant that loops is
    stopped by it."""
    collatz_article_port(suite, "bsl-tiny", "tiny.bsl", COLLATZ_BSL, ["n-6", "n-27"], "bsl")
    forks = []
    fork = zygote.Zygote.run
    monkeypatch.setattr(zygote.Zygote, "run", lambda *a, **k: forks.append(1) or fork(*a, **k))
    monkeypatch.setattr(engine, "MIN_SECONDS", 0.5)  # the test's own: short limits
    code, out, err = portcheck(capsys, "mutate", "collatz", "--lang", "bsl-tiny",
                               "--format", "json", "--lines", "7")
    assert code == 0, err
    [result] = json.loads(out)
    assert forks and result["cpu_limit"] is not None
    assert 1.0 <= result["cpu_limit"] < 2.5  # 3 x the forked runs' CPU time + 1 s
    assert result["time_limit"] >= runs.WALL_BACKSTOP * result["cpu_limit"]
    assert result["timed_out"] > 0  # `Н = Н / 1;`… loops: stopped by its CPU time

"""``portcheck mutate --all``: the mutants run on a local Dask cluster get the fates the
serial run gives them; a run resumes from its journal without running a recorded mutant
again; an entry of the journal that was tampered with or cut short is not trusted (its
mutant runs again); the usage errors (an unreachable scheduler, Dask missing) are one line.

The port is a tiny Python Collatz program of ``portcheck init``'s suite, and only lines
whose mutants end at once (killed, surviving, stillborn, duplicate; none loops): Python
alone, a few seconds."""

from __future__ import annotations

import importlib.util
import json
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from portcheck.mutate import engine
from portcheck.mutate.cluster import journal as journal_module
from portcheck.mutate.cluster.run import ClusterOutcome, mutate_all
from portcheck.processes import cluster
from portcheck.suite.ports import find_ports
from portcheck.suite.project import find_project
from portcheck.verify.execution import RunSettings
from tests.helpers.cli import one_error_line, portcheck
from tests.helpers.ports import collatz_article_port
from tests.portcheck.mutate.test_engine import COLLATZ

pytestmark = pytest.mark.skipif(importlib.util.find_spec("distributed") is None,
                                reason="distributed not installed: pip install "
                                       "'portcheck[scale]'")

# lines 2 and 5-7 of the program: 31 mutants, killed, surviving, stillborn and duplicate
PLAN = engine.Plan(jobs=2, lines=frozenset({2, 5, 6, 7}), timeout=5.0)


@pytest.fixture(scope="module")
def client() -> Iterator[Any]:
    with cluster.dask_client(None, workers=2) as dask:
        yield dask


@pytest.fixture
def tiny(suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The port; a cache folder of this test's own (its journal: no other test's)."""
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    return collatz_article_port(suite, "python-tiny", "tiny.py",
                                COLLATZ + "collatz(1)\ncollatz(27)\n", ["n-1", "n-27"])


def _port():  # type: ignore[no-untyped-def]
    project = find_project()
    [port] = [p for p in find_ports(project) if p.folder.name == "python-tiny"]
    return project, port


def fates(score: engine.PortScore) -> list[tuple[str, str, str]]:
    return sorted((v.mutant.key, v.fate.value, v.why if v.fate == engine.Fate.DUPLICATE
                   else "") for v in score.verdicts)


def on_cluster(client: Any, batch: int = 4) -> ClusterOutcome:
    project, port = _port()
    return mutate_all(client, project, [port], RunSettings(), PLAN, quiet=True, batch=batch)


def the_journal() -> Path:
    [path] = (journal_module.cache_root() / "mutate").glob("*.json")
    return path


def test_the_cluster_gives_the_serial_fates(tiny: Path, client: Any) -> None:
    project, port = _port()
    serial = engine.score_port(project, port, RunSettings(), PLAN)
    outcome = on_cluster(client, batch=3)  # duplicates across batches, as well as within
    [score] = outcome.scores
    assert fates(score) == fates(serial)
    kinds = {v.fate for v in serial.verdicts}
    assert {engine.Fate.KILLED, engine.Fate.SURVIVED, engine.Fate.STILLBORN,
            engine.Fate.DUPLICATE} <= kinds  # the selection shows each kind of fate
    assert (outcome.ran, outcome.resumed, outcome.failed) == (len(serial.verdicts), 0, [])


def test_a_resumed_run_takes_the_recorded_fates(tiny: Path, client: Any) -> None:
    first = on_cluster(client)
    [before] = first.scores
    file = the_journal()
    data = json.loads(file.read_text(encoding="utf-8"))
    kept = dict(list(data["mutants"].items())[:10])  # as an interrupted run leaves it
    data["mutants"] = kept
    marked = next(k for k, e in kept.items() if e["fate"] == "killed")
    entry = {**kept[marked], "why": "taken from the journal"}  # a record, with its check
    entry.pop("check")
    kept[marked] = {**entry, "check": journal_module._check(data["key"], marked, entry)}
    file.write_text(json.dumps(data), encoding="utf-8")
    again = on_cluster(client)
    assert (again.ran, again.resumed, again.ignored) == (first.ran - 10, 10, 0)
    [after] = again.scores
    assert fates(after) == fates(before)
    [why] = [v.why for v in after.verdicts if v.mutant.key == marked]
    assert why == "taken from the journal"  # not run again: its fate is the record's
    done = on_cluster(client)
    assert (done.ran, done.resumed) == (0, first.ran)  # nothing left to run


def test_a_corrupted_entry_is_run_again_never_trusted(tiny: Path, client: Any) -> None:
    first = on_cluster(client)
    [before] = first.scores
    file = the_journal()
    data = json.loads(file.read_text(encoding="utf-8"))
    killed = [k for k, e in data["mutants"].items() if e["fate"] == "killed"]
    data["mutants"][killed[0]]["fate"] = "survived"  # its check no longer matches
    data["mutants"][killed[1]] = "killed"  # not an entry at all
    del data["mutants"][killed[2]]["why"]  # another shape
    file.write_text(json.dumps(data), encoding="utf-8")
    again = on_cluster(client)
    assert (again.ran, again.ignored) == (3, 3)
    assert fates(again.scores[0]) == fates(before)
    file.write_text(file.read_text(encoding="utf-8")[:200], encoding="utf-8")  # cut short
    whole = on_cluster(client)
    assert (whole.ran, whole.resumed) == (first.ran, 0)
    assert fates(whole.scores[0]) == fates(before)


def test_the_command_prints_one_table(tiny: Path, capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = portcheck(capsys, "mutate", "--all", "collatz", "--lang", "python-tiny",
                               "--lines", "2,5-7", "--workers", "2", "-q")
    assert code == 0, err
    head, _, row, summary = out.splitlines()
    assert head.startswith("| port | mutants | killed | survived | timed out | equivalent")
    assert row.startswith("| collatz/python-tiny | 31 | ")
    assert summary.startswith("1 ports scored, 0 failed, 0 skipped; mutants: ")


@pytest.mark.parametrize(("words", "message"), [
    (["--scheduler", "tcp://127.0.0.1:9", "-q"], "--scheduler, -q: only with --all"),
    (["--workers", "2"], "--workers: only with --all"),
    (["--all", "--scheduler", "local:9"], "--scheduler 'local:9': expected tcp://HOST:PORT"),
    (["--all", "--scheduler", "tcp://127.0.0.1:9", "--workers", "2"],
     "--workers is for the local cluster"),
])
def test_usage_errors_are_one_line(suite: Path, capsys: pytest.CaptureFixture[str],
                                   words: list[str], message: str) -> None:
    code, _, err = portcheck(capsys, "mutate", "collatz", *words)
    assert code == 2
    assert message in one_error_line(err)


def test_an_unreachable_scheduler_is_one_line(suite: Path, capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(cluster, "CONNECT_SECONDS", 1.0)
    code, _, err = portcheck(capsys, "mutate", "--all", "--scheduler", "tcp://127.0.0.1:9")
    assert code == 2
    assert "--scheduler tcp://127.0.0.1:9: cannot reach it" in one_error_line(err)


def test_without_dask_all_names_the_extra(suite: Path, capsys: pytest.CaptureFixture[str],
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    code, _, err = portcheck(capsys, "mutate", "--all")
    assert code == 2
    assert one_error_line(err).endswith("--all needs distributed: "
                                        "pip install 'portcheck[mutate,scale]'")


def test_a_recorded_duplicate_runs_again_when_its_twin_is_not_chosen(tmp_path: Path) -> None:
    """A duplicate is recorded as such only beside an earlier twin of its batch; with
    another ``--limit`` sample that twin may be gone, and the duplicate must run then."""
    from portcheck.mutate.cluster import run as cluster_run
    from portcheck.mutate.cluster.journal import Fated, Journal
    from portcheck.mutate.operators import Mutant

    first, second = (Mutant(n, "x = 1", f"x = {n}", "r:1") for n in (2, 3))
    journal = Journal(tmp_path / "j.json", "key", "ports/a/b")
    journal.mutants = {second.key: Fated("duplicate", f"compiles as {first.key}", 0, "F", 0)}

    def todo(chosen: list[Mutant]) -> list[int]:
        return cluster_run._todo(cluster_run.PortRun(  # type: ignore[arg-type]
            None, 2, [], chosen, cluster_run._ids(chosen), None, journal))

    assert todo([first, second]) == [0, 1]  # the twin not recorded: both run
    assert todo([second]) == [0]  # the twin not chosen: it runs
    journal.mutants[first.key] = Fated("killed", "differs", 0.1, "F", 0)
    assert todo([first, second]) == []  # the twin's fate is known: nothing runs


def test_embedded_mutants_run_on_the_workers_as_serially(
        suite: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch, client: Any) -> None:
    """A worker's zygote (1C here) sees the task's own folder of mutants in its box, as a
    serial run's does: its runs used to fail there ("no such file"), and the port with them
    (mutate takes a failed run of the zygote as the run's result)."""
    from tests.portcheck.mutate.test_engine import COLLATZ_BSL

    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    collatz_article_port(suite, "bsl-tiny", "tiny.bsl", COLLATZ_BSL, ["n-6", "n-27"], "bsl")
    project = find_project()
    [port] = [p for p in find_ports(project) if p.folder.name == "bsl-tiny"]
    plan = engine.Plan(jobs=2, lines=frozenset({11, 12, 14}))
    serial = engine.score_port(project, port, RunSettings(), plan)
    outcome = mutate_all(client, project, [port], RunSettings(), plan, quiet=True, batch=4)
    assert outcome.failed == []
    [score] = outcome.scores
    assert fates(score) == fates(serial)
    assert score.count(engine.Fate.KILLED) > 0

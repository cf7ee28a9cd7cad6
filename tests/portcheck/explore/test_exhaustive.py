"""``portcheck fuzz freecell --range``: the NumPy reference deals as ``reference/freecell.py``
does; the range-mode programs (Java, Pascal, Python) give its digests; shards are resumed
after an interruption; a broken port is bisected to its first wrong deal; the Dask paths
(a local cluster, a scheduler on loopback); usage errors."""

from __future__ import annotations

import importlib.util
import io
import random
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from portcheck.explore.exhaustive import cluster, digest
from portcheck.explore.exhaustive.progress import ShardProgress, duration
from portcheck.explore.exhaustive.ranges import Span, parse_range, shards
from portcheck.processes import cluster as dask_cluster
from portcheck.suite.project import find_project
from portcheck.verify.execution import RunSettings
from portcheck.verify.results import FAIL, PASS
from tests.helpers.cli import one_error_line, portcheck
from tests.helpers.needs import runtimes_required
from tests.helpers.reference import reference_module

MISSING = [name for name in ("numpy", "distributed") if importlib.util.find_spec(name) is None]
if MISSING:  # as tests/needs.py does it, for the whole file
    WHAT = f"{' and '.join(MISSING)} not installed: {cluster.INSTALL}"
    if runtimes_required():
        raise ImportError(f"{WHAT} (required: PORTCHECK_REQUIRE_RUNTIMES is set)")
    pytest.skip(WHAT, allow_module_level=True)

from portcheck.explore.exhaustive import freecell_numpy  # noqa: E402  (after the skip: numpy)
from portcheck.explore.exhaustive.program import render_range_program  # noqa: E402
from portcheck.explore.exhaustive.run import RangeJob, run_range  # noqa: E402

freecell = reference_module("freecell")
GAME = freecell.PARAMS["game"]
ENDS = [1, 2, 2**31 - 2, 2**31 - 1]
SAMPLE = ENDS + random.Random(14).sample(range(1, 2**31), 300)


def reference_digest(first: int, last: int) -> int:
    """The digest by its definition, from the reference's own deals (slow: small ranges)."""
    return digest.range_digest(digest.game_hash(game, freecell.deal(game))
                               for game in range(first, last + 1))


# --- the digest and the NumPy reference ----------------------------------------------------

def test_fnv1a_is_the_published_function() -> None:
    # The test vectors of the FNV reference (Fowler, Noll, Vo: "FNV-1a 64, 'a'").
    assert digest.fnv1a(b"") == 0xCBF29CE484222325
    assert digest.fnv1a(b"a") == 0xAF63DC4C8601EC8C
    assert digest.fnv1a(b"foobar") == 0x85944171F73967E8


def test_numpy_deals_as_the_reference_on_random_games_and_the_range_ends() -> None:
    import numpy as np

    dealt = freecell_numpy.deal_block(np.array(SAMPLE, dtype=np.uint32))
    for column, game in enumerate(SAMPLE):
        assert dealt[:, column].tolist() == [digest.card_number(card)
                                             for card in freecell.deal(game)], game


def test_numpy_hashes_as_the_definition() -> None:
    import numpy as np

    hashes = freecell_numpy.block_hashes(np.array(SAMPLE, dtype=np.uint32))
    assert [int(h) for h in hashes] == [digest.game_hash(g, freecell.deal(g)) for g in SAMPLE]


@pytest.mark.parametrize("first, last", [(1, 100), (2**31 - 60, 2**31 - 1)])
def test_numpy_range_digest_over_many_blocks(first: int, last: int,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(freecell_numpy, "BLOCK", 7)  # blocks, and a last one shorter
    assert freecell_numpy.range_digest(first, last) == reference_digest(first, last)


def test_one_wrong_deal_or_two_deals_swapped_change_the_digest() -> None:
    hashes = [digest.game_hash(g, freecell.deal(g)) for g in (5, 6)]
    wrong = freecell.deal(5)
    wrong[0], wrong[1] = wrong[1], wrong[0]
    assert digest.range_digest([digest.game_hash(5, wrong), hashes[1]]) \
        != digest.range_digest(hashes)
    swapped = [digest.game_hash(5, freecell.deal(6)), digest.game_hash(6, freecell.deal(5))]
    assert digest.range_digest(swapped) != digest.range_digest(hashes)


# --- ranges, shards, progress ---------------------------------------------------------------

def test_ranges_and_shards() -> None:
    assert parse_range(" 1..2147483647 ", "game", GAME) == Span(1, 2**31 - 1)
    assert shards(Span(1, 10), 4) == [Span(1, 4), Span(5, 8), Span(9, 10)]
    assert Span(1, 10).halves() == (Span(1, 5), Span(6, 10))
    assert len(shards(Span(1, 2**31 - 1), 1 << 24)) == 128


def test_the_progress_line_has_a_rate_and_an_eta() -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    shown = ShardProgress(4, 400, Terminal(), quiet=False)
    assert shown.enabled and not ShardProgress(4, 400, Terminal(), quiet=True).enabled
    assert not ShardProgress(4, 400, io.StringIO(), quiet=False).enabled  # not a terminal
    shown.add(100)
    assert shown.line().startswith("1/4 shards, 100 inputs, ")
    assert "ETA " in shown.line()
    assert (duration(42), duration(425), duration(10920)) == ("42 s", "7 min 05 s", "3 h 02 min")


# --- runs of the ports ---------------------------------------------------------------------

@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[object]:
    """A local cluster of two single-threaded workers, shared by the tests of this file;
    builds and shard records go to a cache of its own (the workers inherit it)."""
    patch = pytest.MonkeyPatch()
    patch.setenv("PORTCHECK_CACHE", str(tmp_path_factory.mktemp("exhaustive-cache")))
    with cluster.dask_client(None, workers=2) as dask:
        yield dask
    patch.undo()


def job(language: str, span: Span, size: int, restart: bool = True) -> RangeJob:
    project = find_project()
    program = render_range_program(project, project.algorithm("freecell"), language)
    return RangeJob(program, "game", span, shards(span, size), RunSettings(timeout=120),
                    restart=restart, quiet=True)


@pytest.mark.parametrize("language", [
    pytest.param("java", marks=pytest.mark.requires_runtime("java")),
    pytest.param("pascal", marks=pytest.mark.requires_runtime("pascal")),
    "python",
])
def test_each_range_program_gives_the_reference_digests(client: object, language: str) -> None:
    outcome = run_range(client, job(language, Span(1, 20000), 5000))
    assert outcome.status == PASS, outcome.message
    assert (outcome.port_runs, outcome.inputs) == (4, 20000)
    top = Span(2**31 - 3000, 2**31 - 1)  # 2^31 - 1: the LCG and the loop at their limits
    outcome = run_range(client, job(language, top, 3000))
    assert outcome.status == PASS, outcome.message
    assert outcome.port_runs == 1


def test_an_interrupted_run_resumes_with_the_shards_not_done(
        client: object, monkeypatch: pytest.MonkeyPatch) -> None:
    finished = []

    def interrupt_after_two(self: ShardProgress, inputs: int) -> None:
        finished.append(inputs)
        if len(finished) == 2:
            raise KeyboardInterrupt

    with monkeypatch.context() as patch:
        patch.setattr(ShardProgress, "add", interrupt_after_two)
        with pytest.raises(KeyboardInterrupt):
            run_range(client, job("python", Span(1, 8000), 2000))
    again = run_range(client, job("python", Span(1, 8000), 2000, restart=False))
    assert again.status == PASS, again.message
    assert (again.resumed, again.port_runs) == (2, 2)
    assert "4 shards: 2 run now, 2 recorded before" in again.message
    restarted = run_range(client, job("python", Span(1, 8000), 2000, restart=True))
    assert (restarted.resumed, restarted.port_runs) == (0, 4)


BROKEN_GAME = 5791


@pytest.fixture
def broken_python(project_copy: Path) -> Path:
    """The project copy, its Python deal wrong at one game only (two cards swapped)."""
    include = project_copy / "templates" / "python" / "_freecell_deal.py.j2"
    text = include.read_text(encoding="utf-8")
    marker = "        deck[pick] = deck[51 - i]\n"
    assert text.endswith(marker)
    include.write_text(text + f"    if game == {BROKEN_GAME}:\n"
                       "        dealt[7], dealt[8] = dealt[8], dealt[7]\n", encoding="utf-8")
    return project_copy


def test_a_broken_port_is_bisected_to_its_first_wrong_deal(
        broken_python: Path, client: object, build_cache: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    address = client.scheduler.address  # the module's local cluster: no other one started
    code, out, err = portcheck(capsys, "fuzz", "freecell", "--lang", "python", "--range",
                               "1..8000", "--shard-size", "2000", "--scheduler", address)
    assert code == 1, out + err
    assert out.startswith("FAIL  freecell python: shard 4001..6000 differs from the "
                          f"reference; first differing input: game={BROKEN_GAME} (")
    (state,) = (build_cache / "exhaustive").glob("freecell-python-*.json")
    assert '"4001..6000"' not in state.read_text(encoding="utf-8")  # not done: run again
    assert (f"reproduce: portcheck run freecell --lang python game={BROKEN_GAME}   vs   "
            f"portcheck reference freecell game={BROKEN_GAME}") in out
    assert err == ""  # -q, and no logs of Dask's
    shown = portcheck(capsys, "run", "freecell", "--lang", "python", f"game={BROKEN_GAME}")
    expected = portcheck(capsys, "reference", "freecell", f"game={BROKEN_GAME}")
    assert shown[1] != expected[1]
    assert sorted(shown[1].split()) == sorted(expected[1].split())  # two cards swapped


def test_a_crash_is_bisected_to_its_deal(project_copy: Path, client: object) -> None:
    include = project_copy / "templates" / "python" / "_freecell_deal.py.j2"
    text = include.read_text(encoding="utf-8")
    include.write_text(text + "    1 / (game - 777)\n", encoding="utf-8")  # fails at 777 only
    outcome = run_range(client, job("python", Span(1, 2000), 2000))
    assert (outcome.status, outcome.first_difference) == (FAIL, 777), outcome.message
    assert "(the program failed: exit code 1: ZeroDivisionError" in outcome.message


def test_a_shard_at_its_time_limit_is_reported_not_bisected(client: object) -> None:
    slow = job("python", Span(1, 10**6), 10**6)  # ~30 s of Python: well beyond 1 s
    slow.settings = RunSettings(timeout=1.0)
    outcome = run_range(client, slow)
    assert (outcome.status, outcome.first_difference) == (FAIL, None)
    assert outcome.message == ("shard 1..1000000: stopped at the time limit of 1 s (see "
                               "--timeout, or take smaller shards)")


def test_a_scheduler_on_loopback(project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from distributed import LocalCluster

    with LocalCluster(n_workers=1, threads_per_worker=2, processes=False, protocol="tcp",
                      host="127.0.0.1", dashboard_address=":0") as remote:
        address = remote.scheduler_address
        assert address.startswith("tcp://127.0.0.1:")
        code, out, err = portcheck(capsys, "fuzz", "freecell", "--lang", "python", "--range",
                                   "1..4000", "--shard-size", "1000", "--scheduler", address)
    assert code == 0, out + err
    assert out.startswith("ok    freecell python: all 4,000 inputs game=1..4000 agree with the "
                          "reference (4 shards: 4 run now, 0 recorded before)")


# --- usage errors ---------------------------------------------------------------------------

RANGE = ["fuzz", "freecell", "--lang", "python"]


@pytest.mark.parametrize("words, message", [
    ([*RANGE, "--range", "1-5"], "--range '1-5': expected FIRST..LAST"),
    ([*RANGE, "--range", "0..5"], "--range 0..5: game runs from 1 to 2147483647"),
    ([*RANGE, "--range", "1..2147483648"], "game runs from 1 to 2147483647"),
    ([*RANGE, "--range", "9..5"], "FIRST is at most LAST"),
    ([*RANGE, "--range", "1..5", "--shard-size", "0"], "--shard-size 0: a shard holds at least"),
    ([*RANGE, "--range", "1..2147483647", "--shard-size", "2"], "more than 1,048,576 shards"),
    ([*RANGE, "--range", "1..5", "--scheduler", "http://x:80"],
     "--scheduler 'http://x:80': expected tcp://HOST:PORT"),
    ([*RANGE, "--range", "1..5", "--scheduler", "tcp://127.0.0.1:9", "--workers", "2"],
     "--workers is for the local cluster"),
    (["fuzz", "freecell", "--lang", "bsl", "--range", "1..5"],
     "freecell: --range has no bsl program"),
    (["fuzz", "dice", "--range", "1..5"], "dice: --range needs"),
    ([*RANGE, "--scheduler", "local", "--restart"], "--scheduler, --restart: only with --range"),
])
def test_usage_errors_are_one_line(capsys: pytest.CaptureFixture[str], words: list[str],
                                   message: str) -> None:
    code, _, err = portcheck(capsys, *words)
    assert code == 2
    assert message in one_error_line(err)


def test_an_unreachable_scheduler_is_one_line(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(dask_cluster, "CONNECT_SECONDS", 1.0)
    code, _, err = portcheck(capsys, *RANGE, "--range", "1..5", "--scheduler",
                             "tcp://127.0.0.1:9")
    assert code == 2
    assert "--scheduler tcp://127.0.0.1:9: cannot reach it" in one_error_line(err)


def test_a_missing_extra_names_it(capsys: pytest.CaptureFixture[str],
                                  monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed fails
    code, _, err = portcheck(capsys, *RANGE, "--range", "1..5")
    assert code == 2
    assert one_error_line(err).endswith("--range needs distributed: "
                                        "pip install 'portcheck[scale]'")

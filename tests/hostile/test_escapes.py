"""Tests that try to escape, in every language portcheck runs (issue 28, item 5): each
language's program in ``tests/data/escapes/`` writes outside its working folder and into the
suite's golden/, reads a file planted in HOME, connects to a listener this test opens on
127.0.0.1, leaves a ``setsid`` daemon, forks without end, allocates 8 GiB, fills the disk
and its /tmp, sleeps for ever and prints for ever (``tests/data/escapes/tries.yaml``; a try
a language cannot express is a row of the table, not a test).  Boxed, each is contained,
with its own verdict: nothing written, read or connected, nothing left running, the suite's files
unchanged, nothing of the run left on the disk.  Unboxed (``--sandbox off``) the same
programs reach what the box hides, which shows that the boxed tests could fail.

A try that can only end at its time limit (sleep, fork, filling) runs with
``--portcheck-deep`` (tox and CI give it), so that a plain ``pytest`` stays quick.  Each
language needs its toolchain (``requires_runtime``: skipped, naming it, where it is
missing), and the boxed tests need bubblewrap."""

from __future__ import annotations

import os
import secrets
import socket
import tempfile
from collections.abc import Iterator
from pathlib import Path

import pytest

from portcheck.cli.options import hidden_folders
from portcheck.processes import cgroups, sandbox
from tests.helpers import escapes
from tests.helpers.escapes import Setting, Try
from tests.helpers.processes import unboxed

# The verdicts of the tries that only a limit ends (issue 28's process and disk limits).
# A fork without end meets the process limit where a control group counts a run's
# processes; where only the watch counts them (every 250 ms), a slow forker (a JVM
# starting `sleep`) may meet the time or memory limit first: any stop will do there.  The
# folder is counted by the watch; the box's /tmp is a tmpfs of the disk limit's size, so
# the program's own write fails (its error is the verdict) or the disk limit is seen first.
LIMIT_VERDICTS: dict[str, str | tuple[str, ...] | None] = {
    "fork": "stopped: process limit" if cgroups.why_not() is None else None,
    "disk": "stopped: disk limit",
    "fill-tmp": ("refused", "stopped: disk limit"),
}


def _pair_id(pair: tuple[str, Try]) -> str:
    return f"{pair[0]}-{pair[1].name}"


PAIRS = [pytest.param(language, try_, id=_pair_id((language, try_)),
                      marks=pytest.mark.requires_runtime(language))
         for language, try_ in escapes.pairs()]
REACHING = ("write-outside", "write-golden", "read-home", "connect")


@pytest.fixture
def setting(project_copy: Path, tmp_path: Path, listener: socket.socket) -> Iterator[Setting]:
    planted = Path(os.path.expanduser("~")) / f".portcheck-escape-{secrets.token_hex(4)}"
    secret = "the-secret-" + secrets.token_hex(4)
    planted.write_text(secret)
    try:
        yield Setting(tmp_path / f"outside-{secrets.token_hex(3)}.txt",
                      project_copy / "golden", planted, secret, listener.getsockname()[1])
    finally:
        planted.unlink()


@pytest.fixture
def runs_folder(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Where the runs' scratch folders go (the temporary folder), to see them removed."""
    folder = tmp_path / "runs"
    folder.mkdir()
    monkeypatch.setattr(tempfile, "tempdir", str(folder))
    return folder


def _deep_only(request: pytest.FixtureRequest, try_: Try) -> None:
    if try_.to_time_limit and not request.config.getoption("portcheck_deep"):
        pytest.skip(f"{try_.title!r} runs to its time limit: with --portcheck-deep "
                    "(tox, CI)")


def _suite_files(project: Path) -> dict[str, bytes]:
    return {str(p.relative_to(project)): p.read_bytes()
            for p in sorted(project.rglob("*")) if p.is_file()}


@pytest.mark.usefixtures("boxed")
@pytest.mark.parametrize(("language", "try_"), PAIRS)
def test_a_boxed_try_is_contained_with_its_own_verdict(
        request: pytest.FixtureRequest, project_copy: Path, setting: Setting,
        listener: socket.socket, runs_folder: Path, language: str, try_: Try) -> None:
    _deep_only(request, try_)
    sandbox.configure(None, hidden=hidden_folders())
    before = _suite_files(project_copy)
    result = escapes.attempt(language, try_, setting,
                             project_copy / "ports" / "freecell" / f"escape-{language}")
    verdict = escapes.what_happened(try_, result, setting, listener)
    shown = f"{verdict}\n--- stdout\n{result.stdout[-2000:]}\n--- stderr\n{result.stderr[-2000:]}"
    assert "**" not in verdict, shown  # nothing got out
    assert not escapes.left_running(setting.token), shown
    assert not setting.outside.exists()
    assert not (setting.golden / "evil.yaml").exists()
    assert setting.secret not in result.stdout
    assert not escapes.connected(listener)
    after = _suite_files(project_copy)
    assert {k: v for k, v in after.items() if f"escape-{language}" not in k} == \
        {k: v for k, v in before.items() if f"escape-{language}" not in k}
    assert list(runs_folder.iterdir()) == []  # the run's folder, and all it wrote, is gone
    expected = _expected(language, try_)
    if try_.to_time_limit or try_.name in ("allocate", "print"):
        assert "done" not in result.stdout.split(), shown  # it never got what it wanted
        # stopped at a limit, or refused (its own error, or a failed run): never passed
        assert verdict.startswith(("stopped", "refused", "failed")), shown
    if expected is not None:
        assert verdict.startswith(expected), shown


def _expected(language: str, try_: Try) -> str | tuple[str, ...] | None:
    """The verdict a try must end with (its start); None: any containment will do."""
    if escapes.refuses(language, try_):
        return "refused"
    if try_.name == "sleep":
        return "stopped at the time limit"
    if try_.name == "print":
        return "stopped: output limit"
    if try_.name in LIMIT_VERDICTS:
        return LIMIT_VERDICTS[try_.name]
    return None


@pytest.mark.usefixtures(unboxed.__name__)
@pytest.mark.parametrize(("language", "try_"), [
    pair for pair in PAIRS if pair.values[1].name in REACHING
    and not escapes.refuses(*pair.values)])
def test_unboxed_the_same_program_reaches_it(
        project_copy: Path, setting: Setting, listener: socket.socket, language: str,
        try_: Try) -> None:
    """What the box prevents: with ``--sandbox off`` the program does what it tries (so a
    boxed test that passes is not a program that could not have got out anyway)."""
    result = escapes.attempt(language, try_, setting,
                             project_copy / "ports" / "freecell" / f"escape-{language}")
    verdict = escapes.what_happened(try_, result, setting, listener)
    assert verdict.startswith("**"), f"{verdict}\n{result.stdout}\n{result.stderr}"

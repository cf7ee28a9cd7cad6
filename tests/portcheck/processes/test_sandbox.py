"""The box (``portcheck.processes.sandbox``): the bubblewrap command a run becomes, what it
binds and hides, and the mode: ``auto`` boxes where bubblewrap works and says once when it
does not, ``on`` there is a usage error naming the package, ``off`` boxes nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from portcheck.errors import UsageError
from portcheck.processes import sandbox
from portcheck.runners.base import run_command
from tests.helpers.needs import need


def _pairs(words: list[str], option: str) -> list[tuple[str, str]]:
    return [(words[i + 1], words[i + 2]) for i, word in enumerate(words) if word == option]


def test_a_box_has_no_network_its_own_tmp_and_hides_what_it_is_told(tmp_path: Path) -> None:
    work, program, secret = tmp_path / "work", tmp_path / "prog", Path("/srv/suite")
    words = sandbox.Box(writable=(work,), readable=(program, Path("/usr/bin")),
                        hidden=(secret, secret / "inner")).command(["prog", "-x"], cwd=work)
    assert words[:4] == ["bwrap", "--unshare-all", "--die-with-parent", "--new-session"]
    assert "--share-net" not in words
    assert words[-3:] == ["--", "prog", "-x"]
    assert words[words.index("--chdir") + 1] == str(work)
    tmpfs = [words[i + 1] for i, word in enumerate(words) if word == "--tmpfs"]
    assert tmpfs[0] == "/tmp"  # the suite's folder does not exist here: nothing to hide
    assert ("/", "/") in _pairs(words, "--ro-bind")
    assert (str(work), str(work)) in _pairs(words, "--bind")
    # under the hidden /tmp: bound back, read-only; /usr/bin is visible anyway, not bound
    assert _pairs(words, "--ro-bind-try") == [(str(program), str(program))]


def test_binds_come_outer_folder_first_and_hidden_folders_only_once(tmp_path: Path) -> None:
    inner = tmp_path / "a" / "b"
    inner.mkdir(parents=True)
    words = sandbox.Box(writable=(tmp_path / "a",), readable=(inner,),
                        hidden=(tmp_path, tmp_path / "a")).command(["true"])
    binds = [w for i, w in enumerate(words) if i and words[i - 1] in ("--bind", "--ro-bind-try")]
    assert binds == [str(tmp_path / "a"), str(inner)]
    assert words.count("--tmpfs") == 1  # tmp_path is under /tmp, hidden already


def test_a_run_reads_what_its_runner_names_never_what_its_arguments_name(
        tmp_path: Path) -> None:
    need(sandbox.boxing(), f"runs are not boxed here: {sandbox.probe() or 'off'}")
    program = tmp_path / "prog.py"
    found = sandbox.box_for(["python3", str(program), os.path.expanduser("~/.ssh")],
                            cwd=tmp_path, env={}, readable=[Path("prog.py")])
    assert found is not None and program in found.readable
    assert not any(".ssh" in str(path) for path in found.readable)


def test_the_runtime_never_binds_a_hidden_folder_back() -> None:
    home = os.path.expanduser("~")
    found = sandbox.runtime_paths({"PATH": f"{home}:/usr/bin:/", "PYTHONPATH": home})
    assert Path(home) not in found and Path("/") not in found
    assert Path("/usr/bin") in found


@pytest.fixture
def fresh_policy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sandbox, "_policy", sandbox.Policy())
    monkeypatch.setattr(sandbox, "_probed", {})


@pytest.mark.usefixtures("fresh_policy")
def test_on_where_bubblewrap_cannot_work_is_a_usage_error_naming_the_package(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    with pytest.raises(UsageError, match="bwrap not found: install package bubblewrap"):
        sandbox.configure("on")


@pytest.mark.usefixtures("fresh_policy")
def test_auto_where_bubblewrap_cannot_work_says_so_once_and_boxes_nothing(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PATH", "/nonexistent")
    assert sandbox.configure("auto") == ("note: bubblewrap is not usable here (bwrap not "
                                         "found: install package bubblewrap): runs are "
                                         "not boxed")
    assert sandbox.configure("auto") is None
    assert sandbox.box_for(["true"], cwd=Path("/"), env={}) is None


@pytest.mark.usefixtures("fresh_policy")
def test_off_boxes_nothing_and_asks_nothing() -> None:
    assert sandbox.configure("off") is None
    assert "answer" not in sandbox._probed
    assert sandbox.box_for(["true"], cwd=Path("/"), env={}) is None


@pytest.mark.usefixtures("fresh_policy")
def test_a_mode_not_known_is_a_usage_error() -> None:
    with pytest.raises(UsageError, match="one of auto, on, off"):
        sandbox.configure("maybe")


def test_a_boxed_run_writes_only_its_folder_and_reads_no_home(tmp_path: Path) -> None:
    need(sandbox.probe() is None, f"bubblewrap not usable: {sandbox.probe()}")
    need(sandbox.boxing(), "runs are not boxed here (PORTCHECK_SANDBOX=off)")
    planted = Path(os.path.expanduser("~")) / ".portcheck-test-planted"
    planted.write_text("secret")
    try:
        result = run_command(["sh", "-c", f"cat {planted}; echo x > mine; echo y > {tmp_path}/out;"
                                          " ls /tmp"], timeout=30)
    finally:
        planted.unlink()
    assert "secret" not in result.stdout
    assert not (tmp_path / "out").exists()
    # its own /tmp: its working folder (and PATH's folders there), not the machine's
    listed = result.stdout.split()
    assert any(name.startswith("portcheck-run-") for name in listed)
    assert tmp_path.relative_to("/tmp").parts[0] not in listed


def test_a_hidden_folder_is_never_bound_back_whole(tmp_path: Path) -> None:
    """A run in HOME (or in the suite's folder) reads its program there, not all of it."""
    home = Path(os.path.expanduser("~"))
    words = sandbox.Box(readable=(home, home / "prog.py", Path("/tmp")),
                        hidden=(home,)).command(["true"], cwd=home)
    assert _pairs(words, "--ro-bind-try") == [(str(home / "prog.py"), str(home / "prog.py"))]


def test_a_programs_run_sizes_every_tmpfs_where_bubblewrap_can(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The box's /tmp and its hidden folders are tmpfs of the disk limit's size each
    (``--size``, bubblewrap 0.5); an older bubblewrap gets none, not a box that fails."""
    hidden = Path(os.path.expanduser("~"))  # outside /tmp, which the box's own tmpfs covers
    words = sandbox.Box(hidden=(hidden,), tmpfs_size=1 << 20).command(["true"])
    tmpfs = [n for n, word in enumerate(words) if word == "--tmpfs"]
    assert len(tmpfs) == 2 and all(words[n - 2:n] == ["--size", str(1 << 20)] for n in tmpfs)
    monkeypatch.setattr(sandbox, "boxing", lambda: True)
    monkeypatch.setattr(sandbox, "sizes_tmpfs", lambda: False)
    box = sandbox.box_for(["true"], cwd=tmp_path, env={}, tmpfs_size=1 << 20)
    assert box is not None and "--size" not in box.command(["true"])

"""``portcheck languages``: every language, its toolchain found or not, its version, and the
Debian packages to install for the missing ones — here, and on a machine with no toolchain
at all (PATH emptied)."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.suite.declarations import builtin_languages
from tests.helpers.cli import portcheck


def rows(out: str) -> dict[str, list[str]]:
    """language -> [toolchain, here, detail], cut at the header's columns (the ``runs``
    column: :func:`boxes`)."""
    lines = out.strip().splitlines()
    header = lines[0]
    cuts = [header.index(word) for word in ("toolchain", "here", "runs", "version")]
    return {line[:cuts[0]].strip(): [line[cuts[0]:cuts[1]].strip(), line[cuts[1]:cuts[2]].strip(),
                                     line[cuts[3]:].strip()] for line in lines[1:-2]}


def boxes(out: str) -> dict[str, str]:
    """language -> what its ``runs`` column says (boxed or not)."""
    lines = out.strip().splitlines()
    start, end = lines[0].index("runs"), lines[0].index("version")
    return {line.split()[0]: line[start:end].strip() for line in lines[1:-2]}


def test_it_says_whether_runs_are_boxed(project_copy: Path, capsys: pytest.CaptureFixture[str],
                                       tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from portcheck.processes import sandbox

    _, out, _ = portcheck(capsys, "languages")
    last = out.strip().splitlines()[-1]
    if sandbox.probe() is None:
        assert last.startswith("runs: boxed by bubblewrap")
        assert boxes(out)["python"] == "boxed"
        assert boxes(out)["bsl"].startswith("boxed (verify: in the zygote's box)")
    else:
        assert last.startswith(f"runs: not boxed: {sandbox.probe()}; ")
    monkeypatch.setenv(sandbox.ENV, "off")
    _, out, _ = portcheck(capsys, "languages")
    assert out.strip().splitlines()[-1].startswith("runs: not boxed: PORTCHECK_SANDBOX=off; ")
    assert set(boxes(out).values()) == {"not boxed"}


def test_it_says_what_keeps_the_process_limit(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    from portcheck.processes import cgroups

    monkeypatch.setattr(cgroups, "found",
                        lambda: cgroups.Hierarchies(why="no cgroup file system mounted"))
    _, out, _ = portcheck(capsys, "languages")
    assert out.strip().splitlines()[-1].endswith(
        "; processes counted by portcheck (no cgroup file system mounted)")
    monkeypatch.setattr(cgroups, "found",
                        lambda: cgroups.Hierarchies({"pids": Path("/sys/fs/cgroup")}, 2))
    _, out, _ = portcheck(capsys, "languages")
    assert out.strip().splitlines()[-1].endswith(
        "; processes bounded by a cgroup v2 of each run's own")


def test_every_language_is_listed_with_its_toolchain(project_copy: Path,
                                                     capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = portcheck(capsys, "languages")
    assert (code, err) == (0, "")
    found = rows(out)
    assert list(found) == list(builtin_languages()) and len(found) >= 14
    assert found["python"][1] == "yes" and found["python"][2].startswith("Python 3.")
    for name, (tool, here, detail) in found.items():
        assert tool, name
        assert here in ("yes", "no"), name
        if here == "no":  # what to install, named
            assert "not found: install package " in detail, name
    assert out.strip().splitlines()[-2].startswith(f"{len(found)} languages, ")


def test_without_toolchains_it_names_every_package_to_install(
        project_copy: Path, capsys: pytest.CaptureFixture[str], tmp_path: Path,
        monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    code, out, _ = portcheck(capsys, "languages")
    assert code == 0
    found = rows(out)
    assert found["c"] == ["gcc/stdbuf", "no", "gcc not found: install package gcc"]
    assert found["csharp"] == ["mcs/mono", "no", "mcs not found: install package mono-mcs"]
    assert found["java"][1:] == ["no", "javac not found: install package openjdk-17-jdk-headless"]
    assert {found[n][1] for n in ("python", "bsl", "kumir", "arsac")} == {"yes"}
    summary = out.strip().splitlines()[-2]
    assert summary.startswith("14 languages, 4 with their toolchain here; for the others: "
                              "apt-get install ")
    wanted = summary.split("apt-get install ")[1].split()
    assert {"gcc", "coreutils", "g++", "mono-mcs", "mono-runtime", "golang-go", "rustc",
            "nodejs", "lua5.4", "ruby", "openjdk-17-jdk-headless", "fp-compiler"} == set(wanted)


def test_outside_a_project_it_lists_the_built_in_languages(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    monkeypatch.chdir(tmp_path)
    code, out, _ = portcheck(capsys, "languages")
    assert code == 0 and list(rows(out)) == list(builtin_languages())

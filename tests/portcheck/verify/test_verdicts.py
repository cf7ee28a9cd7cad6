"""Verdicts remembered by ``verify`` (``portcheck.verify.verdicts``): an unchanged port that
passed is not run again and the output says so; a change to anything its verdicts depend
on — one byte of its program, its golden, portcheck's own code, its toolchain's version —
runs it again, and so does ``--fresh``; a failure is never remembered; an entry that is
corrupted or foreign is ignored, never trusted."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from portcheck.verify import parallel, verdicts
from tests.helpers.cli import portcheck

PORT = "ports/freecell/python"
WORDS = ("verify", "freecell", "--lang", "python")


@pytest.fixture
def runs(project_copy: Path, monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> list[list[str]]:
    """The ids of the ports each verify of the test ran (its own cache folder)."""
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    seen: list[list[str]] = []
    real = parallel.verify

    def counted(context: Any, ports: list[Any], **options: Any) -> Any:
        seen.append([port.id for port in ports])
        return real(context, ports, **options)

    monkeypatch.setattr(parallel, "verify", counted)
    return seen


def verify(capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str]:
    code, out, err = portcheck(capsys, *WORDS, *more)
    assert err == "" or "Traceback" not in err
    return code, out


def entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / verdicts.FOLDER).glob("*.json"))


def test_an_unchanged_port_is_not_run_again(runs: list[list[str]],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert verify(capsys)[0] == 0
    code, out = verify(capsys)
    assert code == 0
    assert runs == [[PORT]]  # the second verify ran nothing
    line = out.rstrip().splitlines()[-1]
    assert line.startswith("from the cache: 1 of 1 ports' verdicts, made ")
    assert line.endswith("(nothing they depend on changed; --fresh runs them again; -v names "
                         "them)")
    assert "3 checks passed" in out  # the remembered verdicts are reported as before
    _, out = verify(capsys, "-v")
    assert out.rstrip().endswith(f"--fresh runs them again): {PORT}")


def test_fresh_runs_it_again(runs: list[list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    code, out = verify(capsys, "--fresh")
    assert code == 0 and "from the cache" not in out
    assert runs == [[PORT], [PORT]]
    verify(capsys)
    assert runs == [[PORT], [PORT]]  # what --fresh ran is remembered anew


def test_one_byte_of_the_program_runs_it_again(project_copy: Path, runs: list[list[str]],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    program = next((project_copy / PORT).glob("*.py"))
    program.write_bytes(program.read_bytes() + b"\n")
    _, out = verify(capsys)  # (a template port's program is then no longer what it renders)
    assert runs == [[PORT], [PORT]]
    assert "from the cache" not in out


def test_a_changed_golden_is_never_answered_by_a_stale_verdict(
        project_copy: Path, runs: list[list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    golden = project_copy / "golden" / "freecell.yaml"
    text = golden.read_text(encoding="utf-8")
    golden.write_text(text.replace("J♦ 2♦ 9♥", "J♦ 2♦ 9♠", 1), encoding="utf-8")
    assert text != golden.read_text(encoding="utf-8")
    code, out = verify(capsys)
    assert code == 1  # the golden no longer matches the reference nor the port
    assert runs == [[PORT], [PORT]] and "from the cache" not in out


def test_another_portcheck_is_not_trusted(runs: list[list[str]], monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    monkeypatch.setattr(verdicts, "harness_digest", lambda: "another portcheck's files")
    code, out = verify(capsys)
    assert code == 0 and runs == [[PORT], [PORT]] and "from the cache" not in out


def test_another_toolchain_version_is_not_trusted(
        runs: list[list[str]], monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    real = verdicts.runner_for

    def upgraded(*args: Any, **options: Any) -> Any:
        runner = real(*args, **options)
        toolchain = runner.toolchain()
        runner.toolchain = lambda **_: dataclasses.replace(toolchain,
                                                           detail=toolchain.detail + " (newer)")
        return runner

    monkeypatch.setattr(verdicts, "runner_for", upgraded)
    code, out = verify(capsys)
    assert code == 0 and runs == [[PORT], [PORT]] and "from the cache" not in out


def test_a_failure_is_not_remembered(project_copy: Path, runs: list[list[str]],
                                     tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = next((project_copy / PORT).glob("*.py"))
    program.write_text("print('not a FreeCell deal')\n", encoding="utf-8")
    assert verify(capsys)[0] == 1
    assert verify(capsys)[0] == 1
    assert runs == [[PORT], [PORT]]
    assert entries(tmp_path) == []


@pytest.mark.parametrize("spoil", [
    lambda entry: "{not json",
    lambda entry: json.dumps({**entry, "format": verdicts.FORMAT + 1}),
    lambda entry: json.dumps({**entry, "key": "0" * 64}),
    lambda entry: json.dumps({**entry, "port": "ports/freecell/java"}),
    lambda entry: json.dumps({**entry, "results": []}),
    lambda entry: json.dumps({**entry, "results": [{**entry["results"][0], "status": "fail"}]}),
    lambda entry: json.dumps({**entry, "results": [{**entry["results"][0], "extra": 1}]}),
    lambda entry: json.dumps({**entry, "results": [{**entry["results"][0], "seconds": "1"}]}),
    lambda entry: json.dumps({**entry, "made": "yesterday"}),
    lambda entry: json.dumps([entry]),
], ids=["garbage", "format", "key", "port", "no-results", "a-failure", "a-field-more",
        "a-bad-value", "a-bad-time", "not-a-mapping"])
def test_a_corrupted_or_foreign_entry_is_ignored(
        spoil: Any, runs: list[list[str]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    [entry] = entries(tmp_path)
    entry.write_text(spoil(json.loads(entry.read_text(encoding="utf-8"))), encoding="utf-8")
    code, out = verify(capsys)
    assert code == 0 and runs == [[PORT], [PORT]] and "from the cache" not in out
    assert json.loads(entry.read_text(encoding="utf-8"))["port"] == PORT  # written anew

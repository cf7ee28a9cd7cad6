"""Verdicts remembered by ``verify`` (``portcheck.verify.verdicts``, and the golden check's,
``portcheck.golden.remembered``): an unchanged port that passed is not run again, nor is the
reference asked again for goldens that matched it, and the output says so; a change to
anything a verdict depends on — one byte of the program, the golden, the reference or a
module it imported, portcheck's own code, the toolchain's version — runs it again, and so
does ``--fresh``; a failure is never remembered; an entry that is corrupted or foreign is
ignored, never trusted."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path
from typing import Any

import pytest

from portcheck.golden import check, remembered
from portcheck.verify import parallel, verdicts
from tests.helpers.cli import portcheck
from tests.helpers.ports import add_port, append
from tests.helpers.reference import freecell
from tests.helpers.results_json import assert_results_json

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


@pytest.fixture
def asked(monkeypatch: pytest.MonkeyPatch) -> list[str]:
    """The algorithms whose goldens the reference was asked for, one item a time."""
    seen: list[str] = []
    real = check.expected_cases

    def counted(algorithm: Any, case_ids: list[str]) -> Any:
        seen.append(algorithm.name)
        return real(algorithm, case_ids)

    monkeypatch.setattr(check, "expected_cases", counted)
    return seen


def verify(capsys: pytest.CaptureFixture[str], *more: str) -> tuple[int, str]:
    code, out, err = portcheck(capsys, *WORDS, *more)
    assert err == "" or "Traceback" not in err
    return code, out


def entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / verdicts.FOLDER).glob("*.json"))


def golden_entries(tmp_path: Path) -> list[Path]:
    return sorted((tmp_path / "cache" / remembered.FOLDER).glob("*.json"))


PORTS_LINE = "ports' verdicts, made "  # from the cache (not the golden check's line)
GOLDEN_LINE = "from the cache: the golden check of 1 of 1 algorithms, made "


def test_an_unchanged_port_is_not_run_again(runs: list[list[str]], asked: list[str],
                                            capsys: pytest.CaptureFixture[str]) -> None:
    assert verify(capsys)[0] == 0
    code, out = verify(capsys)
    assert code == 0
    assert runs == [[PORT]]  # the second verify ran nothing
    assert asked == ["freecell"]  # nor asked the reference for the goldens again
    ports_line, goldens_line = out.rstrip().splitlines()[-2:]
    assert ports_line.startswith("from the cache: 1 of 1 ports' verdicts, made ")
    assert ports_line.endswith("(nothing they depend on changed; --fresh runs them again; -v "
                               "names them)")
    assert goldens_line.startswith(GOLDEN_LINE)
    assert goldens_line.endswith("(the reference, its imports and the goldens unchanged)")
    assert "3 checks passed" in out  # the remembered verdicts are reported as before
    _, out = verify(capsys, "-v")
    assert f"--fresh runs them again): {PORT}" in out
    assert out.rstrip().endswith("unchanged): freecell")


def test_fresh_runs_it_again(runs: list[list[str]], asked: list[str],
                             capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    code, out = verify(capsys, "--fresh")
    assert code == 0 and "from the cache" not in out
    assert runs == [[PORT], [PORT]] and asked == ["freecell", "freecell"]
    verify(capsys)
    assert runs == [[PORT], [PORT]]  # what --fresh ran is remembered anew
    assert asked == ["freecell", "freecell"]


def test_the_golden_check_remembers_what_the_reference_imported(
        runs: list[list[str]], tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    [entry] = golden_entries(tmp_path)
    imported = json.loads(entry.read_text(encoding="utf-8"))["imported"]
    names = {Path(file).name for file in imported}
    assert {"freecell.py", "prng.py", "reference_child.py"} <= names  # its own, portcheck's
    assert any(Path(file).parent.name == "json" for file in imported)  # the stdlib's


def test_one_byte_of_the_reference_asks_it_again(
        project_copy: Path, runs: list[list[str]], asked: list[str],
        capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    reference = project_copy / "reference" / "freecell.py"
    reference.write_bytes(reference.read_bytes() + b"\n")
    code, out = verify(capsys)
    assert code == 0 and asked == ["freecell", "freecell"] and GOLDEN_LINE not in out
    verify(capsys)
    assert asked == ["freecell", "freecell"]  # remembered anew


def test_a_changed_module_the_reference_imported_asks_it_again(
        runs: list[list[str]], asked: list[str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A file outside ``reference/`` (here: one the entry says was a byte different when
    the check was made, as a package upgraded since would be) is not in the key but in the
    entry's list: the entry is not used."""
    verify(capsys)
    [entry] = golden_entries(tmp_path)
    data = json.loads(entry.read_text(encoding="utf-8"))
    prng = next(file for file in data["imported"] if file.endswith("prng.py"))
    data["imported"][prng] = "0" * 64
    entry.write_text(json.dumps(data), encoding="utf-8")
    code, out = verify(capsys)
    assert code == 0 and asked == ["freecell", "freecell"] and GOLDEN_LINE not in out


def test_one_byte_of_the_program_runs_it_again(project_copy: Path, runs: list[list[str]],
                                               capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    program = next((project_copy / PORT).glob("*.py"))
    program.write_bytes(program.read_bytes() + b"\n")
    _, out = verify(capsys)  # (a template port's program is then no longer what it renders)
    assert runs == [[PORT], [PORT]]
    assert PORTS_LINE not in out


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
    assert "golden/freecell.yaml: case " in out and "differs from the reference" in out
    code, out = verify(capsys)  # a failed golden check is not remembered either
    assert code == 1 and "differs from the reference" in out and "from the cache" not in out


def test_another_portcheck_is_not_trusted(runs: list[list[str]], monkeypatch: pytest.MonkeyPatch,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    monkeypatch.setattr(verdicts, "harness_digest", lambda: "another portcheck's files")
    monkeypatch.setattr(remembered, "package_digest", lambda: "another portcheck's files")
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
    assert code == 0 and runs == [[PORT], [PORT]] and PORTS_LINE not in out


@pytest.mark.parametrize("option", [("--max-memory", "1G"), ("--max-processes", "64"),
                                    ("--max-cpu", "30"), ("--max-disk", "32M"),
                                    ("--sandbox", "off")])
def test_other_limits_or_box_are_not_answered_by_a_remembered_verdict(
        runs: list[list[str]], capsys: pytest.CaptureFixture[str],
        option: tuple[str, str]) -> None:
    """A port that passed with 512 MiB may fail with 32 MiB, one that passed unboxed may
    fail in the box: `verify --max-memory 32M` answered from the cache was a false pass
    (the hostile sweep, issue 29)."""
    from portcheck.processes import sandbox

    if option[0] == "--sandbox" and sandbox.probe() is not None:
        pytest.skip(f"bubblewrap is not usable here ({sandbox.probe()}): no run is boxed")
    verify(capsys)
    code, out = verify(capsys, *option)
    assert code == 0 and runs == [[PORT], [PORT]] and PORTS_LINE not in out
    verify(capsys, *option)
    assert runs == [[PORT], [PORT]]  # remembered under those limits in turn


def test_a_failure_is_not_remembered(project_copy: Path, runs: list[list[str]],
                                     tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    program = next((project_copy / PORT).glob("*.py"))
    program.write_text("print('not a FreeCell deal')\n", encoding="utf-8")
    assert verify(capsys)[0] == 1
    assert verify(capsys)[0] == 1
    assert runs == [[PORT], [PORT]]
    assert entries(tmp_path) == []


def _run_cases(entry: dict[str, Any], change: Any) -> dict[str, Any]:
    """``entry`` with the cases of its run check changed by ``change``."""
    results = [{**r, "cases": change(r["cases"])} if r["kind"] == "run" else r
               for r in entry["results"]]
    assert any(r["kind"] == "run" and r["cases"] for r in entry["results"])
    return {**entry, "results": results}


def test_a_remembered_verdict_gives_the_json_of_a_fresh_run(
        project_copy: Path, runs: list[list[str]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    """``--format json`` of a remembered verdict: the same document, byte for byte, as the
    run that made it, case by case (each case's verdict, output and command), and the
    cases beyond a port's limits listed alike."""
    limited = add_port(project_copy, "python-limited", "python", "deal.py",
                       "import sys\nsys.stdout.write(" + repr(freecell.output(1)) + ")\n")
    append(limited / "port.yaml", "limits: {game: {high: 2147483646, why: 'a demo'}}\n")
    words = ("--lang", "python-limited", "--format", "json")
    code, fresh = verify(capsys, *words, "--fresh")
    assert code == 0 and len(entries(tmp_path)) == 2
    code, again = verify(capsys, *words)
    assert code == 0 and runs == [[PORT, "ports/freecell/python-limited"]]  # none again
    assert again == fresh
    document = json.loads(again)
    assert_results_json(document)
    cases = [t for t in document["tests"] if t["name"].startswith(f"{PORT}::run::")]
    assert len(cases) == len(freecell.CASES) and all(t["output"] for t in cases)
    assert [s["name"] for s in document["skipped"]] == [
        "ports/freecell/python-limited::run::game-2147483647"]


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
    lambda entry: json.dumps(_run_cases(entry, lambda c: [{**c[0], "status": "fail"}, *c[1:]])),
    lambda entry: json.dumps(_run_cases(entry, lambda c: [{**c[0], "output": 1}, *c[1:]])),
    lambda entry: json.dumps(_run_cases(entry, lambda c: [{"case_id": "game-1"}, *c[1:]])),
    lambda entry: json.dumps(_run_cases(entry, lambda c: {"game-1": c[0]})),
], ids=["garbage", "format", "key", "port", "no-results", "a-failure", "a-field-more",
        "a-bad-value", "a-bad-time", "not-a-mapping", "a-failed-case", "a-bad-output",
        "a-case-short", "cases-not-a-list"])
def test_a_corrupted_or_foreign_entry_is_ignored(
        spoil: Any, runs: list[list[str]], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    [entry] = entries(tmp_path)
    entry.write_text(spoil(json.loads(entry.read_text(encoding="utf-8"))), encoding="utf-8")
    code, out = verify(capsys)
    assert code == 0 and runs == [[PORT], [PORT]] and PORTS_LINE not in out
    assert json.loads(entry.read_text(encoding="utf-8"))["port"] == PORT  # written anew


@pytest.mark.parametrize("spoil", [
    lambda entry: "{not json",
    lambda entry: json.dumps({**entry, "format": remembered.FORMAT + 1}),
    lambda entry: json.dumps({**entry, "key": "0" * 64}),
    lambda entry: json.dumps({**entry, "algorithm": "queens"}),
    lambda entry: json.dumps({**entry, "imported": {}}),
    lambda entry: json.dumps({**entry, "case_ids": "game-1"}),
    lambda entry: json.dumps({**entry, "made": "yesterday"}),
    lambda entry: json.dumps([entry]),
], ids=["garbage", "format", "key", "algorithm", "no-imports", "a-bad-value", "a-bad-time",
        "not-a-mapping"])
def test_a_corrupted_or_foreign_golden_check_is_ignored(
        spoil: Any, runs: list[list[str]], asked: list[str], tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    verify(capsys)
    [entry] = golden_entries(tmp_path)
    entry.write_text(spoil(json.loads(entry.read_text(encoding="utf-8"))), encoding="utf-8")
    code, out = verify(capsys)
    assert code == 0 and asked == ["freecell", "freecell"] and GOLDEN_LINE not in out
    assert json.loads(entry.read_text(encoding="utf-8"))["algorithm"] == "freecell"


def test_a_changed_template_runs_again_only_the_ports_it_renders(
        project_copy: Path, runs: list[list[str]], capsys: pytest.CaptureFixture[str]) -> None:
    words = ("verify", "freecell", "--lang", "python", "--lang", "kumir", "--engine",
             "embedded")
    assert portcheck(capsys, *words)[0] == 0
    assert runs == [["ports/freecell/kumir", PORT]]
    template = project_copy / "templates" / "kumir" / "freecell.kum.j2"
    template.write_text(template.read_text(encoding="utf-8") + "{# a comment #}",
                        encoding="utf-8")  # renders the same program
    code, out, _ = portcheck(capsys, *words)
    assert code == 0 and runs[1:] == [["ports/freecell/kumir"]]
    assert "from the cache: 1 of 2 ports' verdicts" in out
    piece = project_copy / "templates" / "java" / "_freecell_deal.java.j2"
    piece.write_text(piece.read_text(encoding="utf-8") + "{# java's only #}", encoding="utf-8")
    portcheck(capsys, *words)
    assert runs[2:] == []  # no port of those two includes a java piece

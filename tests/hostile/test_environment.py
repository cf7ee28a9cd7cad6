"""Files, caches and the environment (issue 8): a damaged cache is rebuilt, never trusted; a
cache or checkout that cannot be written is one line or a run without a cache; every
mistake in port.yaml, a golden, a template, a reference or an option value is one line
naming the file (and line); written files get the permissions a plain write gives; and
portcheck's own stdout may be a closed pipe, a full disk or an ASCII terminal.
"""

from __future__ import annotations

import json
import os
import re
import stat
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from portcheck.errors import UsageError
from portcheck.files.yamlio import write_atomic
from portcheck.runners.cache import write_manifest
from tests.helpers.cli import one_error_line, portcheck, portcheck_process, write
from tests.helpers.ports import append, explicit_port_yaml

requires_java = pytest.mark.requires_runtime("java")
requires_pascal = pytest.mark.requires_runtime("pascal")


# --- the build cache --------------------------------------------------------------------------


def _truncate(path: Path) -> None:
    path.write_bytes(path.read_bytes()[:100])


def _empty(path: Path) -> None:
    path.write_bytes(b"")


@pytest.mark.parametrize("language, entry, damage", [
    pytest.param("java", "javac-java/*/Freecell.class", _truncate, marks=requires_java),
    pytest.param("pascal", "fpc/*/freecell", _empty, marks=requires_pascal),
])
def test_a_damaged_build_is_rebuilt_not_run(project_copy: Path, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch,
                                            capsys: pytest.CaptureFixture[str],
                                            language: str, entry: str,
                                            damage: Callable[[Path], None]) -> None:
    cache = tmp_path / "cache"
    monkeypatch.setenv("PORTCHECK_CACHE", str(cache))
    assert portcheck(capsys, "verify", "freecell", "--lang", language)[0] == 0
    (built,) = cache.glob(entry)
    damage(built)
    code, out, _ = portcheck(capsys, "verify", "freecell", "--lang", language, "--fresh")
    assert code == 0, out
    assert built.stat().st_size > 100  # built again


def _probe_results(cache: Path, monkeypatch: pytest.MonkeyPatch,
                   capsys: pytest.CaptureFixture[str]) -> list[Path]:
    """The version probes' results that ``portcheck list`` leaves in a fresh ``cache``."""
    monkeypatch.setenv("PORTCHECK_CACHE", str(cache))
    assert portcheck(capsys, "list")[0] == 0
    results = list(cache.glob("probes/*/result.json"))
    if not results:
        pytest.skip("no compiler here to probe")
    return results


def test_a_damaged_probe_result_is_probed_again(project_copy: Path, tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    cache = tmp_path / "cache"
    results = _probe_results(cache, monkeypatch, capsys)
    for result in results:
        _empty(result)
    first = portcheck(capsys, "list")
    assert first[0] == 0 and "Traceback" not in first[1] + first[2]
    assert all(result.stat().st_size > 0 for result in cache.glob("probes/*/result.json"))


def test_a_probe_result_of_another_portcheck_version_is_probed_again(
        project_copy: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    """A cache shared by two versions of portcheck (one HOME, two checkouts): an entry
    whose manifest is right but whose fields this version does not know (the last CI run
    failed on exactly that: ``RunResult() got an unexpected keyword 'output_limited'``)."""
    cache = tmp_path / "cache"
    results = _probe_results(cache, monkeypatch, capsys)
    for result in results:
        fields = json.loads(result.read_text(encoding="utf-8"))
        result.write_text(json.dumps({**fields, "a_future_field": True}), encoding="utf-8")
        write_manifest(result.parent)
    code, out, err = portcheck(capsys, "list")
    assert code == 0 and "Traceback" not in out + err, out + err


@pytest.mark.parametrize("variable", ["PORTCHECK_CACHE", "HOME"])
def test_a_cache_that_cannot_be_written_is_replaced_for_the_run(
        project_copy: Path, tmp_path: Path, variable: str) -> None:
    in_the_way = write(tmp_path / "a-file", "not a folder")
    env = {variable: str(in_the_way)}
    if variable == "HOME":
        env["PORTCHECK_CACHE"] = ""
    done = portcheck_process("verify", "freecell", env=env)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Traceback" not in done.stderr
    notes = [line for line in done.stderr.splitlines() if "cannot be written" in line]
    assert len(notes) <= 1  # one note, or none where nothing needed building


@pytest.mark.skipif(os.geteuid() == 0, reason="root writes into read-only folders")
def test_a_read_only_checkout_is_one_line(project_copy: Path,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    golden = project_copy / "golden"
    (golden / "freecell.yaml").unlink()
    golden.chmod(0o555)
    try:
        code, _, err = portcheck(capsys, "golden", "update", "freecell")
    finally:
        golden.chmod(0o755)
    assert code == 2
    assert "freecell.yaml: cannot write: Permission denied" in one_error_line(err)


def test_a_file_that_cannot_be_written_is_one_line(tmp_path: Path) -> None:
    blocker = write(tmp_path / "golden", "a file where a folder should be")
    with pytest.raises(UsageError, match=r"golden/freecell\.yaml: cannot write: "):
        write_atomic(blocker / "freecell.yaml", "text")


# --- port.yaml and golden mistakes ----------------------------------------------------------


PORT_YAML = "ports/freecell/python/port.yaml"
GOLDEN = "golden/freecell.yaml"
DEEP = "[" * 10_000 + "]" * 10_000
ALIAS_BOMB = "".join(f"{name}: &{name} [{', '.join([f'*{prev}'] * 9)}]\n"
                     for prev, name in zip("abcdefg", "bcdefgh", strict=True))


def _replace(old: str, new: str) -> Callable[[str], str]:
    return lambda text: text.replace(old, new, 1)


def _append(more: str) -> Callable[[str], str]:
    return lambda text: text + more


@pytest.mark.parametrize("path, edit, line, message", [
    (PORT_YAML, _replace("cases: [game-1,", "cases: [[game-1],"), 6, "has no case ['game-1']"),
    (PORT_YAML, _replace("templates/python/freecell.py.j2", "README.md"), 5,
     "template 'README.md' is outside templates/"),
    (PORT_YAML, _append("options: {colour: red}\n"), 8, "take no option 'colour'"),
    (PORT_YAML, _replace("program: freecell.py", "program: ../../../../../tmp/x.py"), 4,
     "is outside python/"),
    (PORT_YAML, _append(f"note: {DEEP}\n"), 8, "nested more than 32 levels"),
    (PORT_YAML, _append("note: &a [x, x, x, x, x, x, x, x, x]\n" + ALIAS_BOMB), 8,
     "anchors and aliases are not allowed"),
    (PORT_YAML, _append("compare: lines\n"), 8, "duplicate key 'compare'"),
    (GOLDEN, _append("extra: 1\n"), None, "unknown key 'extra' in a golden file"),
    (GOLDEN, _replace("    params:\n", "    parmas: {}\n    params:\n"), 6,
     "unknown key 'parmas' in a golden file"),
    (GOLDEN, _replace("algorithm: freecell\n", "algorithm: freecell\nalgorithm: freecell\n"),
     4, "duplicate key 'algorithm'"),
], ids=["nested-case", "template-outside", "unknown-option", "program-outside", "deep",
        "alias-bomb", "duplicate-port-key", "unknown-golden-key", "unknown-case-key",
        "duplicate-golden-key"])
def test_a_mistake_in_a_suite_file_is_one_line_naming_file_and_line(
        project_copy: Path, capsys: pytest.CaptureFixture[str], path: str,
        edit: Callable[[str], str], line: int | None, message: str) -> None:
    if path == PORT_YAML:  # the template port needs none: one saying every key
        explicit_port_yaml(project_copy)
    file = project_copy / path
    write(file, edit(file.read_text(encoding="utf-8")))
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    error = one_error_line(err)
    where = str(file) + (f":{line}" if line else ":")
    assert error.startswith(f"portcheck: error: {where}"), error
    assert message in error


def test_an_engine_option_a_runner_does_not_know_is_one_line(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = project_copy / "ports" / "freecell" / "bsl" / "port.yaml"
    append(file, "options: {engine: bogus}\n")
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    assert re.search(rf"{re.escape(str(file))}:\d+: options: .*bogus", one_error_line(err))


def test_an_option_value_the_runner_refuses_is_one_line_naming_the_port(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    file = project_copy / "ports" / "freecell" / "bsl" / "port.yaml"
    append(file, "options: {dialect: klingon}\n")
    code, _, err = portcheck(capsys, "verify", "freecell", "--lang", "bsl")
    assert code == 2
    assert one_error_line(err).startswith("portcheck: error: ports/freecell/bsl/port.yaml: "
                                          "options: unknown 1C dialect 'klingon'")


def test_a_port_yaml_that_is_a_link_loop_is_an_error_not_a_port_left_out(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    folder = project_copy / "ports" / "freecell" / "loop"
    folder.mkdir()
    (folder / "port.yaml").symlink_to("other")
    (folder / "other").symlink_to("port.yaml")
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    assert "loop/port.yaml: cannot read: Too many levels of symbolic links" in one_error_line(
        err)


def test_a_golden_of_fifty_thousand_stale_cases_gives_a_short_report(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = project_copy / GOLDEN
    extra = "".join(f"  old-{n}:\n    params:\n      game: 5\n    output: |\n      x\n"
                    for n in range(50_000))
    write(path, path.read_text(encoding="utf-8") + extra)
    code, out, _ = portcheck(capsys, "golden", "check", "freecell")
    assert code == 1
    assert "FAIL golden/freecell.yaml: and 49980 more cases no longer in reference/freecell.py" \
        in out
    assert len(out.splitlines()) < 40


# --- templates and references ---------------------------------------------------------------


TEMPLATE = "templates/python/freecell.py.j2"
REFERENCE = "reference/freecell.py"


@pytest.mark.parametrize("path, edit, message", [
    (TEMPLATE, _append("# {{ 1 // 0 }}\n"), "ZeroDivisionError"),
    (TEMPLATE, _append('# {{ "a" + 1 }}\n'), "TypeError"),
    (TEMPLATE, _append("{% macro m() %}{{ m() }}{% endmacro %}{{ m() }}\n"),
     "recursion too deep"),
    (REFERENCE, _replace("def output(game: int) -> str:\n",
                         "def output(game: int) -> str:\n    raise ValueError('boom')\n"),
     "output(game=1) failed: ValueError: boom"),
    (REFERENCE, _replace("def output(game: int) -> str:\n",
                         "def output(game: int) -> str:\n    return 5\n"),
     "output() returned int, not text"),
    (REFERENCE, _replace("def output(game: int) -> str:\n",
                         "def output(game: int) -> str:\n    raise SystemExit(3)\n"),
     "output(game=1) failed: SystemExit: 3"),
    (REFERENCE, _append("import no_such_module\n"), "ModuleNotFoundError"),
    (REFERENCE, _append("def (:\n"), "syntax error"),
    (REFERENCE, _replace('"game": IntParam(1,', '"game": IntParam(10**12,'),
     "low is above high"),
], ids=["division-by-zero", "type-error", "recursive-macro", "output-raises",
        "output-returns-int", "output-exits", "import-error", "syntax-error", "bad-intparam"])
def test_a_broken_template_or_reference_is_one_line_naming_the_file(
        project_copy: Path, capsys: pytest.CaptureFixture[str], path: str,
        edit: Callable[[str], str], message: str) -> None:
    file = project_copy / path
    text = file.read_text(encoding="utf-8")
    assert edit(text) != text, "the edit must apply"
    write(file, edit(text))
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    error = one_error_line(err)
    assert str(file) in error and message in error, error


def test_a_template_that_is_not_utf8_is_one_line(project_copy: Path,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    file = project_copy / TEMPLATE
    write(file, file.read_bytes() + b"# \xff\xfe\n")
    code, _, err = portcheck(capsys, "verify", "freecell")
    assert code == 2
    assert f"{file}: not UTF-8 text" in one_error_line(err)


# --- option values --------------------------------------------------------------------------


@pytest.mark.parametrize("words", [
    ["--timeout", "0"], ["--timeout=-1"], ["--timeout", "nan"], ["--timeout", "inf"],
    ["--timeout", "3000000"], ["--deep=-1"], ["--deep", "99999999999"], ["--jobs", "0"],
    ["--max-output", "12"], ["--max-output", "lots"],
])
def test_an_option_value_out_of_range_is_a_usage_error(
        project_copy: Path, capsys: pytest.CaptureFixture[str], words: list[str]) -> None:
    code, _, err = portcheck(capsys, "verify", *words)
    assert code == 2
    assert "Traceback" not in err
    assert f"error: argument {words[0].split('=')[0]}" in err


@pytest.mark.parametrize("encoding", ["rot13", "base64", "no-such-codec"])
def test_exec_takes_only_a_text_encoding(tmp_path: Path, encoding: str,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    program = write(tmp_path / "p.bsl", "Сообщить(1);\n")
    code, _, err = portcheck(capsys, "exec", str(program), "--encoding", encoding)
    assert code == 2
    assert f"'{encoding}' is not a text encoding" in err


# --- written files --------------------------------------------------------------------------


def test_written_files_get_the_permissions_of_a_plain_write(project_copy: Path,
                                                            capsys: pytest.CaptureFixture[str]
                                                            ) -> None:
    umask = os.umask(0o022)
    try:
        golden = project_copy / GOLDEN
        golden.unlink()
        program = project_copy / "ports" / "freecell" / "python" / "freecell.py"
        program.chmod(0o640)  # an existing file keeps its own mode
        program.write_text("changed", encoding="utf-8")
        assert portcheck(capsys, "golden", "update", "freecell")[0] == 0
        assert portcheck(capsys, "render", "write", "freecell", "--lang", "python")[0] == 0
    finally:
        os.umask(umask)
    assert stat.S_IMODE(golden.stat().st_mode) == 0o644
    assert stat.S_IMODE(program.stat().st_mode) == 0o640


# --- portcheck's own stdout -----------------------------------------------------------------


@pytest.mark.parametrize("words", [["list"], ["verify", "freecell", "-v"]])
def test_a_reader_that_stops_early_ends_portcheck_quietly(project_copy: Path,
                                                          words: list[str]) -> None:
    command = [sys.executable, "-m", "portcheck", *words]
    with subprocess.Popen(command, stdout=subprocess.PIPE, stderr=subprocess.PIPE) as process:
        assert process.stdout is not None and process.stderr is not None
        process.stdout.readline()
        process.stdout.close()  # as `| head -1` does
        err = process.stderr.read().decode()
        process.wait(timeout=120)
    assert process.returncode in (0, 141)  # 0: it had written everything before
    assert err == ""


def test_a_full_disk_is_one_line(project_copy: Path) -> None:
    with open("/dev/full", "w") as full:
        done = portcheck_process("list", stdout=full)
    assert done.returncode == 2
    assert one_error_line(done.stderr) == ("portcheck: error: cannot write the output: "
                                           "No space left on device")


def test_an_ascii_terminal_gets_escapes_not_a_traceback(project_copy: Path) -> None:
    done = portcheck_process("reference", "freecell", "game=1",
                             env={"PYTHONIOENCODING": "ascii"})
    assert done.returncode == 0
    assert done.stdout.splitlines()[0] == r"J\u2666 2\u2666 9\u2665 J\u2663 5\u2666 7\u2665 " \
                                          r"7\u2663 5\u2665"


# --- commands that check nothing ------------------------------------------------------------


@pytest.mark.parametrize("words", [
    ["render", "check", "nosuch"], ["render", "write", "nosuch"],
    ["golden", "check", "-k", "nomatch"], ["verify", "nosuch"],
])
def test_a_command_that_would_check_nothing_is_a_usage_error(
        project_copy: Path, capsys: pytest.CaptureFixture[str], words: list[str]) -> None:
    code, _, err = portcheck(capsys, *words)
    assert code == 2
    one_error_line(err)


def test_verify_of_an_empty_ports_folder_is_a_usage_error(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for folder in sorted((project_copy / "ports" / "freecell").iterdir()):
        for file in folder.iterdir():
            file.unlink()
        folder.rmdir()
    code, _, err = portcheck(capsys, "verify")
    assert code == 2
    assert "no ports to verify" in one_error_line(err)


def test_verify_checks_the_goldens_of_an_algorithm_without_ports(
        project_copy: Path, capsys: pytest.CaptureFixture[str]) -> None:
    reference = project_copy / REFERENCE
    write(project_copy / "reference" / "freecell_twin.py", reference.read_text(
        encoding="utf-8").replace('NAME = "freecell"', 'NAME = "freecell-twin"'))
    code, out, _ = portcheck(capsys, "verify")
    assert code == 1
    assert "FAIL golden/freecell-twin.yaml: missing golden file" in out
    assert "fix with: portcheck golden update freecell-twin" in out

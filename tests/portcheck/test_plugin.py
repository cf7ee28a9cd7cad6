"""The pytest plugin, run by pytest itself (``pytester``) in a copy of the project.

Expected from the issue: plain ``pytest`` collects every port ``ports/*/*/`` as items
``<port>::transcript``, ``::run`` and ``::fresh`` and every golden as
``golden/<algo>.yaml::golden``; a failed check shows its message and diff, never a Python
traceback; ``--require-runtimes`` turns a missing toolchain into a failure.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path

import pytest
import yaml

# The interpreters' front-ends are imported lazily by the runners.  pytester's in-process
# runs forget the modules first imported inside them, and importing them again would make
# a second copy of the IR classes next to the core's: load them once, out here.
import portinterp.bsl.frontend.lower
import portinterp.kumir.frontend.lower  # noqa: F401
from tests.helpers.ports import append, explicit_port_yaml

pytest_plugins = ["pytester"]

KINDS = ("transcript", "run", "fresh")
JAVA_PACKAGE = "openjdk-17-jdk-headless"


@pytest.fixture
def project(pytester: pytest.Pytester, monkeypatch: pytest.MonkeyPatch,
            build_cache: Path, copy_slice: Callable[[Path], None]) -> Path:
    """The FreeCell slice copied into pytester's folder, which is its rootdir."""
    copy_slice(pytester.path)
    monkeypatch.setenv("PORTCHECK_CACHE", str(build_cache))
    monkeypatch.delenv("PORTCHECK_ROOT", raising=False)
    monkeypatch.delenv("PORTCHECK_REQUIRE_RUNTIMES", raising=False)
    return pytester.path


def port_ids(root: Path) -> list[str]:
    """Every port folder: a template port has no port.yaml, the article port has one."""
    return sorted(p.relative_to(root).as_posix() for p in root.glob("ports/*/*") if p.is_dir())


def port_yaml(root: Path, port: str) -> dict[str, str]:
    path = root / port / "port.yaml"
    if not path.exists():
        return {}
    return yaml.safe_load(path.read_text(encoding="utf-8")) or {}


def templated(root: Path, port: str) -> bool:
    return port_yaml(root, port).get("origin", "template") == "template"


def language(root: Path, port: str) -> str:
    return port_yaml(root, port).get("language", Path(port).name)


def expected_items(root: Path) -> list[str]:
    """transcript and run for every port, fresh only for ports rendered from a template."""
    return [f"{port}::{kind}" for port in port_ids(root) for kind in KINDS
            if kind != "fresh" or templated(root, port)]


def no_traceback(text: str) -> None:
    assert "Traceback" not in text
    assert "def runtest" not in text
    assert "portcheck/plugin.py" not in text


def test_items_have_readable_ids(pytester: pytest.Pytester, project: Path) -> None:
    result = pytester.runpytest("--collect-only", "-q")
    collected = [line for line in result.outlines if "::" in line]
    assert sorted(collected) == sorted([*expected_items(project), "golden/freecell.yaml::golden"])
    assert "ports/freecell/bsl-article::fresh" not in collected
    assert "ports/freecell/python::transcript" in collected
    assert "ports/freecell/java::run" in collected
    assert "ports/freecell/pascal::fresh" in collected


def test_deep_option_adds_an_item(pytester: pytest.Pytester, project: Path) -> None:
    result = pytester.runpytest("--collect-only", "-q", "--portcheck-deep", "2",
                                "ports/freecell/python")
    assert "ports/freecell/python::deep" in result.outlines


def languages_missing_here() -> set[str]:
    from portcheck.runners import get_runner
    from portcheck.suite.declarations import builtin_languages

    return {name for name in builtin_languages() if not get_runner(name).toolchain().ok}


def test_the_project_passes(pytester: pytest.Pytester, project: Path) -> None:
    """Everything passes; on a machine without a toolchain (a fresh one), exactly the runs of
    that language's ports are skipped, each naming the package to install."""
    result = pytester.runpytest("-p", "no:cacheprovider", "-rs")
    outcomes = result.parseoutcomes()
    assert "failed" not in outcomes and "errors" not in outcomes
    missing = languages_missing_here()
    skipped = [port for port in port_ids(project) if language(project, port) in missing]
    assert outcomes.get("skipped", 0) == len(skipped)
    assert outcomes["passed"] == len(expected_items(project)) + 1 - len(skipped)
    assert result.stdout.str().count("install package") >= len(skipped)
    assert result.ret == 0


def test_required_runtimes_leave_nothing_skipped(pytester: pytest.Pytester,
                                                 project: Path) -> None:
    """With PORTCHECK_REQUIRE_RUNTIMES=1 (what CI sets) a missing toolchain fails; where every
    toolchain is here, nothing is skipped."""
    result = pytester.runpytest("-p", "no:cacheprovider", "--portcheck-require-runtimes")
    outcomes = result.parseoutcomes()
    assert "skipped" not in outcomes
    # only the languages of this project's ports count (pytester's HOME is its own folder:
    # a toolchain installed under HOME, such as rustup's, is missing in there)
    used = {language(project, port) for port in port_ids(project)}
    assert ("failed" in outcomes) == bool(languages_missing_here() & used)


def edit_python_transcript(root: Path) -> None:
    transcript = root / "ports" / "freecell" / "python" / "transcript.txt"
    text = transcript.read_text(encoding="utf-8")
    # the third line of game-617 (the article's "T♥ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣")
    assert text.count("T♥ Q♣ 3♥") == 1
    transcript.write_text(text.replace("T♥ Q♣ 3♥", "T♠ Q♣ 3♥"), encoding="utf-8")


def test_edited_transcript_fails_with_the_diff(pytester: pytest.Pytester,
                                               project: Path) -> None:
    edit_python_transcript(project)
    result = pytester.runpytest("-p", "no:cacheprovider", "-rA", "ports/freecell/python")
    result.assert_outcomes(passed=1, failed=2)  # fresh still passes
    text = result.stdout.str()
    assert "FAILED ports/freecell/python::transcript" in text
    assert "FAILED ports/freecell/python::run" in text
    result.stdout.fnmatch_lines([
        "*transcript differs from golden: case game-617, line 3:*",
        "--- golden",
        "+++ transcript.txt",
        "-T♥ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣",
        "+T♠ Q♣ 3♥ 9♦ 6♠ 8♦ 3♦ T♣",
    ])
    no_traceback(text)


def test_edited_golden_fails_with_the_fix(pytester: pytest.Pytester, project: Path) -> None:
    golden = project / "golden" / "freecell.yaml"
    golden.write_text(golden.read_text(encoding="utf-8").replace("T♥ Q♣ 3♥", "T♠ Q♣ 3♥"),
                      encoding="utf-8")
    result = pytester.runpytest("-p", "no:cacheprovider", "golden")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines([
        "*golden/freecell.yaml: case game-617 differs from the reference*",
        "*fix with: portcheck golden update freecell --allow-changed*",
    ])
    no_traceback(result.stdout.str())


def test_malformed_port_yaml_is_one_line(pytester: pytest.Pytester, project: Path) -> None:
    port_yaml = explicit_port_yaml(project)  # the template port needs none: one in full
    append(port_yaml, "colour: red\n")
    result = pytester.runpytest("-p", "no:cacheprovider", "ports/freecell/python")
    result.assert_outcomes(failed=1)  # one item, ports/freecell/python::port.yaml
    result.stdout.fnmatch_lines([f"*{port_yaml}:8: unknown key 'colour'*"])
    no_traceback(result.stdout.str())


@pytest.fixture
def path_without_compilers(project: Path, monkeypatch: pytest.MonkeyPatch,
                           tmp_path_factory: pytest.TempPathFactory) -> None:
    empty = tmp_path_factory.mktemp("empty-bin")
    monkeypatch.setenv("PATH", str(empty))


@pytest.mark.usefixtures("path_without_compilers")
def test_missing_toolchain_skips(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "-rs", "ports/freecell/java")
    result.assert_outcomes(passed=2, skipped=1)
    result.stdout.fnmatch_lines([f"*no runtime: javac not found: install package "
                                 f"{JAVA_PACKAGE}*"])


@pytest.mark.usefixtures("path_without_compilers")
def test_require_runtimes_fails(pytester: pytest.Pytester) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "--portcheck-require-runtimes",
                                "ports/freecell/java")
    result.assert_outcomes(passed=2, failed=1)
    result.stdout.fnmatch_lines([f"*javac not found: install package {JAVA_PACKAGE}*"])
    no_traceback(result.stdout.str())


MARKED_TEST = """
import pytest

@pytest.mark.requires_runtime("java")
def test_needs_java():
    pass
"""


@pytest.mark.usefixtures("path_without_compilers")
def test_requires_runtime_marker(pytester: pytest.Pytester) -> None:
    pytester.makepyfile(test_marked=MARKED_TEST)
    skipped = pytester.runpytest("-p", "no:cacheprovider", "test_marked.py")
    skipped.assert_outcomes(skipped=1)
    failed = pytester.runpytest("-p", "no:cacheprovider", "--portcheck-require-runtimes",
                                "test_marked.py")
    failed.assert_outcomes(errors=1)  # pytest counts a failed setup as an error
    assert failed.ret != 0
    failed.stdout.fnmatch_lines([f"*no runtime for java: javac not found: install package "
                                 f"{JAVA_PACKAGE}*"])


@pytest.fixture
def unprinted_case(project: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """game-3: in the (copied) reference and the golden file, printed by no port (the
    template ports list their cases, as they print every case by default)."""
    from portcheck.cli.main import main

    for name in ("bsl", "java", "kumir", "pascal", "python"):
        explicit_port_yaml(project, name)

    reference = project / "reference" / "freecell.py"
    text = reference.read_text(encoding="utf-8")
    reference.write_text(text.replace('CASES: dict[str, dict[str, int]] = {',
                                      'CASES: dict[str, dict[str, int]] = {\n'
                                      '    "game-3": {"game": 3},'), encoding="utf-8")
    monkeypatch.chdir(project)
    assert main(["golden", "update", "freecell", "--new-only"]) == 0
    return "game-3"


STALE_HEADING = "stale goldens"


def test_complete_run_reports_a_golden_no_port_prints_and_no_test_reads(
        pytester: pytest.Pytester, unprinted_case: str) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == 0
    result.stdout.fnmatch_lines([f"*{STALE_HEADING}*",
                                 f"golden/freecell.yaml: case {unprinted_case}"])


def test_xdist_run_reports_stale_goldens_as_a_serial_run_does(
        pytester: pytest.Pytester, unprinted_case: str) -> None:
    pytest.importorskip("xdist")
    pytester.makepyfile(test_uses_golden="""
        def test_reads(portcheck_golden):
            assert portcheck_golden("freecell", "game-1")
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", "-n", "2")
    assert result.ret == 0
    result.stdout.fnmatch_lines([f"*{STALE_HEADING}*",
                                 f"golden/freecell.yaml: case {unprinted_case}"])
    read_by_a_worker = pytester.runpytest("-p", "no:cacheprovider", "-n", "2",
                                          "test_uses_golden.py")  # a partial run
    assert STALE_HEADING not in read_by_a_worker.stdout.str()


def test_xdist_run_counts_the_goldens_each_worker_read(
        pytester: pytest.Pytester, unprinted_case: str) -> None:
    pytest.importorskip("xdist")
    pytester.makepyfile(test_uses_golden=f"""
        def test_reads(portcheck_golden):
            assert portcheck_golden("freecell", "{unprinted_case}")
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", "-n", "2")
    assert result.ret == 0
    assert STALE_HEADING not in result.stdout.str()


def test_a_test_reading_the_golden_makes_it_used(pytester: pytest.Pytester,
                                                 unprinted_case: str) -> None:
    pytester.makepyfile(test_uses_golden=f"""
        def test_reads(portcheck_golden):
            assert portcheck_golden("freecell", "{unprinted_case}").count("\\n") == 7
    """)
    result = pytester.runpytest("-p", "no:cacheprovider")
    assert result.ret == 0
    assert STALE_HEADING not in result.stdout.str()


def test_partial_run_reports_no_stale_golden(pytester: pytest.Pytester,
                                             unprinted_case: str) -> None:
    result = pytester.runpytest("-p", "no:cacheprovider", "-k", "transcript")
    assert result.ret == 0
    assert STALE_HEADING not in result.stdout.str()


@pytest.mark.parametrize("workers", [[], ["-n", "2"]], ids=["serial", "xdist"])
def test_a_run_stopped_at_the_first_failure_reports_no_stale_golden(
        pytester: pytest.Pytester, unprinted_case: str, workers: list[str]) -> None:
    """``-x`` stops before the tests that read goldens have run: their goldens are not
    stale (a serial -x run and an xdist one both said so, wrongly)."""
    if workers:
        pytest.importorskip("xdist")
    pytester.makepyfile(test_fails_first="""
        def test_a_fails():
            assert False
    """, test_uses_golden=f"""
        def test_reads(portcheck_golden):
            assert portcheck_golden("freecell", "{unprinted_case}")
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", "-x", *workers)
    # xdist ends a stopped session as interrupted
    assert result.ret in (pytest.ExitCode.TESTS_FAILED, pytest.ExitCode.INTERRUPTED)
    result.stdout.fnmatch_lines(["*1 failed*"])
    assert STALE_HEADING not in result.stdout.str()


def test_reading_a_missing_golden_fails_the_test(pytester: pytest.Pytester,
                                                 project: Path) -> None:
    pytester.makepyfile(test_missing="""
        def test_reads(portcheck_golden):
            portcheck_golden("freecell", "game-999")
    """)
    result = pytester.runpytest("-p", "no:cacheprovider", "test_missing.py")
    result.assert_outcomes(failed=1)
    result.stdout.fnmatch_lines(["*missing golden freecell:game-999*golden update freecell*"])

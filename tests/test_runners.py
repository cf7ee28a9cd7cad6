"""The runners: real builds and runs of tiny programs, the build cache, the registry, and the
FreeCell templates compiled and run against the reference.

Every expected output below follows from the language's own rules for the program shown;
FreeCell deals come from the reference and, for game 617, from the 1C article's printed run.
"""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from article import article_deals
from processes import gone_soon
from project_reference import freecell

import portcheck.runners.java as java_module
import portcheck.runners.pascal as pascal_module
from portcheck.errors import UsageError
from portcheck.runners import get_runner, runner_class
from portcheck.runners.base import (
    BuildError,
    Runner,
    RunResult,
    ToolchainMissing,
    child_env,
    run_command,
)
from portcheck.runners.cache import MANIFEST, BuildCache, cache_key
from portcheck.suite.algorithms import Case
from portcheck.suite.languages import LANGUAGES
from portcheck.suite.project import Project
from portcheck.suite.render import render_template

FREECELL = Project(Path(__file__).resolve().parents[1]).algorithm("freecell")

freecell_output = freecell.output

REPO = Path(__file__).resolve().parent.parent
TEMPLATES_DIR = REPO / "templates"
SHORT_TIMEOUT = 1.5  # long enough for a JVM to start and print, far below any test's budget

requires_java = pytest.mark.requires_runtime("java")
requires_pascal = pytest.mark.requires_runtime("pascal")


@pytest.fixture
def cache(tmp_path: Path) -> BuildCache:
    return BuildCache(tmp_path / "cache")


def write(directory: Path, name: str, text: str) -> Path:
    path = directory / name
    path.write_text(text, encoding="utf-8")
    return path


def build_and_run(runner: Runner, source: Path, **options: Any) -> RunResult:
    return runner.run(runner.build(source), **options)


# --- run_command ---------------------------------------------------------------------------


def test_run_command_captures_both_streams_and_the_exit_code() -> None:
    result = run_command(["sh", "-c", "printf 'out ♣'; printf 'err' >&2; exit 7"])
    assert (result.stdout, result.stderr, result.returncode) == ("out ♣", "err", 7)
    assert not result.timed_out


def test_run_command_feeds_stdin() -> None:
    result = run_command(["cat"], stdin="ввод ♥\n")
    assert result.stdout == "ввод ♥\n"


def test_run_command_replaces_invalid_utf8() -> None:
    result = run_command(["sh", "-c", r"printf 'a\377b'"])
    assert result.stdout == "a\ufffdb"


def test_children_are_told_to_speak_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("LANG", "C")
    monkeypatch.delenv("PYTHONIOENCODING", raising=False)
    result = run_command(["sh", "-c", 'printf "%s %s" "$LANG" "$PYTHONIOENCODING"'])
    assert result.stdout == "C.UTF-8 utf-8"
    assert child_env({"EXTRA": "1"})["EXTRA"] == "1"


def test_timeout_keeps_partial_output_and_kills_the_whole_group() -> None:
    # The grandchild does not hold the pipes: only killing the group stops it.
    script = "echo started; sleep 100 >/dev/null 2>&1 & echo $!; wait"
    result = run_command(["sh", "-c", script], timeout=SHORT_TIMEOUT)
    assert result.timed_out
    assert result.returncode is None
    first, grandchild_pid = result.stdout.splitlines()
    assert first == "started"
    assert gone_soon(int(grandchild_pid))


# --- the build cache -----------------------------------------------------------------------


def test_cache_builds_once_then_hits(cache: BuildCache) -> None:
    calls: list[Path] = []

    def build(work: Path) -> None:
        calls.append(work)
        (work / "artifact").write_text("built")

    first = cache.get_or_build("tool", "k1", build)
    second = BuildCache(cache.root).get_or_build("tool", "k1", build)
    assert first == second
    assert (first / "artifact").read_text() == "built"
    assert len(calls) == 1
    assert (cache.hits, cache.misses) == (0, 1)


def test_failed_build_leaves_nothing_behind(cache: BuildCache) -> None:
    def crash(work: Path) -> None:
        (work / "half-written").write_text("x")
        raise RuntimeError("compiler crashed")

    with pytest.raises(RuntimeError):
        cache.get_or_build("tool", "k1", crash)
    assert list((cache.root / "tool").iterdir()) == []
    assert not cache.entry_dir("tool", "k1").exists()


def test_cache_key_depends_on_every_part_and_their_boundaries() -> None:
    base = cache_key("javac/java", "javac 17", b"class A {}")
    assert base == cache_key("javac/java", "javac 17", b"class A {}")
    assert base != cache_key("javac/java", "javac 21", b"class A {}")
    assert base != cache_key("fpc", "javac 17", b"class A {}")
    assert base != cache_key("javac/java", "javac 17", b"class B {}")
    assert cache_key("ab", "c") != cache_key("a", "bc")


def test_cache_root_from_environment(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "elsewhere"))
    assert BuildCache().root == tmp_path / "elsewhere"
    monkeypatch.delenv("PORTCHECK_CACHE")
    assert BuildCache().root == Path.home() / ".cache" / "portcheck"


# --- the registry --------------------------------------------------------------------------


def test_registry_names_every_language_and_a_runner_for_each() -> None:
    assert set(LANGUAGES) == {"arsac", "bsl", "java", "kumir", "pascal", "python"}
    for name in LANGUAGES:
        assert runner_class(name).language == name


def test_every_runner_takes_the_options_its_language_declares() -> None:
    """port.yaml's ``options:`` are checked against the registry: the runners must agree."""
    for name, language in LANGUAGES.items():
        taken = set(inspect.signature(runner_class(name).__init__).parameters)
        assert taken - {"self", "cache", "environment"} == set(language.options), name


def test_registry_does_not_import_the_interpreters_up_front() -> None:
    code = (
        "import sys, portcheck.runners; "
        "print(sorted(m for m in sys.modules if m.startswith('portcheck.runners.')))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, cwd=REPO, check=True
    )
    loaded = result.stdout.strip()
    assert "bsl" not in loaded and "kumir" not in loaded and "java" not in loaded


def test_unknown_language_is_a_one_line_error() -> None:
    with pytest.raises(UsageError) as raised:
        get_runner("cobol")
    message = str(raised.value)
    assert message == "unknown language 'cobol' (known: arsac, bsl, java, kumir, pascal, python)"


def test_get_runner_passes_options(cache: BuildCache) -> None:
    runner = get_runner("java", cache=cache)
    assert isinstance(runner, java_module.JavaRunner)
    assert runner.cache is cache


# --- missing toolchains --------------------------------------------------------------------


@pytest.fixture
def empty_path(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))


@pytest.mark.parametrize(
    ("language", "program", "package"),
    [("java", "javac", "openjdk-17-jdk-headless"), ("pascal", "fpc", "fp-compiler")],
)
@pytest.mark.usefixtures("empty_path")
def test_missing_toolchain_names_its_package(
    language: str, program: str, package: str, cache: BuildCache, tmp_path: Path
) -> None:
    runner = get_runner(language, cache=cache)
    expected = f"{program} not found: install package {package}"
    toolchain = runner.toolchain()
    assert (toolchain.ok, toolchain.detail) == (False, expected)
    source = write(tmp_path, f"Hello{runner.suffix}", "anything")
    with pytest.raises(ToolchainMissing) as raised:
        runner.build(source)
    assert str(raised.value) == expected


# --- Java ----------------------------------------------------------------------------------

JAVA_HELLO = """\
public class Hello {
    public static void main(String[] args) {
        java.util.Scanner in = new java.util.Scanner(System.in, "UTF-8");
        String name = in.nextLine();
        System.out.print("Привет, " + name + " ♠\\n");
        System.err.print("to stderr");
        System.exit(3);
    }
}
"""


@requires_java
def test_java_builds_and_runs(cache: BuildCache, tmp_path: Path) -> None:
    runner = get_runner("java", cache=cache)
    assert runner.toolchain().ok
    result = build_and_run(runner, write(tmp_path, "Hello.java", JAVA_HELLO), stdin="мир\n")
    assert result.stdout == "Привет, мир ♠\n"
    assert result.stderr == "to stderr"
    assert result.returncode == 3


@requires_java
def test_java_uncaught_exception_exits_with_1(cache: BuildCache, tmp_path: Path) -> None:
    # JLS 11.3 / java launcher: an uncaught exception ends the JVM with exit status 1.
    source = write(
        tmp_path,
        "Boom.java",
        "public class Boom {\n    public static void main(String[] a) {\n"
        '        throw new IllegalStateException("x");\n    }\n}\n',
    )
    result = build_and_run(get_runner("java", cache=cache), source)
    assert result.returncode == 1
    assert "java.lang.IllegalStateException: x" in result.stderr


@requires_java
def test_java_compile_error_carries_javac_message(cache: BuildCache, tmp_path: Path) -> None:
    source = write(
        tmp_path,
        "Bad.java",
        "public class Bad {\n    public static void main(String[] a) {\n        x = 1;\n    }\n}\n",
    )
    with pytest.raises(BuildError) as raised:
        get_runner("java", cache=cache).build(source)
    message = str(raised.value)
    assert f"{source}:3: error: cannot find symbol" in message
    assert not any((cache.root / "javac-java").iterdir())


@requires_java
def test_java_class_name_comes_from_the_file_name(cache: BuildCache, tmp_path: Path) -> None:
    # JLS 7.6: a public class must be declared in a file named after it.
    source = write(tmp_path, "Other.java", JAVA_HELLO)
    with pytest.raises(BuildError) as raised:
        get_runner("java", cache=cache).build(source)
    assert "class Hello is public, should be declared in a file named Hello.java" in str(
        raised.value
    )


@requires_java
def test_java_hang_is_killed_with_partial_output(cache: BuildCache, tmp_path: Path) -> None:
    # No flush: System.out is an autoflush PrintStream, print(String) flushes at "\n".
    source = write(
        tmp_path,
        "Hang.java",
        "public class Hang {\n    public static void main(String[] a) {\n"
        '        System.out.print("started\\n");\n'
        "        while (true) { }\n    }\n}\n",
    )
    result = build_and_run(get_runner("java", cache=cache), source, timeout=SHORT_TIMEOUT * 2)
    assert result.timed_out and result.returncode is None
    assert result.stdout == "started\n"


@requires_java
def test_java_second_build_is_a_cache_hit(
    cache: BuildCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiles = _count_compiler_calls(monkeypatch, java_module, "javac")
    source = write(tmp_path, "Hello.java", JAVA_HELLO)
    first = get_runner("java", cache=cache).build(source)
    mtime = first.stat().st_mtime_ns
    second_runner = get_runner("java", cache=BuildCache(cache.root))
    second = second_runner.build(source)
    assert second == first and second.stat().st_mtime_ns == mtime
    assert len(compiles) == 1
    assert (second_runner.cache.hits, second_runner.cache.misses) == (1, 0)
    write(tmp_path, "Hello.java", JAVA_HELLO.replace("♠", "♥"))
    assert second_runner.build(source) != first
    assert len(compiles) == 2


def _count_compiler_calls(
    monkeypatch: pytest.MonkeyPatch, module: Any, compiler: str
) -> list[list[str]]:
    """Wrap ``module.run_command``; return the list of compile (not version-probe) calls."""
    calls: list[list[str]] = []
    real = module.run_command

    def counting(argv: list[str], **kwargs: Any) -> RunResult:
        args = [str(arg) for arg in argv]
        if Path(args[0]).name == compiler and not any(a.startswith("-i") for a in args[1:]):
            if "-version" not in args:
                calls.append(args)
        return real(argv, **kwargs)

    monkeypatch.setattr(module, "run_command", counting)
    return calls


# --- Free Pascal ---------------------------------------------------------------------------

PASCAL_HELLO = """\
program hello;
{$mode objfpc}{$H+}
var
  Name: string;
begin
  ReadLn(Name);
  Write('Привет, ', Name, ' ♠', #10);
  Write(ErrOutput, 'to stderr');
  Halt(3);
end.
"""


@requires_pascal
def test_pascal_builds_and_runs(cache: BuildCache, tmp_path: Path) -> None:
    runner = get_runner("pascal", cache=cache)
    assert runner.toolchain().ok
    result = build_and_run(runner, write(tmp_path, "hello.pas", PASCAL_HELLO), stdin="мир\n")
    assert result.stdout == "Привет, мир ♠\n"
    assert result.stderr == "to stderr"
    assert result.returncode == 3


@requires_pascal
def test_pascal_build_leaves_only_the_binary(cache: BuildCache, tmp_path: Path) -> None:
    built = get_runner("pascal", cache=cache).build(write(tmp_path, "hello.pas", PASCAL_HELLO))
    assert sorted(path.name for path in built.parent.iterdir()) == [MANIFEST, "hello"]
    assert sorted(path.name for path in tmp_path.iterdir()) == ["cache", "hello.pas"]


@requires_pascal
def test_pascal_compile_error_carries_fpc_message(cache: BuildCache, tmp_path: Path) -> None:
    source = write(tmp_path, "bad.pas", "program bad;\nbegin\n  x := 1;\nend.\n")
    with pytest.raises(BuildError) as raised:
        get_runner("pascal", cache=cache).build(source)
    assert 'bad.pas(3,3) Error: Identifier not found "x"' in str(raised.value)


@requires_pascal
def test_pascal_range_overflow_is_a_runtime_error(cache: BuildCache, tmp_path: Path) -> None:
    # Built with -Cr: High(LongInt) * 2 is computed in 64 bits, then does not fit the
    # LongInt it is assigned to: run-time error 201 "Range check error" (FPC user's guide),
    # not a silent wrap to -2.
    source = write(
        tmp_path,
        "wrap.pas",
        "program wrap;\nvar X: LongInt;\nbegin\n  X := High(LongInt);\n  X := X * 2;\n"
        "  WriteLn(X);\nend.\n",
    )
    result = build_and_run(get_runner("pascal", cache=cache), source)
    assert result.returncode == 201
    assert "-2" not in result.stdout


@requires_pascal
def test_pascal_hang_is_killed_with_partial_output(cache: BuildCache, tmp_path: Path) -> None:
    # No Flush in the program: the runner's flush unit must push 'started' out by itself.
    source = write(
        tmp_path,
        "hang.pas",
        "program hang;\nbegin\n  WriteLn('started');\n  while True do ;\nend.\n",
    )
    result = build_and_run(get_runner("pascal", cache=cache), source, timeout=SHORT_TIMEOUT)
    assert result.timed_out and result.returncode is None
    assert result.stdout == "started\n"


@requires_pascal
def test_pascal_second_build_is_a_cache_hit(
    cache: BuildCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    compiles = _count_compiler_calls(monkeypatch, pascal_module, "fpc")
    source = write(tmp_path, "hello.pas", PASCAL_HELLO)
    first = get_runner("pascal", cache=cache).build(source)
    mtime = first.stat().st_mtime_ns
    second = get_runner("pascal", cache=BuildCache(cache.root)).build(source)
    assert second == first and second.stat().st_mtime_ns == mtime
    assert len(compiles) == 1


# --- Python --------------------------------------------------------------------------------


def test_python_runs_the_listing(tmp_path: Path) -> None:
    source = write(
        tmp_path,
        "hello.py",
        "import sys\nname = input()\nprint('Привет,', name, '♠')\n"
        "print('to stderr', end='', file=sys.stderr)\nsys.exit(3)\n",
    )
    runner = get_runner("python")
    assert runner.toolchain().ok
    result = build_and_run(runner, source, stdin="мир\n")
    assert (result.stdout, result.stderr, result.returncode) == ("Привет, мир ♠\n", "to stderr", 3)


def test_python_build_is_only_a_syntax_check(tmp_path: Path) -> None:
    source = write(tmp_path, "ok.py", "print(1)\n")
    assert get_runner("python").build(source) == source


def test_python_syntax_error_names_the_place(tmp_path: Path) -> None:
    source = write(tmp_path, "bad.py", "x = 1\nif x\n    print(x)\n")
    with pytest.raises(BuildError) as raised:
        get_runner("python").build(source)
    assert str(raised.value) == f"{source}:2:5: SyntaxError: expected ':'"


def test_python_hang_is_killed_with_partial_output(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Plain print, no flush: the runner's unbuffered mode (-u) must keep the line.
    monkeypatch.delenv("PYTHONUNBUFFERED", raising=False)
    source = write(tmp_path, "hang.py", "print('started')\nwhile True:\n    pass\n")
    result = build_and_run(get_runner("python"), source, timeout=SHORT_TIMEOUT)
    assert result.timed_out and result.returncode is None
    assert result.stdout == "started\n"


# --- the FreeCell templates ----------------------------------------------------------------

ARTICLE_GAME_617 = article_deals()[617]  # printed in the 1C article

# Game numbers that need 64-bit arithmetic (2^31 - 1, 2^31 - 2) and ordinary ones.
GAMES = [1, 617, 2147483647, 2147483646, 32000, 1000000]

TEMPLATES = [
    pytest.param("java", "freecell.java.j2", "Freecell.java", marks=requires_java),
    pytest.param("pascal", "freecell.pas.j2", "freecell.pas", marks=requires_pascal),
    pytest.param("python", "freecell.py.j2", "freecell.py"),
]


def render(language: str, template: str, games: list[int]) -> str:
    """Render with the tool's own renderer, as ``portcheck render`` does."""
    cases = [Case(f"game-{game}", {"game": game}) for game in games]
    return render_template(TEMPLATES_DIR / language / template, TEMPLATES_DIR, FREECELL, cases)


def test_reference_agrees_with_the_article() -> None:
    assert freecell_output(617) == ARTICLE_GAME_617


@pytest.mark.parametrize(("language", "template", "filename"), TEMPLATES)
def test_freecell_template_deals_like_the_reference(
    language: str, template: str, filename: str, cache: BuildCache, tmp_path: Path
) -> None:
    source = write(tmp_path, filename, render(language, template, GAMES))
    result = build_and_run(get_runner(language, cache=cache), source)
    assert result.returncode == 0, result.stderr
    assert result.stdout == "".join(freecell_output(game) for game in GAMES)
    assert ARTICLE_GAME_617 in result.stdout
    assert "\r" not in result.stdout


@pytest.mark.parametrize(("language", "template", "filename"), TEMPLATES)
def test_freecell_template_without_cases_prints_nothing(
    language: str, template: str, filename: str, cache: BuildCache, tmp_path: Path
) -> None:
    source = write(tmp_path, filename, render(language, template, []))
    result = build_and_run(get_runner(language, cache=cache), source)
    assert (result.stdout, result.returncode) == ("", 0)


@pytest.mark.parametrize(("language", "template", "filename"), TEMPLATES)
def test_freecell_template_needs_the_game_parameter(
    language: str, template: str, filename: str
) -> None:
    cases = [Case("game-without-params", {})]
    with pytest.raises(UsageError, match="undefined"):
        render_template(TEMPLATES_DIR / language / template, TEMPLATES_DIR, FREECELL, cases)

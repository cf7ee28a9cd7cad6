"""The Java runner (``portcheck.runners.java``): real ``javac`` and ``java`` builds and runs of
tiny programs; every expected output follows from Java's own rules for the program shown."""

from __future__ import annotations

from pathlib import Path

import pytest

import portcheck.runners.java as java_module
from portcheck.runners import get_runner
from portcheck.runners.base import (
    BuildError,
)
from portcheck.runners.cache import BuildCache
from tests.helpers.programs import SHORT_TIMEOUT, build_and_run, count_compiler_calls, write_program

requires_java = pytest.mark.requires_runtime("java")


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
    result = build_and_run(runner, write_program(tmp_path, "Hello.java", JAVA_HELLO), stdin="мир\n")
    assert result.stdout == "Привет, мир ♠\n"
    assert result.stderr == "to stderr"
    assert result.returncode == 3


@requires_java
def test_java_uncaught_exception_exits_with_1(cache: BuildCache, tmp_path: Path) -> None:
    # JLS 11.3 / java launcher: an uncaught exception ends the JVM with exit status 1.
    source = write_program(
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
    source = write_program(
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
    source = write_program(tmp_path, "Other.java", JAVA_HELLO)
    with pytest.raises(BuildError) as raised:
        get_runner("java", cache=cache).build(source)
    assert "class Hello is public, should be declared in a file named Hello.java" in str(
        raised.value
    )


@requires_java
def test_java_hang_is_killed_with_partial_output(cache: BuildCache, tmp_path: Path) -> None:
    # No flush: System.out is an autoflush PrintStream, print(String) flushes at "\n".
    source = write_program(
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
    compiles = count_compiler_calls(monkeypatch, java_module, "javac")
    source = write_program(tmp_path, "Hello.java", JAVA_HELLO)
    first = get_runner("java", cache=cache).build(source)
    mtime = first.stat().st_mtime_ns
    second_runner = get_runner("java", cache=BuildCache(cache.root))
    second = second_runner.build(source)
    assert second == first and second.stat().st_mtime_ns == mtime
    assert len(compiles) == 1
    assert (second_runner.cache.hits, second_runner.cache.misses) == (1, 0)
    write_program(tmp_path, "Hello.java", JAVA_HELLO.replace("♠", "♥"))
    assert second_runner.build(source) != first
    assert len(compiles) == 2

"""The declared languages' runner (``portcheck.runners.declared``): real builds and runs of
tiny programs in each shipped language declared by its commands, the build cache, the
missing toolchain, and a build that hangs, floods or prints 10,000 errors contained as any
run is (one line, the compiler's first messages, nothing left running)."""

from __future__ import annotations

import dataclasses
import os
import textwrap
from pathlib import Path

import pytest

import portcheck.runners.declared as declared_module
from portcheck.processes import sandbox
from portcheck.runners import get_runner
from portcheck.runners.base import BuildError, ToolchainBroken, ToolchainMissing
from portcheck.runners.cache import MANIFEST, BuildCache
from portcheck.runners.declared import BUILD_LINES_SHOWN, COMPILER_CACHES, DeclaredRunner
from portcheck.suite.declarations import builtin_languages
from portcheck.suite.languages import Language
from tests.helpers.needs import need
from tests.helpers.processes import gone_soon, unboxed, wait_for_file
from tests.helpers.programs import SHORT_TIMEOUT, build_and_run, write_program

# Each reads a name, greets it in UTF-8 with its first command-line argument, says something
# on stderr and exits with 3.
HELLO = {
    "c": ("hello.c", """\
        #include <stdio.h>
        int main(int argc, char **argv) {
            char name[64];
            if (scanf("%63s", name) != 1) return 1;
            printf("Привет, %s %s ♠\\n", name, argv[1]);
            fprintf(stderr, "to stderr");
            return 3;
        }
        """),
    "cpp": ("hello.cpp", """\
        #include <iostream>
        #include <string>
        int main(int argc, char **argv) {
            std::string name;
            std::cin >> name;
            std::cout << "Привет, " << name << " " << argv[1] << " ♠\\n";
            std::cerr << "to stderr";
            return 3;
        }
        """),
    "csharp": ("Hello.cs", """\
        using System;
        static class Hello {
            static int Main(string[] args) {
                string name = Console.ReadLine();
                Console.Write("Привет, " + name + " " + args[0] + " ♠\\n");
                Console.Error.Write("to stderr");
                return 3;
            }
        }
        """),
    "go": ("hello.go", """\
        package main

        import (
            "bufio"
            "fmt"
            "os"
            "strings"
        )

        func main() {
            name, _ := bufio.NewReader(os.Stdin).ReadString('\\n')
            fmt.Printf("Привет, %s %s ♠\\n", strings.TrimSpace(name), os.Args[1])
            fmt.Fprint(os.Stderr, "to stderr")
            os.Exit(3)
        }
        """),
    "rust": ("hello.rs", """\
        use std::io::BufRead;
        fn main() {
            let mut name = String::new();
            std::io::stdin().lock().read_line(&mut name).unwrap();
            let word = std::env::args().nth(1).unwrap();
            println!("Привет, {} {} ♠", name.trim(), word);
            eprint!("to stderr");
            std::process::exit(3);
        }
        """),
    "javascript": ("hello.js", """\
        const name = require("fs").readFileSync(0, "utf8").trim();
        process.stdout.write(`Привет, ${name} ${process.argv[2]} ♠\\n`);
        process.stderr.write("to stderr");
        process.exitCode = 3;
        """),
    "lua": ("hello.lua", """\
        local name = io.read("l")
        io.write("Привет, ", name, " ", arg[1], " ♠\\n")
        io.stderr:write("to stderr")
        os.exit(3)
        """),
    "ruby": ("hello.rb", """\
        name = $stdin.gets.strip
        print "Привет, #{name} #{ARGV[0]} ♠\\n"
        $stderr.print "to stderr"
        exit 3
        """),
}
DECLARED = sorted(HELLO)
# A program that prints a line, then never ends: the line must reach the pipe.
HANGS = {
    "c": ("hang.c", '#include <stdio.h>\nint main(void) { printf("started\\n"); for (;;) {} }\n'),
    "lua": ("hang.lua", 'io.write("started\\n")\nwhile true do end\n'),
    "ruby": ("hang.rb", 'print "started\\n"\nloop {}\n'),
    "rust": ("hang.rs", 'fn main() { println!("started"); loop {} }\n'),
}


def runtime(language: str) -> pytest.MarkDecorator:
    return pytest.mark.requires_runtime(language)


@pytest.mark.parametrize("language", [pytest.param(n, marks=runtime(n)) for n in DECLARED])
def test_each_declared_language_builds_and_runs(language: str, cache: BuildCache,
                                                tmp_path: Path) -> None:
    runner = get_runner(language, cache=cache)
    assert isinstance(runner, DeclaredRunner) and runner.toolchain().ok
    name, text = HELLO[language]
    source = write_program(tmp_path, name, textwrap.dedent(text))
    result = build_and_run(runner, source, stdin="мир\n", args=["и все"])
    assert (result.stdout, result.stderr, result.returncode) == \
        ("Привет, мир и все ♠\n", "to stderr", 3)
    # nothing is written beside the program: the build folder is a cache entry of its own
    assert {p.name for p in tmp_path.iterdir()} == {"cache", name}


@pytest.mark.parametrize("language", [pytest.param(n, marks=runtime(n)) for n in sorted(HANGS)])
def test_a_program_stopped_at_its_time_limit_keeps_what_it_printed(
        language: str, cache: BuildCache, tmp_path: Path) -> None:
    """C's stdio (under stdbuf -oL), Lua's and Ruby's stdout are line-buffered by the
    declarations, so a program killed at its time limit has printed its lines."""
    name, text = HANGS[language]
    source = write_program(tmp_path, name, text)
    result = build_and_run(get_runner(language, cache=cache), source, timeout=SHORT_TIMEOUT)
    assert result.timed_out and result.stdout == "started\n"


@runtime("c")
def test_c_is_built_with_the_undefined_behaviour_sanitizer(cache: BuildCache,
                                                           tmp_path: Path) -> None:
    """A signed overflow stops a C program with a message instead of a silent wrap."""
    source = write_program(tmp_path, "overflow.c", textwrap.dedent("""\
        #include <stdio.h>
        #include <stdlib.h>
        int main(int argc, char **argv) {
            int x = atoi(argv[1]);
            printf("%d\\n", x * 214013);
            return 0;
        }
        """))
    runner = get_runner("c", cache=cache)
    assert build_and_run(runner, source, args=["10"]).stdout == "2140130\n"
    result = build_and_run(runner, source, args=["2147483647"])
    assert result.returncode != 0 and result.stdout == ""
    assert "runtime error: signed integer overflow" in result.stderr


@runtime("rust")
def test_rust_keeps_its_overflow_checks_in_an_optimised_build(cache: BuildCache,
                                                              tmp_path: Path) -> None:
    source = write_program(tmp_path, "overflow.rs", textwrap.dedent("""\
        fn main() {
            let x: i32 = std::env::args().nth(1).unwrap().parse().unwrap();
            println!("{}", x * 214013);
        }
        """))
    result = build_and_run(get_runner("rust", cache=cache), source, args=["2147483647"])
    assert result.returncode == 101 and "attempt to multiply with overflow" in result.stderr


@pytest.mark.parametrize(("language", "name", "text", "said"), [
    pytest.param("c", "bad.c", "int main(void) { return x; }\n",
                 "bad.c:1:25: error: ‘x’ undeclared", marks=runtime("c")),
    pytest.param("go", "bad.go", "package main\nfunc main() { x = 1 }\n",
                 "undefined: x", marks=runtime("go")),
    pytest.param("javascript", "bad.js", "let x = ;\n", "SyntaxError: Unexpected token ';'",
                 marks=runtime("javascript")),
    pytest.param("lua", "bad.lua", "x = = 1\n", "bad.lua:1: unexpected symbol near '='",
                 marks=runtime("lua")),
    pytest.param("ruby", "bad.rb", "def f(\n", "bad.rb:1: syntax error", marks=runtime("ruby")),
])
def test_a_compile_error_carries_the_compilers_message(
        language: str, name: str, text: str, said: str, cache: BuildCache,
        tmp_path: Path) -> None:
    source = write_program(tmp_path, name, text)
    with pytest.raises(BuildError) as raised:
        get_runner(language, cache=cache).build(source)
    message = str(raised.value)
    assert message.splitlines()[0].startswith(f"{source}: ")
    assert " failed (exit " in message.splitlines()[0]
    assert said in message


@runtime("c")
def test_an_unchanged_program_is_built_once(cache: BuildCache, tmp_path: Path,
                                            monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[list[str]] = []
    real = declared_module.run_command

    def counting(argv: list[str], **options: object) -> object:
        calls.append(list(argv))
        return real(argv, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(declared_module, "run_command", counting)
    source = write_program(tmp_path, "hello.c", textwrap.dedent(HELLO["c"][1]))
    first = get_runner("c", cache=cache).build(source)
    again = get_runner("c", cache=BuildCache(cache.root)).build(source)
    assert first == again and sum(1 for c in calls if c[0] == "gcc") == 1
    assert sorted(p.name for p in first.parent.iterdir()) == [MANIFEST, "hello", "hello.c"]
    source.write_text(source.read_text().replace("Привет", "Здравствуй"), encoding="utf-8")
    assert get_runner("c", cache=cache).build(source) != first
    assert sum(1 for c in calls if c[0] == "gcc") == 2


@pytest.mark.parametrize("language", ["c", "go", "rust", "lua"])
def test_the_same_code_in_two_folders_builds_the_same_bytes(language: str, cache: BuildCache,
                                                             tmp_path: Path) -> None:
    """What mutation testing's trivial compiler equivalence rests on: no folder name, time
    or build id in what the build makes."""
    runner = get_runner(language, cache=cache)
    need(runner.toolchain().ok, runner.toolchain().detail)
    name, text = HELLO[language]
    built = []
    for folder in ("one", "two"):
        (tmp_path / folder).mkdir()
        source = write_program(tmp_path / folder, name, textwrap.dedent(text) + "\n")
        if folder == "two":  # another key: a comment line more, the same code
            source.write_text(source.read_text() + {"lua": "-- x\n"}.get(language, "//x\n"))
        built.append(runner.build(source))
    made = [{p.name: p.read_bytes() for p in b.parent.iterdir()
             if p.name not in (MANIFEST, name)} for b in built]
    assert made[0] and made[0] == made[1]


@pytest.mark.parametrize("language", DECLARED)
def test_a_missing_toolchain_names_its_package(language: str, cache: BuildCache,
                                               tmp_path: Path,
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    empty = tmp_path / "empty-bin"
    empty.mkdir()
    monkeypatch.setenv("PATH", str(empty))
    declaration = builtin_languages().get(language)
    program = declaration.programs[0]
    expected = f"{program} not found: install package {declaration.package_of(program)}"
    runner = get_runner(language, cache=cache)
    assert (runner.toolchain().ok, runner.toolchain().detail) == (False, expected)
    with pytest.raises(ToolchainMissing) as raised:
        runner.build(write_program(tmp_path, HELLO[language][0], "anything"))
    assert str(raised.value) == expected


# -- a build that misbehaves: a "compiler" of sh, contained like any run ----------------------


def sh_language(script: str, build_timeout: float = 120.0) -> Language:
    return Language(name="shx", title="a shell-built language", suffixes=(".x",),
                    build=(("sh", "-c", script),), run=("cat", "{source}"), version=("sh", "-c",
                    "echo sh 1"), packages=(("", "dash"),), build_timeout=build_timeout)


@pytest.mark.usefixtures(unboxed.__name__)  # it follows the helper by its id
def test_a_build_that_hangs_is_stopped_with_everything_it_started(cache: BuildCache,
                                                                  tmp_path: Path) -> None:
    pid_file = tmp_path / "helper.pid"
    script = f"echo compiling; sleep 300 & echo $! > {pid_file}; sleep 300"
    runner = DeclaredRunner(sh_language(script, build_timeout=1.0), cache=cache)
    with pytest.raises(BuildError) as raised:
        runner.build(write_program(tmp_path, "prog.x", "text"))
    assert str(raised.value).splitlines() == [
        f"{tmp_path / 'prog.x'}: sh did not finish in 1 s (stopped)", "compiling"]
    assert gone_soon(int(wait_for_file(pid_file)))  # its helper in the background too
    assert not list((cache.root / "shx").glob("*/prog.x"))  # no entry half made


def test_a_build_that_floods_is_stopped_at_its_output_limit(cache: BuildCache,
                                                            tmp_path: Path) -> None:
    runner = DeclaredRunner(sh_language("yes 'prog.x:1: error: flood'"), cache=cache)
    with pytest.raises(BuildError) as raised:
        runner.build(write_program(tmp_path, "prog.x", "text"))
    lines = str(raised.value).splitlines()
    assert lines[0] == f"{tmp_path / 'prog.x'}: sh printed more than 1024 KiB on stdout " \
                       "(stopped)"
    assert lines[1:BUILD_LINES_SHOWN + 1] == ["prog.x:1: error: flood"] * BUILD_LINES_SHOWN
    assert lines[-1].startswith("… (") and lines[-1].endswith(" more lines)")
    assert len(lines) == BUILD_LINES_SHOWN + 2


def test_a_build_with_ten_thousand_errors_shows_the_first(cache: BuildCache,
                                                          tmp_path: Path) -> None:
    script = "i=1; while [ $i -le 10000 ]; do echo \"prog.x:$i: error: no\" >&2; " \
             "i=$((i + 1)); done; exit 1"
    runner = DeclaredRunner(sh_language(script), cache=cache)
    with pytest.raises(BuildError) as raised:
        runner.build(write_program(tmp_path, "prog.x", "text"))
    lines = str(raised.value).splitlines()
    assert lines == [f"{tmp_path / 'prog.x'}: sh failed (exit 1)",
                     *(f"prog.x:{n}: error: no" for n in range(1, BUILD_LINES_SHOWN + 1)),
                     f"… ({10000 - BUILD_LINES_SHOWN} more lines)"]


def test_a_build_that_makes_no_program_says_so(cache: BuildCache, tmp_path: Path) -> None:
    language = Language(name="nox", title="makes nothing", suffixes=(".x",),
                        build=(("true",),), run=("{executable}",), version=("true",),
                        packages=(("", "coreutils"),))
    with pytest.raises(BuildError) as raised:
        DeclaredRunner(language, cache=cache).build(write_program(tmp_path, "prog.x", "t"))
    assert str(raised.value) == f"{tmp_path / 'prog.x'}: true made no prog"


def test_the_declared_variables_reach_the_build_and_the_run(cache: BuildCache,
                                                            tmp_path: Path) -> None:
    language = Language(name="envx", title="env", suffixes=(".x",),
                        build=(("sh", "-c", 'echo "$GREETING" > made.txt'),),
                        run=("sh", "-c", 'cat "$0"; echo "$GREETING"', "{out}/made.txt"),
                        version=("sh", "-c", "echo 1"), packages=(("", "dash"),),
                        env=(("GREETING", "hello"),))
    result = build_and_run(DeclaredRunner(language, cache=cache),
                           write_program(tmp_path, "p.x", ""))
    assert result.stdout == "hello\nhello\n"
    assert os.environ.get("GREETING") is None


def cache_writer(own: Path) -> Language:
    """A "compiler" that adds a line to its own cache (``$XCACHE``, as Go's GOCACHE) at each
    build; its program tries to add one too, and says whether the variable reached it."""
    return Language(name="cachex", title="a compiler with a cache", suffixes=(".x",),
                    build=(("sh", "-c", 'echo "built {source}" >> "$XCACHE/entries"'),),
                    run=("sh", "-c", 'echo "${XCACHE-unset}"; echo poison >> "$0/entries" '
                         '2>/dev/null || echo "cannot write"', str(own)),
                    version=("sh", "-c", "echo 1"), packages=(("", "dash"),),
                    build_cache="XCACHE")


def test_a_compilers_own_cache_is_one_folder_every_build_shares(
        cache: BuildCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "root"))
    own = tmp_path / "root" / COMPILER_CACHES / "cachex"
    runner = DeclaredRunner(cache_writer(own), cache=cache)
    runner.build(write_program(tmp_path, "one.x", "1"))
    runner.build(write_program(tmp_path, "two.x", "2"))
    assert (own / "entries").read_text() == "built one.x\nbuilt two.x\n"


def test_a_compilers_own_cache_that_cannot_be_made_is_done_without(
        cache: BuildCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A cache root where no folder can be made (a file there): the build goes on, the
    variable unset, as a compiler without portcheck's folder would run."""
    (tmp_path / "root").write_text("a file, not a folder")
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "root"))
    language = dataclasses.replace(
        cache_writer(tmp_path / "root" / COMPILER_CACHES / "cachex"),
        build=(("sh", "-c", 'echo "${XCACHE-unset}" > said.txt'),),
        run=("cat", "{out}/said.txt"))
    result = build_and_run(DeclaredRunner(language, cache=cache),
                           write_program(tmp_path, "one.x", "1"))
    assert result.stdout == "unset\n"


def test_a_run_can_neither_see_nor_write_the_compilers_own_cache(
        cache: BuildCache, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Only builds write it (Go's compiler, which runs nothing of the program): a program
    that could would leave what another port's build then reads."""
    need(sandbox.boxing(), f"runs are not boxed here: {sandbox.why_not_boxed()}")
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "root"))
    own = tmp_path / "root" / COMPILER_CACHES / "cachex"
    result = build_and_run(DeclaredRunner(cache_writer(own), cache=cache),
                           write_program(tmp_path, "one.x", "1"))
    assert result.stdout == "unset\ncannot write\n"
    assert (own / "entries").read_text() == "built one.x\n"


@pytest.mark.parametrize("version, said", [
    (("sh", "-c", "sleep 300"), "sh -c sleep 300 did not answer within 1 s"),
    (("sh", "-c", "echo no licence; exit 4"), "sh -c echo no licence; exit 4 failed (exit 4): "
                                              "no licence"),
], ids=["hangs", "fails"])
def test_a_declared_toolchain_that_does_not_work_is_broken_not_missing(
        version: tuple[str, ...], said: str, cache: BuildCache, tmp_path: Path) -> None:
    language = Language(name="brk", title="a broken compiler", suffixes=(".x",),
                        build=(("true",),), run=("cat", "{source}"), version=version,
                        packages=(("", "dash"),))
    runner = DeclaredRunner(language, cache=cache)
    toolchain = runner.toolchain(timeout=1.0)
    assert (toolchain.ok, toolchain.broken, toolchain.detail) == (False, True, said)
    with pytest.raises(ToolchainBroken) as raised:
        runner.build(write_program(tmp_path, "prog.x", "text"))
    assert str(raised.value) == said

"""The subcommands' table (``portcheck.cli.commands``) and the lazy parser made from it: the
table says what each module says (name, the line of help), the parser with only the asked
subcommand's module loaded prints and refuses exactly what the parser of every module does,
and ``portcheck --help`` imports none of the heavy parts (a count of modules, not a time)."""

from __future__ import annotations

import argparse
import json
import os
import pkgutil
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

import portcheck.cli
from portcheck.cli import main
from portcheck.cli.commands import COMMANDS, Parser, chosen, load

# the modules of portcheck.cli that are no subcommand
NOT_COMMANDS = {"commands", "main", "options", "inputs_help"}


def full_parser() -> argparse.ArgumentParser:
    """The parser as portcheck made it before the table: every subcommand's module loaded and
    its own ``add_parser`` called, in the table's order."""
    parser = Parser(prog="portcheck", description=main.DESCRIPTION)
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")
    for name in COMMANDS:
        load(name).add_parser(sub)
    return parser


def subparsers(parser: argparse.ArgumentParser) -> argparse._SubParsersAction:
    [action] = [a for a in parser._actions if isinstance(a, argparse._SubParsersAction)]
    return action


def test_every_module_of_a_subcommand_is_in_the_table() -> None:
    modules = {m.name for m in pkgutil.iter_modules(portcheck.cli.__path__)}
    assert modules - NOT_COMMANDS == set(COMMANDS)


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_table_says_what_the_module_says(name: str) -> None:
    module = load(name)
    assert module.NAME == name
    own = argparse.ArgumentParser(prog="portcheck").add_subparsers()
    module.add_parser(own)
    [choice] = own._choices_actions
    assert (choice.dest, choice.help) == (name, COMMANDS[name])


@pytest.fixture
def columns(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")  # the help's line width, the same for both parsers


@pytest.mark.parametrize("name", [None, *COMMANDS])
def test_help_is_what_the_full_parser_prints(name: str | None, columns: None) -> None:
    full, lazy = full_parser(), main.build_parser(name)
    assert lazy.format_help() == full.format_help()
    assert lazy.format_usage() == full.format_usage()
    if name is not None:
        assert subparsers(lazy).choices[name].format_help() == \
            subparsers(full).choices[name].format_help()


WORDS = [
    [], ["--help"], ["-h"], ["bogus"], ["--bogus"], ["-x", "verify"], ["ver"], ["-1", "list"],
    ["--", "list", "x"], ["verify", "--bogus"], ["verify", "--jobs", "0"], ["golden"],
    ["golden", "nope"], ["exec"], ["exec", "--engine", "nope", "x.kum"], ["check"],
    ["run", "--timeout", "inf", "x"], ["mutate", "x", "--jobs", "0"],
    ["listing", "x", "--format", "nope"], ["--help", "verify"], ["list", "--help"],
    ["reference", "freecell", "game=1", "--bogus"], ["fuzz", "x", "--count", "0"],
    ["run", "x", "--lang", "java", "--lang", "python"],
    ["new", "x", "--title", "a", "--title", "b"],
    ["update", "--accept", "x", "--lang", "java"], ["style", "--help"],
    *([name, "--help"] for name in COMMANDS),
]


def parsed(capsys: pytest.CaptureFixture[str], words: list[str]) -> tuple[object, str, str]:
    try:
        result: object = vars(main.parse(words))
    except SystemExit as stop:
        result = ("exit", stop.code)
    captured = capsys.readouterr()
    return result, captured.out, captured.err


@pytest.mark.parametrize("words", WORDS, ids=" ".join)
def test_the_words_are_parsed_and_refused_as_by_the_full_parser(
        words: list[str], capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        columns: None) -> None:
    lazy = parsed(capsys, words)
    monkeypatch.setattr(main, "build_parser", lambda command=None: full_parser())
    assert lazy == parsed(capsys, words)


@pytest.mark.parametrize(("words", "name"), [
    ([], None), (["--help"], None), (["verify"], "verify"), (["-v", "list", "exec"], "list"),
    (["--", "exec", "x"], "exec"), (["nope", "verify"], None)])
def test_chosen(words: list[str], name: str | None) -> None:
    assert chosen(words) == name


# Imported by `portcheck --help` as it is now (8 modules of portcheck); a few more are room
# for an error or terminal helper, not for a subcommand's module or what it brings.
MAX_PORTCHECK_MODULES = 12
HEAVY = ("jinja2", "yaml", "pygments", "lark", "markdown_it", "portinterp", "portcheck.verify",
         "portcheck.runners", "portcheck.suite", "portcheck.golden", "portcheck.publish",
         "portcheck.mutate", "portcheck.explore", "portcheck.files")


def imported_by(words: list[str], **env: str) -> list[str]:
    """The modules ``portcheck WORDS`` has imported when it ends, run in a fresh process
    (its environment: ours, plus ``env``)."""
    code = textwrap.dedent(f"""
        import json, sys
        from portcheck.cli.main import main
        try:
            main({words!r})
        except SystemExit:
            pass
        print(json.dumps(sorted(sys.modules)))
    """)
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=120, env={**os.environ, **env})
    return json.loads(run.stdout.splitlines()[-1])


def heavy(modules: list[str], names: tuple[str, ...] = HEAVY) -> list[str]:
    return [m for m in modules if any(m == h or m.startswith(h + ".") for h in names)]


@pytest.mark.parametrize("words", [["--help"], [], ["bogus"]], ids=repr)
def test_the_top_level_help_imports_nothing_heavy(words: list[str]) -> None:
    modules = imported_by(words)
    assert heavy(modules) == []
    ours = [m for m in modules if m == "portcheck" or m.startswith("portcheck.")]
    assert len(ours) <= MAX_PORTCHECK_MODULES, ours
    assert not [m for m in ours if m.startswith("portcheck.cli.")
                and m not in ("portcheck.cli.main", "portcheck.cli.commands")]


# What no subcommand's parser needs: templates, highlighting, parsing, the cluster, the
# checks and how they run a program, and the interpreters' front-ends.
HEAVY_FOR_A_PARSER = ("jinja2", "pygments", "lark", "markdown_it", "dask", "weasyprint",
                      "portcheck.verify.execution", "portcheck.verify.checks",
                      "portcheck.verify.parallel", "portcheck.mutate", "portcheck.explore.fuzz",
                      "portcheck.explore.exhaustive.run", "portcheck.publish.listing",
                      "portcheck.publish.site", "portcheck.suite.render", "portinterp.bsl",
                      "portinterp.kumir", "portinterp.arsac")


SHARES = {"verify": ("golden",)}  # verify prints the goldens' report as `golden check` does


@pytest.mark.parametrize("name", list(COMMANDS))
def test_a_subcommands_help_imports_only_what_its_parser_needs(name: str) -> None:
    modules = imported_by([name, "--help"])
    # `exec` lists the interpreters' run options: portinterp's table, not its front-ends
    assert heavy(modules, HEAVY_FOR_A_PARSER + (() if name == "exec" else ("portinterp",))) \
        == []
    others = {f"portcheck.cli.{other}" for other in COMMANDS
              if other != name and other not in SHARES.get(name, ())}
    assert others.isdisjoint(modules)


def test_exec_imports_only_the_interpreter_it_runs(tmp_path: Path) -> None:
    program = tmp_path / "hello.kum"
    program.write_text('алг\nнач\n  вывод "Привет", нс\nкон\n', encoding="utf-8")
    cache = {"PORTCHECK_CACHE": str(tmp_path / "cache")}
    # unboxed, the program runs in portcheck's own process (boxed, in python -m portinterp.kumir)
    words = ["exec", "--engine", "embedded", "--sandbox", "off", str(program)]
    first = imported_by(words, **cache)
    again = imported_by(words, **cache)
    assert "portinterp.kumir" in first and "portinterp.kumir" in again
    others = ("portinterp.bsl", "portinterp.arsac", "jinja2", "pygments", "portcheck.verify")
    assert heavy(first, others) == [] and heavy(again, others) == []
    assert "lark" in first and "lark" not in again  # compiled once, then from the cache
    # the built-in languages from the sealed cache of their parse, the reference untouched
    assert heavy(again, ("yaml", "portcheck.suite.reference_host", "portcheck.golden")) == []


def test_the_parsers_defaults_are_the_runners_and_the_boxs() -> None:
    """``cli.options`` names the defaults its help shows without importing the runners or
    the box (``exec``'s start-up): they are theirs."""
    from portcheck.cli import options
    from portcheck.processes import limits, sandbox
    from portcheck.runners import base

    assert (options.DEFAULT_TIMEOUT, options.DEFAULT_MAX_OUTPUT) == \
        (base.DEFAULT_TIMEOUT, base.DEFAULT_MAX_OUTPUT)
    assert (options.SANDBOX_MODES, options.SANDBOX_ENV) == (sandbox.MODES, sandbox.ENV)
    assert (options.DEFAULT_MEMORY, options.MIN_MEMORY) == \
        (limits.DEFAULT_MEMORY, limits.MIN_MEMORY)
    assert (options.DEFAULT_PROCESSES, options.MIN_PROCESSES, options.DEFAULT_DISK,
            options.MIN_DISK, options.MIN_CPU) == \
        (limits.DEFAULT_PROCESSES, limits.MIN_PROCESSES, limits.DEFAULT_DISK,
         limits.MIN_DISK, limits.MIN_CPU)


def test_the_interpreters_cache_variables_are_portinterps() -> None:
    from portcheck.runners import embedded
    from portinterp import program_cache

    assert (embedded.CACHE_ENV, embedded.KEY_ENV) == \
        (program_cache.CACHE_ENV, program_cache.KEY_ENV)

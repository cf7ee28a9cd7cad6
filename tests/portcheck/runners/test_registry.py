"""The runners' registry (``portcheck.runners``): a runner for every language, found by its
name, taking the options its language declares, none imported before it is asked for; and
a missing toolchain named with its package."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest

import portcheck.runners.java as java_module
from portcheck.errors import UsageError
from portcheck.runners import get_runner, runner_class
from portcheck.runners.base import (
    ToolchainMissing,
)
from portcheck.runners.cache import BuildCache
from portcheck.runners.declared import DeclaredRunner
from portcheck.suite.declarations import builtin_languages
from tests.helpers.programs import write_program
from tests.helpers.reference import REPO

BUILT_IN = ("arsac", "bsl", "c", "cpp", "csharp", "go", "java", "javascript", "kumir", "lua",
            "pascal", "python", "ruby", "rust")


def test_registry_names_every_language_and_a_runner_for_each() -> None:
    languages = builtin_languages()
    assert tuple(languages) == BUILT_IN
    for language in languages.values():
        if language.declared:  # by its commands
            assert runner_class(language) is DeclaredRunner
            assert get_runner(language).language == language.name
        else:
            assert runner_class(language.name).language == language.name


def test_every_runner_takes_the_options_its_language_declares() -> None:
    """port.yaml's ``options:`` are checked against the registry: the runners must agree."""
    for language in builtin_languages().values():
        if language.declared:
            assert language.options == ()
            continue
        name = language.name
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
    assert message == f"unknown language 'cobol' (known: {', '.join(BUILT_IN)})"


def test_get_runner_passes_options(cache: BuildCache) -> None:
    runner = get_runner("java", cache=cache)
    assert isinstance(runner, java_module.JavaRunner)
    assert runner.cache is cache


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
    source = write_program(tmp_path, f"Hello{runner.suffix}", "anything")
    with pytest.raises(ToolchainMissing) as raised:
        runner.build(source)
    assert str(raised.value) == expected

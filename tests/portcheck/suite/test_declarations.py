"""A suite's ``languages.yaml`` read as a hostile user writes it: every mistake is one usage
error naming the file and the line, found when the file is read — not an internal error
when a port of the language is first run (``portcheck.suite.declarations``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from portcheck.errors import UsageError
from portcheck.suite.declarations import registry_for

GOOD = {"title": "AWK", "suffixes": "[.awk]", "run": '[awk, -f, "{source}", "{args}"]',
        "version": "[awk, -W, version]", "package": "mawk"}


def declare(root: Path, name: str = "awk", **changed: str) -> Path:
    """``languages.yaml`` at ``root`` declaring ``name``, AWK's keys with ``changed`` ones."""
    keys = {**GOOD, **changed}
    text = f"{name}:\n" + "".join(f"  {key}: {value}\n" for key, value in keys.items())
    (root / "languages.yaml").write_text(text, encoding="utf-8")
    return root / "languages.yaml"


def test_a_good_declaration_is_read(tmp_path: Path) -> None:
    declare(tmp_path)
    language = registry_for(tmp_path).get("awk")
    assert language.run == ("awk", "-f", "{source}", "{args}")
    assert language.version == ("awk", "-W", "version")


@pytest.mark.parametrize(("changed", "message"), [
    # run: [] read as "no command": the first run of a port was an IndexError
    ({"run": "[]"}, "languages.yaml:4: awk: run: must be a command"),
    ({"version": "[]"}, "languages.yaml:5: awk: version: must be a command"),
    # the version probe looked its program up on PATH: "{executable}" is never there
    ({"version": '["{executable}", --version]', "build": '[[cc, -o, "{executable}", '
      '"{source}"]]'}, "languages.yaml:5: awk: version: must be a command"),
    ({"run": '["{args}", awk]'}, "languages.yaml:4: awk: run: the first word is the "
                                 "program to start, not {args}"),
    # a placeholder's brace forgotten: the word was passed on as it is ("{source")
    ({"run": '[awk, -f, "{source"]'}, "languages.yaml:4: awk: run: a brace without its "
                                      "pair in '{source'"),
    ({"run": '[awk, -f, "source}"]'}, "languages.yaml:4: awk: run: a brace without its "
                                      "pair in 'source}'"),
    ({"build": '[[awk, -f, "{source}}"]]'}, "awk: build: a brace without its pair"),
])
def test_a_command_that_cannot_run_is_a_mistake_naming_its_line(
        tmp_path: Path, changed: dict[str, str], message: str) -> None:
    path = declare(tmp_path, **changed)
    with pytest.raises(UsageError) as raised:
        registry_for(tmp_path)
    assert str(raised.value).startswith(f"{path.resolve()}:")
    assert message in str(raised.value)
    assert "\n" not in str(raised.value)


@pytest.mark.parametrize(("name", "message"), [
    ("python", "languages.yaml:1: 'python' is a built-in language; declare yours"),
    # --lang Python and --lang python would be two languages told apart by case alone
    ("Python", "languages.yaml:1: 'Python' is a built-in language ('python'); declare yours"),
    ("CPP", "languages.yaml:1: 'CPP' is a built-in language ('cpp')"),
])
def test_a_name_that_clashes_with_a_built_in_one_is_refused(
        tmp_path: Path, name: str, message: str) -> None:
    declare(tmp_path, name)
    with pytest.raises(UsageError, match="declare yours under another name") as raised:
        registry_for(tmp_path)
    assert message in str(raised.value)


def test_two_declared_names_that_differ_only_in_case_are_refused(tmp_path: Path) -> None:
    declare(tmp_path)
    text = (tmp_path / "languages.yaml").read_text(encoding="utf-8")
    (tmp_path / "languages.yaml").write_text(text + text.replace("awk:", "AWK:", 1)
                                             .replace("[.awk]", "[.awk2]"), encoding="utf-8")
    with pytest.raises(UsageError, match=r"languages.yaml:7: 'AWK' and 'awk' differ only "
                                         "in case"):
        registry_for(tmp_path)


@pytest.mark.parametrize(("key", "shown"), [("~", "None"), ("1", "1"), ("yes", "True")])
def test_a_name_yaml_reads_as_no_text_is_refused(tmp_path: Path, key: str, shown: str) -> None:
    """``~:`` was read as the language "None", with no line in the message."""
    path = declare(tmp_path, "awk")
    path.write_text(path.read_text(encoding="utf-8") + path.read_text(encoding="utf-8")
                    .replace("awk:", f"{key}:", 1), encoding="utf-8")
    with pytest.raises(UsageError) as raised:
        registry_for(tmp_path)
    assert str(raised.value) == f"{path.resolve()}:7: a language name is letters, digits, " \
                                f"- _ and +, written as text: {shown}"

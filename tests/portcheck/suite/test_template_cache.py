"""Jinja's compiled templates in portcheck's cache (``portcheck/template_cache.py``): the
cache may only save compiling, never change what a template renders."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from jinja2.bccache import bc_magic

from portcheck.suite import render
from portcheck.suite.project import Project
from portcheck.suite.render import render_template
from tests.helpers.reference import REPO

ALGORITHM = Project(REPO).algorithm("fisher-yates")
CASES = list(ALGORITHM.cases.values())[:2]


@pytest.fixture
def templates(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("PORTCHECK_CACHE", str(tmp_path / "cache"))
    folder = tmp_path / "templates"
    (folder / "python").mkdir(parents=True)
    write(folder, "{% for case in cases %}print({{ case.params | tojson }})\n{% endfor %}")
    return folder


def write(folder: Path, text: str) -> Path:
    template = folder / "python" / "fisher-yates.py.j2"
    template.write_text(text, encoding="utf-8")
    return template


def rendered(folder: Path) -> str:
    return render_template(folder / "python" / "fisher-yates.py.j2", folder, ALGORITHM, CASES)


def entries(folder: Path) -> list[Path]:
    return sorted((folder.parent / "cache" / "jinja").glob("*/*.cache"))


def test_a_compiled_template_is_kept_and_renders_the_same(templates: Path) -> None:
    first = rendered(templates)
    assert len(entries(templates)) == 1
    assert first == rendered(templates) == "".join(
        f"print({json.dumps(case.params, sort_keys=True)})\n" for case in CASES)


def test_an_edited_template_is_compiled_again(templates: Path) -> None:
    rendered(templates)
    write(templates, "{{ cases | length }} cases\n")
    assert rendered(templates) == "2 cases\n"


@pytest.mark.parametrize("garbage", [b"", b"j2 not a pickle", bc_magic + b"\x80\x04garbage",
                                     bc_magic + b"\x80\x02X\x03\x00\x00\x00abc."])
def test_a_broken_entry_is_compiled_again(templates: Path, garbage: bytes) -> None:
    expected = rendered(templates)
    for entry in entries(templates):
        entry.write_bytes(garbage)
    render.environment.cache_clear()  # a new process: nothing compiled in memory
    assert rendered(templates) == expected


def test_no_cache_folder_means_no_cache_not_an_error(templates: Path, tmp_path: Path,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    blocker = tmp_path / "a-file"
    blocker.write_text("", encoding="utf-8")
    monkeypatch.setenv("PORTCHECK_CACHE", str(blocker))
    assert rendered(templates).startswith("print(")


class Planted:
    """A pickle that writes a file when loaded: what Jinja's own format would have run."""

    def __init__(self, marker: Path) -> None:
        self.marker = marker

    def __reduce__(self) -> tuple[object, ...]:
        return (Path.write_text, (self.marker, "pwned"))


def test_a_planted_entry_runs_no_code(templates: Path, tmp_path: Path) -> None:
    """Jinja's format starts with a pickle: a planted entry ran code in portcheck (issue
    29).  Entries are sealed JSON now: a foreign one is compiled again, nothing run."""
    import pickle

    expected = rendered(templates)
    marker = tmp_path / "pwned"
    for entry in entries(templates):
        entry.write_bytes(bc_magic + pickle.dumps(Planted(marker), 2))
    render.environment.cache_clear()
    assert rendered(templates) == expected
    assert not marker.exists()

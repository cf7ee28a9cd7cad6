"""The golden file (``portcheck.golden.store``): written atomically (a failed write keeps
the old file, leaves no temporary one), and any output reads back exactly or is refused,
never silently changed."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from portcheck.errors import UsageError
from portcheck.files import yamlio
from portcheck.golden.store import GoldenCase, read_golden, write_golden


def test_failed_write_keeps_the_old_file(project_copy: Path,
                                         monkeypatch: pytest.MonkeyPatch) -> None:
    path = project_copy / "golden" / "freecell.yaml"
    before = path.read_bytes()

    def broken_replace(source: str, target: object) -> None:
        raise OSError("disk full")

    monkeypatch.setattr(yamlio.os, "replace", broken_replace)
    with pytest.raises(UsageError, match="cannot write: disk full"):
        write_golden(path, "freecell", {"game-1": GoldenCase({"game": 1}, "x\n")})
    assert path.read_bytes() == before
    assert sorted(os.listdir(path.parent)) == ["freecell.yaml"]


TRICKY_TEXT = st.text(st.characters(codec="utf-8", exclude_categories=("Cs",)), max_size=40)


@settings(max_examples=200, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(outputs=st.lists(TRICKY_TEXT, min_size=1, max_size=3))
def test_any_output_reads_back_exactly_or_is_refused(tmp_path: Path,
                                                     outputs: list[str]) -> None:
    """Leading and trailing spaces, missing final newline, '#', ': ', control characters:
    the file keeps the text exactly, or the writer refuses (never a silent change)."""
    path = tmp_path / "fuzz.yaml"
    cases = {f"case-{n}": GoldenCase({"n": n}, text) for n, text in enumerate(outputs)}
    try:
        write_golden(path, "fuzz", cases)
    except RuntimeError:
        return
    assert read_golden(path, "fuzz") == cases


@pytest.mark.parametrize("text", ["  leading\n", "trailing  \n", "no newline", "a\n\n\n",
                                  "", "# not a comment\n", "key: value\n", "- item\n",
                                  "\ttab\n", "| bar\n"])
def test_awkward_outputs_read_back_exactly(tmp_path: Path, text: str) -> None:
    path = tmp_path / "awkward.yaml"
    cases = {"case": GoldenCase({"n": 1}, text)}
    write_golden(path, "awkward", cases)
    assert read_golden(path, "awkward") == cases

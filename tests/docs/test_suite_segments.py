"""The record of a whole-suite mutation measurement made in segments
(``benchmarks/_suite_segments.py``): one commit per measurement, segments kept whole."""

from __future__ import annotations

import importlib
import json
import subprocess
from pathlib import Path
from types import ModuleType

import pytest

from tests.docs.test_docs_site import REPO


@pytest.fixture
def segments(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    monkeypatch.syspath_prepend(str(REPO / "benchmarks"))
    return importlib.import_module("_suite_segments")


@pytest.fixture
def tree(tmp_path: Path) -> Path:
    root = tmp_path / "suite"
    root.mkdir()
    (root / "a.txt").write_text("a\n", encoding="utf-8")
    _git(root, "init", "-q")
    _git(root, "add", "a.txt")
    _git(root, "commit", "-q", "-m", "a")
    return root


def _git(root: Path, *args: str) -> str:
    return subprocess.run(["git", "-C", str(root), "-c", "user.name=t", "-c",
                           "user.email=t@t", *args], check=True, capture_output=True,
                          text=True).stdout.strip()


def _segment(wall: float, cpu: float, loads: list[float], ended: str) -> dict:
    return {"start": "2026-11-28T05:00:00", "end": "2026-11-28T06:00:00", "wall_s": wall,
            "cpu_s": cpu, "load_samples": loads, "ended": ended}


def test_segments_add_up_across_runs(segments: ModuleType, tree: Path,
                                     tmp_path: Path) -> None:
    journal = tmp_path / "journal"
    run = segments.SegmentedRun.open(journal, tree)
    run.add(_segment(100.0, 150.0, [2.0, 4.0], "stopped"))
    again = segments.SegmentedRun.open(journal, tree)  # the next sitting resumes it
    again.add(_segment(50.5, 70.0, [3.0], "finished"))
    totals = again.totals()
    assert totals["segments"] == 2 and totals["wall_s"] == 150.5 and totals["cpu_s"] == 220.0
    assert totals["load_mean"] == 3.0 and totals["load_max"] == 4.0
    assert totals["tree"] == _git(tree, "rev-parse", "HEAD")
    assert sorted(p.name for p in journal.iterdir()) == ["segments.json"]  # no .part left


def test_another_commit_or_uncommitted_changes_are_refused(segments: ModuleType, tree: Path,
                                                         tmp_path: Path) -> None:
    journal = tmp_path / "journal"
    segments.SegmentedRun.open(journal, tree).add(_segment(1.0, 1.0, [], "stopped"))
    (tree / "a.txt").write_text("b\n", encoding="utf-8")
    with pytest.raises(segments.SegmentError, match="changes not committed"):
        segments.SegmentedRun.open(journal, tree)
    _git(tree, "commit", "-q", "-am", "b")
    with pytest.raises(segments.SegmentError, match="measured the tree"):
        segments.SegmentedRun.open(journal, tree)


def test_a_folder_that_is_not_a_record_is_refused(segments: ModuleType, tree: Path,
                                                  tmp_path: Path) -> None:
    used = tmp_path / "used"
    used.mkdir()
    (used / "other").write_text("x", encoding="utf-8")
    with pytest.raises(segments.SegmentError, match=r"not empty and has no segments\.json"):
        segments.SegmentedRun.open(used, tree)
    (used / "segments.json").write_text(json.dumps({"segments": []}), encoding="utf-8")
    with pytest.raises(segments.SegmentError, match="not a record of segments"):
        segments.SegmentedRun.open(used, tree)
    with pytest.raises(segments.SegmentError, match="cannot keep a journal there"):
        segments.SegmentedRun.open(used / "other", tree)  # a file, not a folder
    with pytest.raises(segments.SegmentError, match="cannot keep a journal there"):
        segments.SegmentedRun.open(used / "other" / "below", tree)
    with pytest.raises(segments.SegmentError, match="not a git checkout"):
        segments.SegmentedRun.open(tmp_path / "new", tmp_path)

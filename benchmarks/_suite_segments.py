"""A measurement of the whole suite's ``mutate --all`` made in segments: the journal kept in
a folder of its own (``PORTCHECK_CACHE``), each run of ``bench_mutate_dask.py --suite
--journal DIR`` one segment that resumes where the last one stopped, and
``DIR/segments.json`` the record of every segment (its start and end, wall time, CPU time,
load samples, and whether it was stopped or finished).

One measurement is of one tree: the record names the commit it began on, and a segment on
another commit, or on a tree with changes not committed, is refused (its journal would mix
two programs' fates and times).  The suite's wall time is the sum of the segments' wall
times; a stopped segment loses only the batches in flight (their mutants are run again by
the next one), which that sum counts, as a user who stops and resumes would feel it.
"""

from __future__ import annotations

import datetime
import json
import os
import subprocess
from dataclasses import dataclass
from pathlib import Path

RECORD = "segments.json"


class SegmentError(Exception):
    """The journal folder cannot take this segment (one line for the user)."""


@dataclass
class SegmentedRun:
    """The record of one segmented measurement, in ``folder / RECORD``."""

    folder: Path
    tree: str
    segments: list[dict]

    @classmethod
    def open(cls, folder: Path, project_root: Path) -> SegmentedRun:
        tree = tree_of(project_root)
        path = folder / RECORD
        if not path.exists():
            try:
                if folder.exists() and any(folder.iterdir()):
                    raise SegmentError(f"{folder}: not empty and has no {RECORD}: start a "
                                       "segmented measurement in a new folder")
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise SegmentError(f"{folder}: cannot keep a journal there "
                                   f"({error.strerror})") from None
            return cls(folder, tree, [])
        try:
            kept = json.loads(path.read_text(encoding="utf-8"))
            run = cls(folder, kept["tree"], list(kept["segments"]))
        except (OSError, ValueError, KeyError, TypeError) as error:
            raise SegmentError(f"{path}: not a record of segments ({error})") from None
        if run.tree != tree:
            raise SegmentError(f"{path}: its segments measured the tree {run.tree}, this "
                               f"is {tree}: a measurement is of one tree (a new folder "
                               "starts another)")
        return run

    def add(self, segment: dict) -> None:
        """Keep ``segment`` (written whole or not at all: a temporary file renamed)."""
        self.segments.append(segment)
        path = self.folder / RECORD
        part = path.with_suffix(".part")
        part.write_text(json.dumps({"tree": self.tree, "segments": self.segments},
                                   indent=1) + "\n", encoding="utf-8")
        os.replace(part, path)

    def totals(self) -> dict:
        """The segments together: wall and CPU time summed, the load samples pooled."""
        samples = [s for seg in self.segments for s in seg["load_samples"]]
        return {"segments": len(self.segments), "tree": self.tree,
                "wall_s": round(sum(s["wall_s"] for s in self.segments), 1),
                "cpu_s": round(sum(s["cpu_s"] for s in self.segments), 1),
                "first": self.segments[0]["start"], "last": self.segments[-1]["end"],
                "load_mean": round(sum(samples) / len(samples), 1) if samples else 0.0,
                "load_max": round(max(samples), 1) if samples else 0.0}


def tree_of(root: Path) -> str:
    """The commit checked out at ``root``; a tree with changes not committed has none."""
    def git(*args: str) -> str:
        done = subprocess.run(["git", "-C", str(root), *args], capture_output=True,
                              text=True, check=False)
        if done.returncode:
            raise SegmentError(f"{root}: not a git checkout ({done.stderr.strip()}): a "
                               "segmented measurement names the commit it measured")
        return done.stdout.strip()
    commit = git("rev-parse", "HEAD")
    if git("status", "--porcelain", "--untracked-files=no"):
        raise SegmentError(f"{root}: changes not committed: a segmented measurement is of "
                           "one commit")
    return commit


def now() -> str:
    return datetime.datetime.now().isoformat(timespec="seconds")

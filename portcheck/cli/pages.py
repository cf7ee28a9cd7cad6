"""``portcheck pages check|write``: the algorithms' reference pages (``docs/algorithms/``),
generated from ``reference/`` and ``ports/`` (``publish.algorithm_pages``), are what the suite
says now; ``write`` rewrites those that are not."""

from __future__ import annotations

import argparse
from pathlib import Path

from portcheck.cli.options import command
from portcheck.errors import CheckFailed, UsageError
from portcheck.files.yamlio import read_text, write_atomic
from portcheck.suite.project import find_project

NAME = "pages"
TRAILING = None


def add_parser(sub: argparse._SubParsersAction) -> None:
    p = command(sub, NAME, "check or write the algorithms' reference pages "
                           "(docs/algorithms/), generated from reference/",
                "Each algorithm's page (its description, inputs, cases and ports), generated "
                "from reference/ and ports/: check fails when a page is not what the suite "
                "says now, write writes them.",
                [("portcheck pages check", ""), ("portcheck pages write", "")],
                "DIR: where the pages go (default docs/algorithms).")
    p.add_argument("action", choices=("check", "write"))
    p.add_argument("--dir", metavar="DIR", help="default: docs/algorithms of the project")


def handle(args: argparse.Namespace) -> int:
    from portcheck.publish.algorithm_pages import FOLDER, pages  # markdown-it: only here

    project = find_project()
    folder = project.root / FOLDER if args.dir is None else Path(args.dir)
    wanted = pages(project)
    present = {p.name for p in folder.glob("*.md")} if folder.is_dir() else set()
    stale = sorted(name for name, text in wanted.items()
                   if name not in present or read_text(folder / name) != text)
    extra = sorted(present - set(wanted))
    if args.action == "write":
        for name in stale:
            _write(folder / name, wanted[name])
            print(f"wrote {project.relative(folder / name)}")
        for name in extra:
            (folder / name).unlink()
            print(f"removed {project.relative(folder / name)}")
        if not stale and not extra:
            print(f"{project.relative(folder)}: up to date")
        return 0
    for name in stale:
        why = "out of date" if name in present else "missing"
        print(f"FAIL {project.relative(folder / name)}: {why} (the suite says otherwise now)")
    for name in extra:
        print(f"FAIL {project.relative(folder / name)}: no such algorithm")
    if stale or extra:
        print("fix with: portcheck pages write")
        raise CheckFailed()
    print(f"{project.relative(folder)}: {len(wanted)} pages up to date")
    return 0


def _write(path: Path, text: str) -> None:
    try:
        write_atomic(path, text)
    except OSError as error:
        raise UsageError(f"{path}: cannot write: {error.strerror}") from None

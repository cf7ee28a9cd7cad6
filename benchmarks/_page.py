"""The benchmarks page, ``docs/benchmarks.md``: each benchmark script's last table.

A script prints its table (Markdown) and, run with ``--write``, also puts it on the page
between its markers, replacing what the last ``--write`` put there::

    <!-- bench:NAME -->
    *Measured 2026-11-27 10:12 with `python benchmarks/bench_x.py --repeat 3`: 2 cores
    (AMD EPYC …), load average 0.4 before, 1.2 after.*

    | what | seconds |
    |---|---|
    <!-- /bench:NAME -->

``--write`` is asked for, never the default: a run on a laptop, or under load, is for
looking at until someone decides it is the figure to publish (as ``portcheck golden
update`` writes goldens only when asked).  The page is replaced atomically (a temporary
file renamed over it).  Only the block is the script's: the prose around it — what the
figures mean, targets, earlier measurements — is written by hand.
"""

from __future__ import annotations

import argparse
import datetime
import os
import shlex
import sys
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path

PAGE = Path(__file__).resolve().parents[1] / "docs" / "benchmarks.md"


def add_write_option(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--write", action="store_true",
                        help="also put the table on docs/benchmarks.md, in its block")


def table(head: Sequence[str], rows: Iterable[Sequence[object]]) -> str:
    """A Markdown table; a cell is its ``str`` with ``|`` escaped."""
    def line(cells: Sequence[object]) -> str:
        return "| " + " | ".join(str(c).replace("|", "\\|") for c in cells) + " |"
    return "\n".join([line(head), "|" + "---|" * len(head), *map(line, rows)])


def cpu_model() -> str:
    try:
        with open("/proc/cpuinfo", encoding="utf-8") as info:
            for text in info:
                if text.startswith("model name"):
                    return text.split(":", 1)[1].strip()
    except OSError:
        pass
    return ""


class Measurement:
    """When, how and on what a table was measured: made when a script starts, so the
    load average before the run is known."""

    def __init__(self) -> None:
        self.started = datetime.datetime.now()
        self.load = os.getloadavg()[0]
        self.command = shlex.join(["python", *_script_argv()])

    def context(self) -> str:
        model = cpu_model()
        machine = f"{os.cpu_count()} cores" + (f" ({model})" if model else "")
        return (f"*Measured {self.started:%Y-%m-%d %H:%M} with `{self.command}`: {machine}, "
                f"load average {self.load:.1f} before, {os.getloadavg()[0]:.1f} after.*")

    def publish(self, name: str, body: str, write: bool, context: str | None = None) -> None:
        """Print the table under its context line; with ``write``, put both in the page."""
        text = f"{self.context() if context is None else context}\n\n{body.rstrip()}\n"
        print(text)
        if write:
            replace_block(name, text)
            print(f"wrote {PAGE.relative_to(PAGE.parents[1])} (bench:{name})")


def _script_argv() -> list[str]:
    script = Path(sys.argv[0]).resolve()
    try:
        shown = script.relative_to(PAGE.parents[1]).as_posix()
    except ValueError:
        shown = sys.argv[0]
    return [shown, *[a for a in sys.argv[1:] if a != "--write"]]


def markers(name: str) -> tuple[str, str]:
    return f"<!-- bench:{name} -->\n", f"<!-- /bench:{name} -->\n"


def replace_block(name: str, text: str, page: Path = PAGE) -> None:
    """Put ``text`` between the block's markers of ``page``, atomically; the page must
    hold the block exactly once (a script never adds one: where a table goes is for the
    page's writer to decide)."""
    content = page.read_text(encoding="utf-8")
    start, end = markers(name)
    if content.count(start) != 1 or content.count(end) != 1 or \
            content.index(start) > content.index(end):
        raise SystemExit(f"{page}: no single block {start.strip()} … {end.strip()}: "
                         f"add one where the table belongs")
    before, rest = content.split(start)
    after = rest.split(end)[1]
    body = text if text.endswith("\n") else text + "\n"
    new = before + start + body + end + after
    mode = page.stat().st_mode & 0o777
    handle, temporary = tempfile.mkstemp(dir=page.parent, prefix=f".{page.name}.")
    try:
        with os.fdopen(handle, "w", encoding="utf-8") as out:
            out.write(new)
        os.chmod(temporary, mode)
        os.replace(temporary, page)
    except BaseException:
        Path(temporary).unlink(missing_ok=True)
        raise

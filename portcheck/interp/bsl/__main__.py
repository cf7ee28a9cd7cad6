"""``python -m portcheck.interp.bsl FILE [--dialect platform|onescript]``: run a 1C file.

Prints the program's output; warnings go to stderr as ``file:line:col: warning: ...``; a
compile or run-time error is one line on stderr and exit code 1; bad usage exits with 2.
The compiled program is kept in a cache keyed by content (``cache.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from portcheck.interp.bsl import DIALECTS
from portcheck.interp.embedded import run_embedded


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="python -m portcheck.interp.bsl",
                                     description="Run a 1C (BSL) program.")
    parser.add_argument("file", type=Path, help="the .bsl/.os file to run")
    parser.add_argument("--dialect", choices=DIALECTS, default="platform",
                        help="presentation of numbers: 1C:Enterprise (default) or OneScript")
    return parser


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    if not args.file.is_file():
        print(f"{args.file}: no such file", file=sys.stderr)
        return 2
    sys.stdout.reconfigure(encoding="utf-8", line_buffering=True)  # type: ignore[union-attr]
    sys.stderr.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    return run_embedded("bsl", args.file, dialect=args.dialect)


if __name__ == "__main__":
    sys.exit(main())

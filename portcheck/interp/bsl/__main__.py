"""``python -m portcheck.interp.bsl FILE [--dialect platform|onescript]``: run a 1C file.

Prints the program's output; warnings go to stderr as ``file:line:col: warning: ...``; a
compile or run-time error is one line on stderr and exit code 1; bad usage exits with 2.
The compiled program is kept in a cache keyed by content (``cache.py``).
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from portcheck.interp.bsl import DIALECTS, run_program
from portcheck.interp.bsl.cache import compile_cached
from portcheck.interp.errors import SourceError


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
    try:
        program = compile_cached(args.file)
        warnings = run_program(program, stdin=sys.stdin, stdout=sys.stdout,
                               dialect=args.dialect)
    except SourceError as error:
        sys.stdout.flush()
        print(error, file=sys.stderr)
        return 1
    except UnicodeDecodeError as error:
        print(f"{args.file}:1:1: the file is not UTF-8 ({error.reason})", file=sys.stderr)
        return 1
    for warning in warnings:
        print(warning, file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())

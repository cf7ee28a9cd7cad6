"""``python -m portcheck.interp.kumir FILE.kum [--encoding E] [--seed N]``: run a program.

Prints what the program prints; a compile or run-time error goes to stderr as one line
``file:line:col: message`` with exit status 1; bad usage exits with 2.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from portcheck.interp.embedded import run_embedded
from portcheck.interp.kumir.source import DEFAULT_ENCODING


def _arguments(argv: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(prog="python -m portcheck.interp.kumir",
                                     description="Run a school-algorithmic-language program.")
    parser.add_argument("file", type=Path)
    parser.add_argument("--encoding", default=DEFAULT_ENCODING,
                        help="source encoding (default utf-8 with optional BOM; cp1251)")
    parser.add_argument("--seed", type=int, default=1, help="seed of rnd/irnd (default 1)")
    return parser.parse_args(argv)


def main(argv: list[str] | None = None) -> int:
    args = _arguments(argv)
    if not args.file.is_file():
        print(f"{args.file}: no such file", file=sys.stderr)
        return 2
    for stream in (sys.stdout, sys.stdin):
        stream.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    return run_embedded("kumir", args.file, encoding=args.encoding, seed=args.seed)


if __name__ == "__main__":
    sys.exit(main())

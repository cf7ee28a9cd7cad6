"""Running a source file on an embedded interpreter as a program: what
``python -m portcheck.interp.bsl``, ``python -m portcheck.interp.kumir`` and
``portcheck exec`` share.

The compiled program comes from the content-keyed cache (``program_cache``); the program
reads ``sys.stdin`` and writes ``sys.stdout``; warnings go to stderr (``file:line:col:
warning: …``); a compile or run-time error is one line ``file:line:col: message`` on stderr
(a message of several lines continues on indented lines) and exit status 1, and so is a
failure of the interpreter itself (one line naming it, never a traceback); a closed pipe
(``… | head``) ends the program quietly with 141.
Kept free of the harness's imports: a run starts in a fresh process for every port.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

from portcheck.interp.errors import SourceError


def run_embedded(language: str, path: Path, *, encoding: str = "utf-8-sig",
                 dialect: str = "platform", seed: int = 1) -> int:
    """Run ``path`` (1C when ``language`` is "bsl", else the school language); the exit
    status."""
    try:
        warnings = _run(language, path, encoding, dialect, seed)
    except SourceError as error:
        sys.stdout.flush()
        print(_indented(str(error)), file=sys.stderr)
        return 1
    except UnicodeDecodeError as error:
        print(f"{path}:1:1: the file is not {encoding} text ({error.reason}); "
              "try --encoding cp1251", file=sys.stderr)
        return 1
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except Exception as error:  # the interpreter's own failure: still one line, no traceback
        from portcheck.errors import describe_exception

        print(f"{path}: the embedded interpreter failed: {describe_exception(error)}",
              file=sys.stderr)
        return 1
    for warning in warnings:
        print(warning, file=sys.stderr)
    return 0


def _indented(message: str) -> str:
    """A multi-line message (``ВызватьИсключение`` of a text with line breaks) with its
    continuation lines indented: its first line, with the place, stays the headline."""
    first, *rest = message.rstrip("\n").split("\n")
    return "\n".join([first, *("    " + line for line in rest)])


def _run(language: str, path: Path, encoding: str, dialect: str, seed: int) -> list[str]:
    if language == "bsl":
        from portcheck.interp import bsl
        from portcheck.interp.bsl.cache import compile_cached

        return bsl.run_program(compile_cached(path, encoding), stdin=sys.stdin,
                               stdout=sys.stdout, dialect=dialect)
    from portcheck.interp import kumir
    from portcheck.interp.kumir.cache import compile_cached as compile_kumir

    return kumir.run_program(compile_kumir(path, encoding), stdin=sys.stdin, stdout=sys.stdout,
                             seed=seed)

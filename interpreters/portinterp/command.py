"""Running a source file as a program of this process: the command line of
``python -m portinterp.<language> FILE`` (``main``) and of ``python -m portinterp LANGUAGE
FILE`` (``main_any``), and the run itself (``execute``, which a harness may call in its own
process: portcheck's ``exec`` does), for every language of ``languages.LANGUAGES``.

The compiled program comes from the content-keyed cache (``program_cache``); the program
reads ``sys.stdin`` and writes ``sys.stdout``; warnings go to stderr (``file:line:col:
warning: …``); a compile or run-time error is one line ``file:line:col: message`` on stderr
(a message's line breaks and control characters written as escapes, ``\\n``, ``\\x1b``:
one line, and a program's text never steers the terminal) and exit status 1, and so is a
failure of the interpreter itself (one line naming it, never a traceback); a closed pipe
(``… | head``) ends the program quietly with 141; bad usage (a missing file, an unknown
option) exits with 2.  The run's file policy (``file_policy``: unrestricted, or confined by
``PORTINTERP_FILES``) is read once, before the program starts.
A run usually starts in a fresh process (a harness may start one per program it runs), so
this imports as little as it can: a program from the compile cache runs without Lark.
"""

from __future__ import annotations

import argparse
import codecs
import os
import re
import resource
import signal
import sys
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from portinterp import file_policy, program_cache
from portinterp.buffered_output import buffered_stdout
from portinterp.core.limits import MAX_MEMORY
from portinterp.errors import SourceError, describe_exception
from portinterp.frontends import DEFAULT_ENCODING, FrontEnd, front_end, text_encoding
from portinterp.languages import LANGUAGES, get_language


def _unwritable(error: UnicodeError) -> tuple[bytes, int]:
    """What is written for characters the output's encoding cannot hold (a lone surrogate,
    ``Символ(56448)``): U+FFFD, as .NET writes it (OneScript), or ``?`` where the encoding
    has no U+FFFD either.  As bytes: the UTF-8 encoder takes only ASCII text back."""
    assert isinstance(error, UnicodeEncodeError)
    try:
        mark = "\ufffd".encode(error.encoding)
    except UnicodeError:
        mark = b"?"
    return mark * (error.end - error.start), error.end


UNWRITABLE = "portinterp-unwritable"
codecs.register_error(UNWRITABLE, _unwritable)


def main(language: str, argv: list[str] | None = None, prog: str | None = None) -> int:
    """``python -m portinterp.<language> FILE [--encoding E] [--<run option> …]``.

    Output is buffered and flushed at least every 50 ms (``buffered_output``), so a program
    stopped by a time limit keeps what it printed up to then."""
    front = front_end(language)
    args = _command_line(language, front, prog).parse_args(argv)
    limit_memory()
    if not args.file.is_file():
        print(f"{args.file}: no such file", file=sys.stderr)
        return 2
    try:  # read once, before the program runs: it cannot lift it
        file_policy.install(file_policy.from_environment(str(args.file)))
    except ValueError as error:
        print(error, file=sys.stderr)
        return 2
    _streams_present()
    sys.stdout.reconfigure(encoding="utf-8", line_buffering=True)  # type: ignore[union-attr]
    sys.stderr.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    sys.stdin.reconfigure(encoding="utf-8")  # type: ignore[union-attr]
    options = {option.name: getattr(args, option.name) for option in front.RUN_OPTIONS}
    try:
        with buffered_stdout():
            return execute(language, args.file, encoding=args.encoding, **options)
    except BrokenPipeError:  # the last of the output, written at the end, found no reader
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as error:  # `> /dev/full`: the output cannot be written
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        print(f"{args.file}: cannot write the output: {error.strerror or error}",
              file=sys.stderr)
        return 2


def main_any(argv: list[str] | None = None) -> int:
    """``python -m portinterp LANGUAGE FILE [--encoding E] [--<run option> …]``: ``main``
    of the language named first."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] in LANGUAGES:
        return main(argv[0], argv[1:], prog=f"python -m portinterp {argv[0]}")
    asked = argv[:1] in (["-h"], ["--help"])
    usage = ["usage: python -m portinterp LANGUAGE FILE [--encoding E] [options]", "",
             "Run a program file; LANGUAGE is one of:"]
    usage += [f"  {name:7} {spec.title} ({', '.join(spec.suffixes)})"
              for name, spec in LANGUAGES.items()]
    usage += ["", "'python -m portinterp LANGUAGE --help' lists its options."]
    if argv and not asked:
        usage.append(f"python -m portinterp: unknown language {argv[0]!r}")
    print("\n".join(usage), file=sys.stdout if asked else sys.stderr)
    return 0 if asked else 2


def _command_line(language: str, front: FrontEnd,
                  prog: str | None = None) -> argparse.ArgumentParser:
    spec = get_language(language)
    parser = argparse.ArgumentParser(prog=prog or f"python -m {spec.package}",
                                     description=spec.description)
    parser.add_argument("file", type=Path,
                        help=f"the {'/'.join(spec.suffixes)} file to run")
    parser.add_argument("--encoding", default=DEFAULT_ENCODING, type=text_encoding,
                        help="source encoding (default utf-8 with optional BOM; cp1251)")
    for option in front.RUN_OPTIONS:
        parser.add_argument(f"--{option.name}", type=option.type, default=option.default,
                            choices=option.choices, help=option.help)
    return parser


def execute(language: str, path: Path, *, encoding: str = DEFAULT_ENCODING,
            cache: Path | None = None, **options: Any) -> int:
    """Run ``path`` on the ``language`` front-end with this process's standard streams;
    the exit status.  ``cache``: the folder of the compiled programs (None:
    ``program_cache.cache_root()``).  ``options`` are run options by name; those the
    language does not take are ignored (so one command line may serve every language, as
    ``portcheck exec`` does)."""
    _streams_present()
    reconfigure = getattr(sys.stdout, "reconfigure", None)
    if reconfigure is not None:
        reconfigure(errors=UNWRITABLE)
    folder = os.getcwd()  # a program may change it (УстановитьТекущийКаталог): given back
    try:
        with signals_end_the_run():
            warnings = _run(language, path, encoding, cache, options)
    except SourceError as error:
        sys.stdout.flush()
        print(one_line(str(error)), file=sys.stderr)
        return 1
    except UnicodeError as error:  # UnicodeDecodeError, or UTF-16 without its BOM
        if isinstance(error, UnicodeEncodeError):
            raise  # not the source: the output never raises it (UNWRITABLE)
        reason = getattr(error, "reason", str(error))
        print(f"{path}:1:1: the file is not {encoding} text ({reason}); "
              "try --encoding cp1251", file=sys.stderr)
        return 1
    except BrokenPipeError:
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 141
    except OSError as error:
        if error.filename is None:  # the output itself (a full disk): the caller's to say
            raise
        print(one_line(f"{path}: the embedded interpreter failed: {describe_exception(error)}"),
              file=sys.stderr)
        return 1
    except Exception as error:  # the interpreter's own failure: still one line, no traceback
        print(one_line(f"{path}: the embedded interpreter failed: {describe_exception(error)}"),
              file=sys.stderr)
        return 1
    finally:
        _back_to(folder)
    for warning in warnings:
        print(warning, file=sys.stderr)
    return 0


def _back_to(folder: str) -> None:
    try:
        os.chdir(folder)
    except OSError:
        pass


def limit_memory(limit: int = MAX_MEMORY) -> None:
    """Bound this process's address space (a run of its own): a program that grows without
    end (a string doubled in a loop, a table filled for ever) meets ``MemoryError``, its
    language's out-of-memory error, in seconds, not a machine swapping for minutes."""
    try:
        soft, hard = resource.getrlimit(resource.RLIMIT_AS)
        wanted = limit if hard == resource.RLIM_INFINITY else min(limit, hard)
        if soft == resource.RLIM_INFINITY or soft > wanted:
            resource.setrlimit(resource.RLIMIT_AS, (wanted, hard))
    except (ValueError, OSError):
        pass


@contextmanager
def memory_limited(limit: int = MAX_MEMORY) -> Iterator[None]:
    """:func:`limit_memory` for the length of a run inside a process that goes on after it
    (``portcheck exec --sandbox off`` called from a test or a program): the limit it had is
    given back, so that what this process starts afterwards (a browser, a JVM, which reserve
    far more address space than they use) does not inherit the run's."""
    try:
        before = resource.getrlimit(resource.RLIMIT_AS)
    except (ValueError, OSError):
        before = None
    limit_memory(limit)
    try:
        yield
    finally:
        if before is not None:
            try:
                resource.setrlimit(resource.RLIMIT_AS, before)
            except (ValueError, OSError):
                pass


@contextmanager
def signals_end_the_run() -> Iterator[None]:
    """Ctrl-C and SIGTERM end a run at once, whatever it is doing.  A Python handler runs
    only between bytecodes, on the main thread, with the GIL: a program inside one long C
    call (a regular expression that backtracks, ``РегулярноеВыражение("^(a+)+$")`` on
    forty ``a`` and a ``!``; a huge string operation) holds the GIL, so neither
    ``KeyboardInterrupt`` nor a harness's handler could ever run.  While the program runs
    the two signals have their default action (the kernel ends the process, as for any
    program), and their handlers are restored after.  Only the main thread may change
    them; elsewhere nothing changes."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return
    saved = {number: signal.getsignal(number) for number in (signal.SIGINT, signal.SIGTERM)}
    for number in saved:
        signal.signal(number, signal.SIG_DFL)
    try:
        yield
    finally:
        for number, handler in saved.items():
            signal.signal(number, handler if handler is not None else signal.SIG_DFL)


# Every control character (line breaks too), DEL, C1 and the Unicode characters that
# reorder text: what a program puts in an error's text (``ВызватьИсключение`` of a text
# with a line break and an ANSI sequence) is shown, never obeyed.  (portcheck's
# ``terminal.controls`` does the same for what it shows; portinterp cannot import it.)
_CONTROLS = re.compile("[\x00-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e"
                       "\u2066-\u2069]")


def one_line(message: str) -> str:
    """``message`` as one line of stderr: ``\\n``, ``\\x1b``… for its control
    characters."""
    return _CONTROLS.sub(_escape, message.rstrip("\n"))


def _escape(match: re.Match[str]) -> str:
    code = ord(match.group())
    named = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}.get(match.group())
    return named or (f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}")


def _streams_present() -> None:
    """A closed standard stream (``<&-``, ``>&-``: Python makes it ``None``) replaced by
    /dev/null: a closed input is an input that is over (``ввод`` meets its end, as on an
    empty file), a closed output takes what is written and drops it."""
    for name, mode in (("stdin", "r"), ("stdout", "w"), ("stderr", "w")):
        if getattr(sys, name) is None:
            setattr(sys, name, open(os.devnull, mode, encoding="utf-8"))


def _run(language: str, path: Path, encoding: str, cache: Path | None,
         options: dict[str, Any]) -> list[str]:
    front = front_end(language)
    taken = {option.name: options[option.name] for option in front.RUN_OPTIONS
             if option.name in options}
    program = program_cache.compile_cached(language, path, encoding, cache=cache)
    return front.run_program(program, stdin=sys.stdin, stdout=sys.stdout, **taken)

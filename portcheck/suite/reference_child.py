"""The reference's own process: ``python -m portcheck.suite.reference_child ROOT IN OUT
LIMIT`` imports the suite's ``reference/`` (``reference_loader.load_modules``), says what
it declares, then answers one call after another, in plain data (JSON lines on the
descriptors ``IN`` and ``OUT``; its own stdin, stdout and stderr are ``/dev/null``, so
what the reference prints goes nowhere).  ``reference_host`` starts it, contained, and
bounds each call in time; this process bounds its own memory (``RLIMIT_AS``) and the files
it may write (``RLIMIT_FSIZE``), refuses an answer longer than ``LIMIT`` characters, and
ends with portcheck (``PR_SET_PDEATHSIG``, and at the end of its input).

Messages, one JSON object a line, ``ensure_ascii`` (a lone surrogate travels as an escape):

- to portcheck: ``{"loading": path}`` before each module is imported; then
  ``{"ready": [declaration…]}`` or ``{"usage_error": line}``; then per call ``{"id": n,
  "value": v}``, ``{"id": n, "not_text": type name}``, ``{"id": n, "invalid": why}``
  (``check_inputs`` raised ``ValueError``) or ``{"id": n, "error": {"type", "message",
  "where"}}``;
- from portcheck: ``{"id": n, "function": "output" | "stdin_script" | "check_inputs",
  "algorithm": name, "params": {…}}``, or ``{"id": n, "function": "imported"}``, answered
  with the files of every module imported so far.
"""

from __future__ import annotations

import ctypes
import json
import os
import resource
import signal
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, BinaryIO

MEMORY = 2 * 1024**3  # bytes of address space the reference may use
FILES = 16 * 1024**2  # bytes of a file it may write (it should write none)
_PR_SET_PDEATHSIG = 1
FUNCTIONS = ("output", "stdin_script", "check_inputs")
IMPORTED = "imported"  # the call that asks which files the process has imported


def main(argv: list[str]) -> int:
    root, request_fd, reply_fd, limit = Path(argv[0]), int(argv[1]), int(argv[2]), int(argv[3])
    parent = os.getppid()
    _contain(parent)
    requests = os.fdopen(request_fd, "rb")
    replies = os.fdopen(reply_fd, "wb")
    from portcheck.errors import UsageError
    from portcheck.suite.algorithms import declare, where_in
    from portcheck.suite.reference_loader import load_modules

    current = [root / "reference"]

    def loading(path: Path) -> None:
        current[0] = path
        _send(replies, {"loading": str(path)})

    try:
        modules = load_modules(root, loading)
        declared = [declare(module, Path(module.__file__ or "")) for module in modules.values()]
    except UsageError as error:
        _send(replies, {"usage_error": str(error)})
        return 0
    except BaseException as error:  # a KeyboardInterrupt at import, a MemoryError
        _send(replies, {"usage_error": f"{where_in(error, current[0])}: cannot load: "
                                       f"{type(error).__name__}: {error}"})
        return 0
    _send(replies, {"ready": declared})
    for line in requests:
        request = json.loads(line)
        _send(replies, {"id": request["id"], **_answer(modules, request, limit, where_in)})
    return 0


def _contain(parent: int) -> None:
    """Die with portcheck; bound memory and written files; no terminal, no prints."""
    try:
        ctypes.CDLL(None, use_errno=True).prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
    except (OSError, AttributeError):
        pass  # not Linux: the end of the requests still ends it
    if os.getppid() != parent:
        os._exit(0)  # portcheck died before the line above
    for which, limit in ((resource.RLIMIT_AS, MEMORY), (resource.RLIMIT_FSIZE, FILES)):
        try:
            resource.setrlimit(which, (limit, limit))
        except (ValueError, OSError):
            pass
    signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # a write past FILES fails, not kills
    null = os.open(os.devnull, os.O_RDWR)
    for fd in (0, 1, 2):
        os.dup2(null, fd)
    os.close(null)


def _answer(modules: dict[str, ModuleType], request: dict[str, Any], limit: int,
            where_in: Any) -> dict[str, Any]:
    module = modules.get(request.get("algorithm", ""))
    function = request.get("function")
    if function == IMPORTED:
        return {"value": imported_files()}
    if module is None or function not in FUNCTIONS:
        return {"error": {"type": "ProtocolError", "message": f"no such call {function!r}",
                          "where": ""}}
    path = Path(module.__file__ or "")
    try:
        value = getattr(module, function)(**request.get("params", {}))
    except ValueError as error:
        if function == "check_inputs":
            return {"invalid": str(error)}
        return _error(error, path, where_in)
    except BaseException as error:  # SystemExit, KeyboardInterrupt, MemoryError: all one line
        return _error(error, path, where_in)
    if isinstance(value, str) and len(value) > limit:
        return {"error": {"type": "OutputLimit", "message": f"it returned {len(value)} "
                          f"characters, more than the limit of {limit}", "where": str(path)}}
    if function == "check_inputs":
        return {"value": None}
    if not isinstance(value, str):
        return {"not_text": type(value).__name__}
    return {"value": value}


def imported_files() -> list[str]:
    """The file of every module this process has imported (the suite's, portcheck's, the
    standard library's, any other package's): what a remembered golden check depends on
    besides ``reference/`` itself (``portcheck.golden.remembered``)."""
    return sorted({file for module in list(sys.modules.values())
                   if isinstance(file := getattr(module, "__file__", None), str)})


def _error(error: BaseException, path: Path, where_in: Any) -> dict[str, Any]:
    lines = str(error).strip().splitlines()
    return {"error": {"type": type(error).__name__, "message": lines[0] if lines else "",
                      "where": where_in(error, path)}}


def _send(stream: BinaryIO, message: dict[str, Any]) -> None:
    stream.write(json.dumps(message, ensure_ascii=True).encode("ascii") + b"\n")
    stream.flush()


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))

"""The escape tries (issue 28, item 5): one program a language in ``tests/data/escapes/``,
the tries and what a language cannot express in ``tests/data/escapes/tries.yaml``; a try
run as a port's run is made (:func:`attempt`), and what happened read from the machine, not
from what the program says (:func:`what_happened`).  Shared by
``tests/hostile/test_escapes.py`` and ``benchmarks/escape_table.py``."""

from __future__ import annotations

import os
import secrets
import shutil
import socket
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from portcheck.files.yamlio import load_yaml
from portcheck.runners import get_runner
from portcheck.runners.base import RunResult
from portcheck.suite.declarations import builtin_languages
from tests.helpers.processes import gone_soon, processes_naming
from tests.helpers.reference import REPO

DATA = REPO / "tests" / "data" / "escapes"
# The time limit of a try that can only end there (sleep, fork, fill the disk), and the
# output limit: short, so that the tries stay cheap; the others end by themselves.
SHORT_TIMEOUT = 1.5
TIMEOUT = 30.0
MAX_OUTPUT = 64 * 1024


@dataclass(frozen=True)
class Try:
    """One try: its name, its words in the table, what its program is asked for."""

    name: str
    title: str
    program: str
    value: str | None = None
    to_time_limit: bool = False
    time_limit: float | None = None  # its own, for a try another limit must end first

    @property
    def timeout(self) -> float:
        if self.time_limit is not None:
            return self.time_limit
        return SHORT_TIMEOUT if self.to_time_limit else TIMEOUT


@cache
def _data() -> dict[str, Any]:
    return load_yaml(DATA / "tries.yaml")


def tries() -> list[Try]:
    return [Try(name, **fields) for name, fields in _data()["tries"].items()]


# The order of the table: the first languages, then those added since.
ORDER = ("python", "java", "pascal", "bsl", "kumir", "arsac", "c", "cpp", "csharp", "go",
         "rust", "javascript", "lua", "ruby")


def languages() -> list[str]:
    """Every language with a program: every language portcheck ships."""
    found = [p.name for p in DATA.iterdir() if p.is_dir()]
    return sorted(found, key=lambda name: (ORDER.index(name) if name in ORDER else 99, name))


def cannot(language: str, try_: Try) -> str | None:
    """Why ``language`` cannot express ``try_`` at all (no program, no run), or None."""
    return _reason("cannot", language, try_)


def refuses(language: str, try_: Try) -> str | None:
    """Why ``language``'s interpreter refuses ``try_`` in every mode, or None."""
    return _reason("refuses", language, try_)


def _reason(kind: str, language: str, try_: Try) -> str | None:
    reasons = _data()[kind].get(language, {})
    return next((why for why, names in reasons.items() if try_.name in names), None)


def pairs() -> list[tuple[str, Try]]:
    """Every (language, try) that is run."""
    return [(language, try_) for language in languages() for try_ in tries()
            if cannot(language, try_) is None]


def program(language: str) -> Path:
    (found,) = (DATA / language).glob("[Ee]scape.*")
    return found


@dataclass
class Setting:
    """What the tries are given: the file outside, the suite's golden folder, the secret
    planted in HOME, the listener's port, the token every process a try starts carries."""

    outside: Path
    golden: Path
    home: Path
    secret: str
    port: int
    token: str = ""

    def __post_init__(self) -> None:
        # a number `sleep` takes, unique to the try: 9xx.<random> seconds
        self.token = self.token or f"{900 + secrets.randbelow(99)}.{secrets.randbelow(10**6)}"

    def value(self, try_: Try) -> str:
        return {None: "", "outside": str(self.outside), "golden": str(self.golden / "evil.yaml"),
                "home": str(self.home), "port": str(self.port), "token": self.token,
                "files": f"fill-{self.token}-", "tmp-files": f"/tmp/fill-{self.token}-",
                }[try_.value]

    def left_in_tmp(self) -> int:
        """Bytes of the files a try filling /tmp left in the machine's /tmp (removed)."""
        size = 0
        for path in Path("/tmp").glob(f"fill-{self.token}-*"):
            size += path.stat().st_size
            path.unlink()
        return size


def attempt(language: str, try_: Try, setting: Setting, folder: Path, *,
            timeout: float | None = None, **options: Any) -> RunResult:
    """Build and run ``language``'s program making ``try_``, as a port in ``folder``
    (``options`` go to the runner: ``environment=``).  A language that takes arguments is
    given ``TRY VALUE`` (its one build serves every try); the others get them in the text."""
    declaration = builtin_languages().get(language)
    source = program(language)
    folder.mkdir(parents=True, exist_ok=True)
    args: list[str] = []
    if declaration.takes_args:
        shutil.copyfile(source, folder / source.name)
        args = [try_.program, setting.value(try_)]
    else:
        text = source.read_text(encoding="utf-8").replace("@TRY@", try_.program)
        (folder / source.name).write_text(text.replace("@VALUE@", setting.value(try_)),
                                          encoding="utf-8")
    runner = get_runner(language, **options)
    return runner.run(runner.build(folder / source.name), args=args,
                      timeout=try_.timeout if timeout is None else timeout,
                      max_output=MAX_OUTPUT)


def stopped(result: RunResult, timeout: float) -> str | None:
    """The limit a run was stopped at, in the table's words, or None."""
    if result.memory_limited:
        return "stopped: memory limit"
    if result.timed_out or "did not finish within" in result.stdout:
        return f"stopped at the time limit ({timeout:g} s)"
    if result.output_limited:
        return "stopped: output limit"
    if result.limited:  # "it started more than 256 processes … (the process limit; …)"
        for limit in ("process", "CPU", "disk"):
            if f"the {limit} limit" in result.limited:
                return f"stopped: {limit} limit"
        return f"stopped: {short(result.limited)}"
    return None


def what_happened(try_: Try, result: RunResult, setting: Setting,
                  listener: socket.socket) -> str:
    """What the try did, read from the machine; in bold (``**…**``) what got out."""
    if try_.name in ("daemon", "fork") and left_running(setting.token):
        return "**outlived the run**"
    if try_.name == "write-outside" and setting.outside.exists():
        return "**wrote it**"
    if try_.name == "write-golden" and (setting.golden / "evil.yaml").exists():
        return "**wrote it**"
    if try_.name == "read-home" and setting.secret in result.stdout:
        return "**read it**"
    if try_.name == "connect" and connected(listener):
        return "**connected**"
    left = setting.left_in_tmp()
    if left:
        return f"**left {left >> 20} MiB in /tmp**"
    limit = stopped(result, try_.timeout)
    if limit:
        return limit
    said = refused(result)
    if try_.name == "daemon" and not said.startswith("refused"):
        return "ended with the run"
    return said


def refused(result: RunResult) -> str:
    """The program's own error (``ERR …``), or how the run ended."""
    for line in (result.stdout + "\n" + result.stderr).splitlines():
        if line.startswith("ERR") or "Error" in line or "error" in line:
            return "refused: " + short(line.removeprefix("ERR ").strip())
    for line in (result.stdout + "\n" + result.stderr).splitlines():
        if short(line) in REFUSALS:  # an interpreter's run-time error saying it was refused
            return "refused: " + short(line)
    if "done" in result.stdout.split():
        return "no effect outside the box"
    said = result.stderr.strip().splitlines()
    known = [line for line in said if short(line) in MARKERS.values()]
    said = known or said
    return f"failed (exit {result.returncode})" + (f": {short(said[-1])}" if said else "")


# What a refusal's message says, in one wording for every language (its start, or its own
# words when no marker is in it).
MARKERS = {
    "Ошибка доступа к файлу": "Ошибка доступа к файлу", "Недостаточно памяти":
    "Недостаточно памяти", "не поддерживает": "не поддерживает", "Конструктор не найден":
    "Конструктор не найден", "read-only file system": "Read-only file system",
    "erofs": "Read-only file system", "access to the path": "Access denied",
    "no such file": "No such file or directory", "nosuchfile": "No such file or directory",
    "could not find": "No such file or directory", "enoent": "No such file or directory",
    "connection refused": "Connection refused", "econnrefused": "Connection refused",
    "could not connect": "Connection refused", "network is unreachable":
    "Network is unreachable", "permission denied": "Permission denied",
    "nomemoryerror": "NoMemoryError", "memoryerror": "MemoryError", "bad_alloc":
    "std::bad_alloc", "outofmemory": "OutOfMemoryError", "not enough memory":
    "not enough memory", "cannot allocate memory": "Cannot allocate memory",
    "нет доступа к файлу": "Нет доступа к файлу", "ошибка записи в файл":
    "Ошибка записи в файл",
}
# KuMir's run-time errors for a path the file policy refuses and a write the box's disk
# limit stops: an error of the program's run, not of the program.
REFUSALS = ("Нет доступа к файлу", "Ошибка записи в файл")


def short(text: str) -> str:
    lowered = text.lower()
    for marker, shown in MARKERS.items():
        if marker.lower() in lowered:
            return shown
    return text[:50]


def connected(listener: socket.socket) -> bool:
    """Whether anything connected to ``listener`` (non-blocking); the connection closed."""
    try:
        listener.accept()[0].close()
    except BlockingIOError:
        return False
    return True


def left_running(token: str) -> bool:
    """Whether a process carrying ``token`` outlived its run (a moment allowed for the
    kernel to end what a PID namespace or containment killed); any such is killed."""
    left = [pid for pid in processes_naming(token) if not gone_soon(pid, 2.0)]
    for pid in left:
        try:
            os.kill(pid, 9)
        except OSError:
            continue
    return bool(left)

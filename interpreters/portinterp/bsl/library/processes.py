"""Processes as OneScript 1.9.2 has them (``ProcessContext.cs``, ``StdTextReadStream.cs``,
``ProcessOutputWrapper.cs``): ``СоздатьПроцесс`` and the ``Процесс`` object, its text
streams ``ПотокВыводаТекста``/``ПотокВводаТекста``, ``ЗапуститьПриложение``,
``ТекущийПроцесс``, ``НайтиПроцессПоИдентификатору``, ``НайтиПроцессыПоИмени``.

Who may: every one of them asks the run's file policy (``file_policy.FilePolicy.starting``):
a run may start and see processes when it is unrestricted (run by hand, ``portcheck exec
--sandbox off``) or has an operating-system box of its own that holds its children
(``portcheck exec``'s box: ``scratch+processes``); a confined run without one (verify's runs,
forks of one zygote sharing a box) gets the 1C error :data:`REFUSED`.  The box's limits (time,
output, memory, its PID namespace, no network) hold the whole tree.

As OneScript: the command line is split as ``ExtractExecutableName`` does (the first word, or
the text between the first pair of quotes) and its arguments as Mono splits them (a POSIX
shell's words: quotes, backslashes); a redirected output is read line by line as it comes
(``BeginOutputReadLine``) and kept joined by ``\\n``, so ``Прочитать`` gives what has come
without the last line break, then Неопределено; ``ПрочитатьСтроку`` gives Неопределено while
no line is there; ``ЕстьДанные`` says whether something unread is there.  Checked on
OneScript 1.9.2 (``tests/bsl/onescript/processes.bsl``).  A process's name (``НайтиПроцессы
ПоИмени``) is its ``/proc/PID/comm`` without a trailing ``.exe``.

The embedded interpreter's own ``oscript.exe`` (``КаталогПрограммы()``, the folder of
``portinterp.bsl.onescript_command``) is a shell script that finds the Python to run it in
``PORTINTERP_PYTHON``: every process started here gets it (this interpreter's Python) unless
its environment has one.
"""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import sys
import threading
from typing import Any

from portinterp import file_policy
from portinterp.bsl.library.files.text_encoding import UTF8_NO_BOM, Encoding, encoding_of
from portinterp.bsl.runtime.formatting import to_string
from portinterp.bsl.runtime.objects import NO_FIELD, BslObject, register_type, spellings
from portinterp.bsl.runtime.values import BslArray, BslMap
from portinterp.errors import ProgramFault

REFUSED = "Запуск процессов в этом прогоне запрещён ({}): программа выполняется без своей песочницы"
BAD_VALUE = "Неверное значение аргумента"
NOT_FOUND = ("Внешнее исключение (System.ComponentModel.Win32Exception): ApplicationName='{}', "
             "CommandLine='{}', CurrentDirectory='{}', Native error= Cannot find the specified "
             "file")
PYTHON_ENV = "PORTINTERP_PYTHON"


def allowed(what: str) -> None:
    """The 1C error :data:`REFUSED` unless the run may start (and see) processes."""
    try:
        file_policy.current().starting(what)
    except file_policy.Refused:
        raise ProgramFault(REFUSED.format(what)) from None


def _text(value: Any) -> str:
    return value if type(value) is str else to_string(value, "onescript")


def split_command(line: str) -> tuple[str, list[str]]:
    """The program and its arguments, as OneScript and Mono split a command line."""
    quoted, start, i = False, 0, 0
    for i, char in enumerate(line):
        if char == '"':
            if quoted:
                return line[start:i], _words(line[i + 1:])
            quoted, start = True, i + 1
        elif char == " " and not quoted:
            return line[start:i], _words(line[i + 1:])
    if quoted:
        raise ProgramFault(BAD_VALUE)
    return line[start:], []


def _words(text: str) -> list[str]:
    try:
        return shlex.split(text)
    except ValueError:
        raise ProgramFault(BAD_VALUE) from None


class TextOutputStream(BslObject):
    """``ПотокВыводаТекста``: a process's stdout or stderr, read by a thread as it comes."""

    __slots__ = ("lock", "taken", "text", "thread")
    type_name = "ПотокВыводаТекста"
    spellings = spellings("Прочитать Read read", "ПрочитатьСтроку ReadLine readline",
                          "Закрыть Close close")

    def __init__(self, pipe: Any, encoding: Encoding) -> None:
        self.text = ""  # OneScript's buffer: the lines come so far, joined by line feeds
        self.taken = 0  # characters of it read
        self.lock = threading.Lock()
        self.thread = threading.Thread(target=self._pump, args=(pipe, encoding), daemon=True)
        self.thread.start()

    def _pump(self, pipe: Any, encoding: Encoding) -> None:
        with pipe:
            for raw in pipe:
                line = encoding.decode(raw).rstrip("\n").removesuffix("\r")
                with self.lock:  # as ProcessOutputWrapper: a separator unless it is empty
                    self.text += ("\n" if self.text else "") + line

    def property(self, name: str, shown: str) -> Any:
        if name in ("естьданные", "hasdata"):
            with self.lock:
                return self.taken < len(self.text)
        raise ProgramFault(NO_FIELD.format(shown))

    def bsl_read(self) -> str | None:
        with self.lock:
            rest = self.text[self.taken:]
            self.text, self.taken = "", 0
        return rest or None

    def bsl_readline(self) -> str | None:
        with self.lock:
            if self.taken >= len(self.text):
                return None
            end = self.text.find("\n", self.taken)
            end = len(self.text) if end < 0 else end
            line, self.taken = self.text[self.taken:end], min(end + 1, len(self.text))
        return line

    def bsl_close(self) -> None:
        """The reading thread ends with the process's stream."""


class TextInputStream(BslObject):
    """``ПотокВводаТекста``: a process's stdin."""

    __slots__ = ("encoding", "pipe")
    type_name = "ПотокВводаТекста"
    spellings = spellings("Записать Write write", "ЗаписатьСтроку WriteLine writeline",
                          "Закрыть Close close")

    def __init__(self, pipe: Any, encoding: Encoding) -> None:
        self.pipe, self.encoding = pipe, encoding

    def bsl_write(self, text: Any) -> None:
        try:
            self.pipe.write(self.encoding.encode(_text(text)))
            self.pipe.flush()
        except (BrokenPipeError, ValueError):
            raise ProgramFault("Внешнее исключение (System.IO.IOException): Broken pipe"
                               ) from None

    def bsl_writeline(self, text: Any) -> None:
        self.bsl_write(_text(text) + "\n")

    def bsl_close(self) -> None:
        try:
            self.pipe.close()
        except BrokenPipeError:
            pass


class Process(BslObject):
    """``Процесс``: one made by ``СоздатьПроцесс`` (started by ``Запустить``), or one found
    (``ТекущийПроцесс``, ``НайтиПроцесс…``: only ``Идентификатор``, ``Завершен``,
    ``Завершить``)."""

    __slots__ = (
        "argv",
        "encoding",
        "env",
        "flush",
        "folder",
        "pid",
        "popen",
        "redirect_in",
        "redirect_out",
        "streams",
    )
    type_name = "Процесс"
    spellings = spellings("Запустить Start start", "ОжидатьЗавершения WaitForExit waitforexit",
                          "Завершить Stop stop")

    def __init__(self, argv: list[str] | None, folder: str | None = None,
                 redirect_out: bool = False, redirect_in: bool = False,
                 encoding: Any = None, env: dict[str, str] | None = None,
                 pid: int | None = None) -> None:
        self.argv, self.folder, self.env = argv, folder, env
        self.redirect_out, self.redirect_in, self.encoding = redirect_out, redirect_in, encoding
        self.popen: subprocess.Popen[bytes] | None = None
        self.pid = pid
        self.streams: dict[str, Any] = {}
        self.flush: Any = None  # the program's output, written before a child writes

    def bsl_start(self) -> None:
        if self.argv is None or self.popen is not None:
            raise ProgramFault("Внешнее исключение (System.InvalidOperationException): "
                               "Process has already been started.")
        allowed(self.argv[0])
        if self.flush is not None:
            self.flush()
        pipe = subprocess.PIPE
        try:
            self.popen = subprocess.Popen(
                self.argv, cwd=self.folder or None, env=self.env,
                stdin=pipe if self.redirect_in else None,
                stdout=pipe if self.redirect_out else None,
                stderr=pipe if self.redirect_out else None)
        except (FileNotFoundError, PermissionError, NotADirectoryError):
            raise ProgramFault(NOT_FOUND.format(self.argv[0], shlex.join(self.argv[1:]),
                                                self.folder or "")) from None
        self.pid = self.popen.pid
        encoding = UTF8_NO_BOM if self.encoding is None else encoding_of(self.encoding, False)
        if self.redirect_out:
            self.streams["out"] = TextOutputStream(self.popen.stdout, encoding)
            self.streams["err"] = TextOutputStream(self.popen.stderr, encoding)
        if self.redirect_in:
            self.streams["in"] = TextInputStream(self.popen.stdin, UTF8_NO_BOM)

    def _started(self) -> subprocess.Popen[bytes]:
        if self.popen is None:
            raise ProgramFault("Внешнее исключение (System.InvalidOperationException): "
                               "No process is associated with this object.")
        return self.popen

    def bsl_waitforexit(self) -> None:
        if self.popen is None and self.pid is not None:
            return
        self._started().wait()
        for stream in self.streams.values():
            if isinstance(stream, TextOutputStream):
                stream.thread.join()

    def bsl_stop(self) -> None:
        if self.popen is not None:
            self.popen.kill()
        elif self.pid is not None:
            try:
                os.kill(self.pid, signal.SIGKILL)
            except ProcessLookupError:
                pass

    def _exited(self) -> bool:
        if self.popen is None:
            return self.pid is None or not os.path.exists(f"/proc/{self.pid}")
        if self.popen.poll() is None:
            return False
        return all(not s.thread.is_alive() for s in self.streams.values()
                   if isinstance(s, TextOutputStream))

    def property(self, name: str, shown: str) -> Any:
        if name in ("идентификатор", "processid"):
            if self.pid is None:
                self._started()
            return self.pid
        if name in ("завершен", "hasexited"):
            return self._exited()
        if name in ("кодвозврата", "exitcode"):
            code = self._started().poll()
            if code is None:
                raise ProgramFault("Внешнее исключение (System.InvalidOperationException): "
                                   "Process has not exited.")
            return 128 - code if code < 0 else code  # a signal, as Mono reports it
        if name in ("кодировкавывода", "outputencoding"):
            return self.encoding
        stream = {"потоквывода": "out", "stdout": "out", "потокошибок": "err", "stderr": "err",
                  "потокввода": "in", "stdin": "in"}.get(name)
        if stream is not None:
            self._started()
            if stream not in self.streams:
                raise ProgramFault("Внешнее исключение (System.InvalidOperationException): "
                                   "Standard stream has not been redirected.")
            return self.streams[stream]
        raise ProgramFault(NO_FIELD.format(shown))


def create_process(runtime: Any, line: Any, folder: Any = None, redirect_out: Any = False,
                   redirect_in: Any = False, encoding: Any = None, env: Any = None) -> Process:
    """``СоздатьПроцесс(СтрокаКоманды, ТекущийКаталог, ПеренаправитьВывод, ПеренаправитьВвод,
    Кодировка, ПеременныеСреды)``: made, not started."""
    from portinterp.bsl.library.host_environment import environment

    program, arguments = split_command(_text(line))
    allowed(program)
    argv = [program, *arguments]
    variables = dict(environment(runtime))
    if env is not None:
        if not isinstance(env, BslMap):
            raise ProgramFault("Внешнее исключение (System.InvalidCastException): Specified "
                               "cast is not valid.")
        for key, value in env.entries.values():
            variables[_text(key)] = _text(value)
    variables.setdefault(PYTHON_ENV, sys.executable)
    made = Process(argv, None if folder is None else _text(folder), bool(redirect_out),
                   bool(redirect_in), encoding, variables)
    made.flush = getattr(runtime.stdout, "flush", None)
    return made


def run_application(runtime: Any, line: Any, folder: Any = None, wait: Any = False,
                    code: Any = None) -> None:
    """``ЗапуститьПриложение(СтрокаКоманды, ТекущийКаталог, ДождатьсяЗавершения)``; the
    fourth argument (the exit code, written back) is not supported here."""
    if code is not None:
        raise ProgramFault("Встроенный интерпретатор не поддерживает КодВозврата "
                           "ЗапуститьПриложение (он есть в OneScript)")
    process = create_process(runtime, line, folder)
    process.bsl_start()
    if wait:
        process.bsl_waitforexit()


def current_process() -> Process:
    allowed("ТекущийПроцесс")
    return Process(None, pid=os.getpid())


def process_by_id(pid: Any) -> Process | None:
    allowed("НайтиПроцессПоИдентификатору")
    number = int(pid) if type(pid) is int else int(_text(pid)) if _text(pid).isdigit() else -1
    return Process(None, pid=number) if number > 0 and os.path.exists(f"/proc/{number}") else None


def processes_by_name(name: Any) -> BslArray:
    allowed("НайтиПроцессыПоИмени")
    wanted = _text(name)
    found = []
    for entry in sorted(os.listdir("/proc")) if os.path.isdir("/proc") else []:
        if not entry.isdigit():
            continue
        try:
            with open(f"/proc/{entry}/comm", encoding="utf-8", errors="replace") as comm:
                own = comm.read().strip()
        except OSError:
            continue
        if own.removesuffix(".exe") == wanted:
            found.append(Process(None, pid=int(entry)))
    return BslArray(found)


register_type("Процесс", "Process")
register_type("ПотокВыводаТекста", "TextOutputStream")
register_type("ПотокВводаТекста", "TextInputStream")

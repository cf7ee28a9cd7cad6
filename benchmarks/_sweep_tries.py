"""The tries of benchmarks/hostile_sweep.py: each a hostile input and its good outcome."""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

CATEGORIES = ["command line", "suite files", "misbehaving ports", "interpreters",
              "concurrency and atomicity", "environment", "security"]
Setup = Callable[[Path, Path], None]
PORT = Path("ports/collatz/python")
SECRET_LINK = "outside/secret.txt"  # a link to it is made relative to the suite's parent


def nothing(suite: Path, outside: Path) -> None:
    """No change to the suite."""


def no_problems(suite: Path, outside: Path, done: subprocess.CompletedProcess[bytes]
                ) -> list[str]:
    return []


@dataclass
class Try:
    category: str
    name: str
    words: list[str]
    codes: tuple[int, ...] = (2,)
    setup: Setup = nothing
    bound: float = 60
    one_line: bool = True
    no_escape: bool = True
    extra_env: dict[str, str | None] = field(default_factory=dict)
    stdin: bytes | None = b""
    check: Callable[[Path, Path, subprocess.CompletedProcess[bytes]], list[str]] = no_problems
    runner: Callable[[Try, Path, dict[str, str]], subprocess.CompletedProcess[bytes]] | None \
        = None

    def env(self, work: Path) -> dict[str, str | None]:
        return {k: (v.replace("{work}", str(work)) if v else v)
                for k, v in self.extra_env.items()}

    def run(self, suite: Path, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
        if self.runner is not None:
            return self.runner(self, suite, env)
        return subprocess.run([sys.executable, "-m", "portcheck", *self.words], cwd=suite,
                              env=env, input=self.stdin, capture_output=True,
                              timeout=self.bound + 20, check=False)


def write(relative: str, text: str | bytes) -> Setup:
    def setup(suite: Path, outside: Path) -> None:
        path = suite / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.is_symlink() or path.exists():
            path.unlink()
        if isinstance(text, bytes):
            path.write_bytes(text)
        else:
            path.write_text(text.replace("{outside}", str(outside)), encoding="utf-8")
    return setup


def link(relative: str, target: str) -> Setup:
    def setup(suite: Path, outside: Path) -> None:
        path = suite / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        if path.exists() or path.is_symlink():
            path.unlink()
        path.symlink_to(target.replace("{outside}", str(outside)))
    return setup


def fifo(relative: str) -> Setup:
    def setup(suite: Path, outside: Path) -> None:
        path = suite / relative
        path.unlink(missing_ok=True)  # a template port has no port.yaml (it is optional)
        os.mkfifo(path)
    return setup


def both(*setups: Setup) -> Setup:
    def setup(suite: Path, outside: Path) -> None:
        for one in setups:
            one(suite, outside)
    return setup


# A port records its processes' ids for the sweep to look for afterwards; in the box (a PID
# namespace, /tmp of its own) ids mean nothing outside and the file is out of reach: nothing
# is recorded there (the box's own end is tests/hostile/test_sandbox.py's to check).
RECORD = ("import os as _os\ndef record(pid):\n    try:\n"
          "        open(_os.environ['SWEEP_PIDS'], 'a').write(f'{pid} ')\n"
          "    except (KeyError, OSError):\n        pass\nrecord(_os.getpid())\n")


def port_program(code: str) -> Setup:
    """The Python port replaced by ``code`` (a contributed port, no template)."""
    yaml = ("algorithm: collatz\nlanguage: python\norigin: contributed\nprogram: collatz.py\n"
            "cases: [n-1, n-6]\n")
    return both(write(f"{PORT}/port.yaml", yaml), write(f"{PORT}/collatz.py", RECORD + code))


def template_program(code: str) -> Setup:
    """The Python template replaced by ``code``: what ``run`` and ``listing ALGO NAME=VALUE``
    render and run (``run``: "renders that language's template for one case",
    docs/commands.md), the template port as ``init`` made it."""
    return write("templates/python/collatz.py.j2", RECORD + code)


# ---- command line ------------------------------------------------------------------------

COMMANDS = {"verify": [], "check": ["collatz", "ports/collatz/python/collatz.py"],
            "listing": ["collatz"], "golden": ["check"], "run": ["collatz", "--lang", "python"],
            "reference": ["collatz", "n=6"], "fuzz": ["--count", "3"], "render": ["check"],
            "exec": ["x.bsl"], "report": ["-o", "site"], "mutate": ["collatz"]}
BAD_OPTIONS = [["--nosuch"], ["--timeout", "-1"], ["--timeout", "abc"], ["--timeout", "1e99"],
               ["--timeout", "nan"], ["--max-output", "-5"], ["--max-output", "12Q"],
               ["--lang", "nosuch"], ["--jobs", "0"], ["--jobs", "-3"],
               ["--engine", "kumir", "--lang", "python"], ["--seed", "x"],
               ["--cases", ""], ["--cases", ","], ["--color", "maybe"],
               ["\udcff\udcfe"], ["x" * 100_000]]


def command_line() -> Iterator[Try]:
    for command, words in COMMANDS.items():
        for bad in BAD_OPTIONS:
            yield Try("command line", f"{command} {' '.join(bad)[:30]!r}",
                      [command, *words, *bad], codes=(2,))
    for words, why in [
            (["check", "collatz", "ports/collatz/python/collatz.py", "--cases", ""],
             "no case selected"),
            (["check", "collatz", "ports/collatz/python/collatz.py", "--cases", "nosuch"],
             "unknown case"),
            (["verify", "collatz", "--lang", "kumir"], "a language with no port of it"),
            (["verify", "nosuch"], "an unknown algorithm"),
            (["verify", "../../etc"], "an algorithm name with a path"),
            (["verify", "--lang", "java", "--lang", "python"], "two --lang"),
            (["golden", "update", "--new-only", "--allow-changed"], "contradicting options"),
            (["listing", "collatz", "--cases", ""], "listing of no case"),
            (["run", "collatz", "--lang", "python", "--engine", "kumir"], "engine ignored"),
            (["reference", "collatz", "n=0"], "a parameter out of range"),
            (["reference", "collatz", "n=" + "9" * 5000], "a 5000-digit parameter"),
            (["reference", "collatz", "m=3"], "an unknown parameter"),
            (["reference", "collatz", "n"], "a parameter without a value"),
            (["exec", "nosuch.bsl"], "a missing file"),
            (["exec", "."], "a folder"),
            (["exec", "ports/collatz/python/collatz.py"], "a file of no language"),
            ([], "no command"), (["nosuch"], "an unknown command"),
            (["init", "."], "init over a suite"),
            (["check", "collatz", "ports/collatz/python/collatz.py", "--stdin", "nosuch"],
             "a missing --stdin"),
            (["check", "collatz", "ports/collatz/python/collatz.py", "--normalize",
              "/dev/zero"], "--normalize /dev/zero"),
            (["check", "collatz", "ports/collatz/python/collatz.py", "--stdin", "/dev/zero"],
             "--stdin /dev/zero"),
    ]:
        yield Try("command line", why, words, codes=(2,), bound=30)


# ---- suite files -------------------------------------------------------------------------

YAML_BAD = {
    "not YAML": "algorithm: [unclosed\n",
    "a NUL byte": "algorithm: colla\x00tz\nlanguage: python\n",
    "a 5000-digit number": "algorithm: collatz\nlanguage: python\ncases: [n-1]\nx: "
                           + "9" * 5000 + "\n",
    "a Python tag": "algorithm: !!python/object/apply:os.system ['true']\n",
    "a billion laughs": "a: &a [x,x,x,x,x,x,x,x,x]\nb: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
                        "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\nd: &d [*c,*c,*c,*c,*c,*c,*c,*c]\n"
                        "e: [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n",
    "a list, not a mapping": "- algorithm\n- collatz\n",
    "empty": "",
    "not UTF-8": b"algorithm: collatz\xff\xfe\nlanguage: python\n",
    "a wrong type": "algorithm: 5\nlanguage: [python]\norigin: x\nprogram: 3\n",
    "an unknown key": "algorithm: collatz\nlanguage: python\norigin: contributed\n"
                      "program: collatz.py\ncases: [n-1]\nsurprise: yes\n",
    "an unknown case": "algorithm: collatz\nlanguage: python\norigin: contributed\n"
                       "program: collatz.py\ncases: [n-99999]\n",
    "no cases": "algorithm: collatz\nlanguage: python\norigin: contributed\n"
                "program: collatz.py\ncases: []\n",
    "an unknown language": "algorithm: collatz\nlanguage: cobol\norigin: contributed\n"
                           "program: collatz.py\ncases: [n-1]\n",
    "program outside": "algorithm: collatz\nlanguage: python\norigin: contributed\n"
                       "program: ../../../outside/secret.txt\ncases: [n-1]\n",
    "program absolute": "algorithm: collatz\nlanguage: python\norigin: contributed\n"
                        "program: {outside}/secret.txt\ncases: [n-1]\n",
    "stdin outside": "algorithm: collatz\nlanguage: python\norigin: contributed\n"
                     "program: collatz.py\nstdin: ../../../outside/secret.txt\ncases: [n-1]\n",
    "template outside": "algorithm: collatz\nlanguage: python\norigin: template\n"
                        "program: collatz.py\ntemplate: ../outside/secret.txt\n"
                        "cases: [n-1]\n",
    "a deep nesting": "a: " + "[" * 5000 + "]" * 5000 + "\n",
    "a huge line": "algorithm: " + "c" * 3_000_000 + "\n",
    "duplicate keys": "algorithm: collatz\nalgorithm: other\nlanguage: python\n",
}
GOLDEN_BAD = dict(YAML_BAD, **{
    "an output of wrong type": "algorithm: collatz\ncases:\n  n-1:\n    params: {n: 1}\n"
                               "    output: 5\n",
    "params wrong": "algorithm: collatz\ncases:\n  n-1:\n    params: {n: [1]}\n"
                    "    output: 'x'\n",
})
REFERENCE_BAD = {
    "a syntax error": "def output(:\n",
    "os._exit(0) in output": "import os\n{base}\ndef output(n):\n    os._exit(0)\n",
    "os._exit(0) at import": "import os\nos._exit(0)\n",
    "sys.exit(0) in output": "import sys\n{base}\ndef output(n):\n    sys.exit(0)\n",
    "an endless output": "{base}\ndef output(n):\n    while True:\n        pass\n",
    "prints to stdout": "{base}\ndef output(n):\n    print('\\x1b[2Jok')\n    return 'x\\n'\n",
    "KeyboardInterrupt": "{base}\ndef output(n):\n    raise KeyboardInterrupt\n",
    "raises": "{base}\ndef output(n):\n    raise ValueError('no')\n",
    "check_inputs TypeError": "{base}\ndef check_inputs(**kw):\n    raise TypeError('x')\n",
    "a memory hog": "{base}\ndef output(n):\n    x = [0] * 10**11\n    return ''\n",
    "an endless output text": "{base}\ndef output(n):\n    return 'x' * 10**9\n",
    "a child that outlives it": "import subprocess, os\n{base}\ndef output(n):\n"
                                "    p = subprocess.Popen(['sleep', '300'])\n"
                                "    open(os.environ['SWEEP_PIDS'], 'a').write(f'{{p.pid}} ')\n"
                                "    return 'x\\n'\n",
    "writes outside": "{base}\ndef output(n):\n    open('{outside}/keep/file.txt', 'w')"
                      ".write('gone')\n    return 'x\\n'\n",
    "no NAME": "def output(n):\n    return ''\n",
    "returns bytes": "{base}\ndef output(n):\n    return b'x'\n",
    "a signal to the parent": "import os, signal\n{base}\ndef output(n):\n"
                              "    os.kill(os.getppid(), signal.SIGKILL)\n    return ''\n",
}
# References whose output() returns its text after doing something it should not: what it
# prints goes to /dev/null and what it starts is killed when the call ends
# (portcheck/suite/reference_host.py), so `reference` prints the returned text, exit 0.
# "writes outside": the reference runs in a box with the suite read-only and only a scratch
# folder writable (docs/sandbox.md), so its write fails and the reference's error is the
# answer (exit 1 or 2), with nothing written.
REFERENCE_ANSWERS = {"prints to stdout", "a child that outlives it"}
REF_BASE = ("from portcheck.suite.params import IntParam\nNAME = 'collatz'\nTITLE = 't'\n"
            "PARAMS = {'n': IntParam(1, 1000000, 'n')}\nCASES = {'n-1': {'n': 1}}")


def suite_files() -> Iterator[Try]:
    commands = [["verify"], ["golden", "check"], ["list"]]
    for why, text in YAML_BAD.items():
        # an empty port.yaml of a template port says nothing differs from what its place
        # gives ("Every key of port.yaml has the default the layout gives", docs/ports.md)
        codes = (0,) if why == "empty" else (1, 2)
        for words in commands:
            yield Try("suite files", f"port.yaml {why}: {' '.join(words)}", words,
                      codes=codes, setup=write(f"{PORT}/port.yaml", text))
    for why, text in GOLDEN_BAD.items():
        for words in commands[:2]:
            yield Try("suite files", f"golden {why}: {' '.join(words)}", words,
                      codes=(1, 2), setup=write("golden/collatz.yaml", text))
    for why, text in REFERENCE_BAD.items():
        code = text.replace("{base}", REF_BASE)
        for words in (["verify"], ["golden", "check"], ["reference", "collatz", "n=1"]):
            codes: tuple[int, ...] = (1, 2)
            if words[0] == "reference" and why in REFERENCE_ANSWERS:
                codes = (0,)  # it returned its text: `reference` prints it (below)
            if why == "a signal to the parent":
                codes = (-9, 1, 2)  # portcheck cannot survive its own SIGKILL (Signals)
                if words[0] == "reference":
                    # boxed, its parent is its box's init, which a signal from inside the
                    # box cannot kill ("its own PID namespace", docs/sandbox.md): it returns
                    # its text, and `reference` prints it
                    codes = (-9, 0, 1, 2)
            yield Try("suite files", f"reference {why}: {' '.join(words)}", words,
                      codes=codes, setup=write("reference/collatz.py", code), bound=90)
    for relative in (f"{PORT}/port.yaml", "golden/collatz.yaml", "reference/collatz.py",
                     f"{PORT}/transcript.txt", "templates/python/collatz.py.j2"):
        for words in (["verify"], ["golden", "check"], ["render", "check"]):
            codes = (1, 2)
            if words == ["render", "check"] and relative == "golden/collatz.yaml":
                # render check compares rendered templates with the programs: it reads no
                # golden (docs/commands.md), so a FIFO or /dev/zero there is never opened
                codes = (0,)
            yield Try("suite files", f"{relative} a FIFO: {' '.join(words)}", words,
                      codes=codes, setup=fifo(relative), bound=30)
            yield Try("suite files", f"{relative} -> /dev/zero: {' '.join(words)}", words,
                      codes=codes, setup=link(relative, "/dev/zero"), bound=30)
    for text in ("{% include '/etc/passwd' %}", "{{ ''.__class__.__mro__ }}", "{% if %}",
                 "{{ undefined_name.x }}", "{% for %}"):
        yield Try("suite files", f"template {text[:20]}", ["render", "check"], codes=(1, 2),
                  setup=write("templates/python/collatz.py.j2", text))


# ---- misbehaving ports -------------------------------------------------------------------

PORTS = {
    "prints nothing": "",
    "prints extra": "print('1: 0 steps, peak 1')\nprint('6: 8 steps, peak 16')\nprint('x')\n",
    "loops for ever": "while True:\n    pass\n",
    "prints for ever": "while True:\n    print('x' * 1000)\n",
    "one endless line": "import sys\nwhile True:\n    sys.stdout.write('x' * 1000)\n",
    "floods stderr": "import sys\nwhile True:\n    sys.stderr.write('e' * 1000)\n",
    "ANSI to fake ok": "print('\\x1b[2K\\x1b[1A\\x1b[2Kcollatz ok\\x1b[0m')\n",
    "a NUL byte": "print('1: 0 steps\\x00, peak 1')\n",
    "not UTF-8": "import sys\nsys.stdout.buffer.write(b'\\xff\\xfe\\n')\n",
    "exits 3": "import sys\nsys.exit(3)\n",
    "segfaults": "import ctypes\nctypes.string_at(0)\n",
    "kills itself": "import os, signal\nos.kill(os.getpid(), signal.SIGKILL)\n",
    "stops itself": "import os, signal\nos.kill(os.getpid(), signal.SIGSTOP)\n",
    "reads stdin for ever": "import sys\nsys.stdin.read()\nwhile True:\n    pass\n",
    "closes stdout then loops": "import os\nos.close(1)\nwhile True:\n    pass\n",
    "a setsid daemon": "import os, time\nif os.fork() == 0:\n    os.setsid()\n"
                       "    record(os.getpid())\n"
                       "    os.close(1); os.close(2)\n    time.sleep(300)\n",
    "twenty children": "import os, subprocess\nfor _ in range(20):\n"
                       "    p = subprocess.Popen(['sleep', '300'], stdout=subprocess.DEVNULL)\n"
                       "    record(p.pid)\n",
    "kills portcheck": "import os, signal, subprocess\n"
                       "p = subprocess.Popen(['sleep', '300'])\n"
                       "record(p.pid)\n"
                       "os.kill(os.getppid(), signal.SIGKILL)\n",
    "a child holding the pipes": "import os, subprocess\n"
                                 "p = subprocess.Popen(['sleep', '300'])\n"
                                 "record(p.pid)\n"
                                 "print('1: 0 steps, peak 1')\n",
    "a huge line": "print('x' * 5_000_000)\n",
    "a memory hog": "x = bytearray(10**8)\nwhile True:\n    x += bytearray(10**8)\n",
    "a thread left": "import threading, time\nthreading.Thread(target=time.sleep, "
                     "args=(300,)).start()\n",
    "unicode tricks": "print('1: 0 steps, peak 1\\u202e\\u200b')\nprint('\\r6: 8 steps')\n",
}


# Programs that end by themselves with exit status 0 (a daemon or a child may outlive them):
# `run` shows a run and checks nothing, so it passes their status on (0); `verify`, `check`
# and `listing` check what they printed, and fail them.
ENDS_WELL = {"prints nothing", "prints extra", "ANSI to fake ok", "a NUL byte", "not UTF-8",
             "a setsid daemon", "twenty children", "a child holding the pipes", "a huge line",
             "unicode tricks"}


def misbehaving_ports() -> Iterator[Try]:
    for boxing, label in ((None, ""), ("off", " (unboxed)")):
        for why, code in PORTS.items():
            stops_portcheck = why == "kills portcheck"
            for words in (["verify", "--timeout", "2", "--max-output", "64k"],
                          # check: the cases it prints must be named (`check --help`)
                          ["check", "collatz", f"{PORT}/collatz.py", "--cases", "n-1,n-6",
                           "--timeout", "2"],
                          # run and listing NAME=VALUE render the template and run it
                          ["run", "collatz", "--lang", "python", "n=6", "--timeout", "2"],
                          ["listing", "collatz", "--lang", "python", "n=6", "--timeout", "2"]):
                command = words[0]
                codes: tuple[int, ...] = (1,)
                if command == "run" and (why in ENDS_WELL or stops_portcheck):
                    codes = (0,)  # run prints what it printed, checks nothing
                if stops_portcheck:
                    # unboxed it can kill its parent (portcheck cannot survive its own
                    # SIGKILL: docs/reliability.md, Signals); boxed, its parent is the box's
                    codes = (-9, *codes)
                from_template = command in ("run", "listing")
                yield Try("misbehaving ports", f"{why}: {command}{label}", words, codes=codes,
                          setup=(template_program if from_template else port_program)(code),
                          bound=40, one_line=False, extra_env={"PORTCHECK_SANDBOX": boxing},
                          runner=on_a_terminal if command == "run" else None)


def on_a_terminal(one: Try, suite: Path, env: dict[str, str]
                  ) -> subprocess.CompletedProcess[bytes]:
    """``one`` with its stdout on a terminal (a pseudo-terminal read here): `run` prints a
    program's output "as it is into a file or a pipe, its control characters escaped on a
    terminal" (portcheck.terminal.output), so a terminal is where to look for an ESC."""
    import pty
    import threading

    leader, follower = pty.openpty()
    chunks: list[bytes] = []

    def drain() -> None:
        while True:
            try:
                chunk = os.read(leader, 65536)
            except OSError:
                return
            if not chunk:
                return
            chunks.append(chunk)
    reader = threading.Thread(target=drain, daemon=True)
    reader.start()
    try:
        done = subprocess.run([sys.executable, "-m", "portcheck", *one.words], cwd=suite,
                              env=env, stdin=subprocess.DEVNULL, stdout=follower,
                              stderr=subprocess.PIPE, timeout=one.bound + 20, check=False)
    finally:
        os.close(follower)
        reader.join(5)
        os.close(leader)
    return subprocess.CompletedProcess(done.args, done.returncode, b"".join(chunks),
                                       done.stderr)


# ---- interpreters ------------------------------------------------------------------------

BSL = {
    "deep nesting": "Если Истина Тогда\n" * 13_000 + "КонецЕсли;\n" * 13_000,
    "a chain of + past the limit": "с = 1" + " + 1" * 26_000 + ";\n",
    "a huge literal": 'с = "' + "a" * 3_000_000 + '";\n',
    "strings doubling": 'с = "ab";\nПока Истина Цикл\nс = с + с;\nКонецЦикла;\n',
    "Добавить for ever": "м = Новый Массив;\nПока Истина Цикл\nм.Добавить(1);\nКонецЦикла;\n",
    "a huge array": "м = Новый Массив(2000000000);\n",
    "a catastrophic regex": 'р = Новый РегулярноеВыражение("^(a+)+$");\n'
                            'Сообщить(р.Совпадает("' + "a" * 40 + '!"));\n',
    "an exception with a newline": 'ВызватьИсключение "раз" + Символы.ПС + "\x1b[2Jдва";\n',
    "ESC in output": 'Сообщить(Символ(27) + "[2Jok");\n',
    "division by zero": "Сообщить(1 / 0);\n",
    "infinite recursion": "Функция Ф(н)\nВозврат Ф(н + 1);\nКонецФункции\nСообщить(Ф(1));\n",
    "a 5000-digit number": "с = " + "9" * 5000 + ";\n",
    "Выполнить of a huge text": 'Выполнить(СтрПовторить("с = 1;", 200000));\n',
    "a lone surrogate": "Сообщить(Символ(56448));\n",
    "not UTF-8": b"\xff\xfe\xfd",
    "an empty file": "",
    "a NUL byte": "Сообщить(1);\x00\n",
    "an unknown name": "Сообщить(Неизвестная);\n",
    "a syntax error": "Если Тогда КонецЕсли\n",
    "an endless loop": "Пока Истина Цикл\nКонецЦикла;\n",
}
KUMIR = {
    "deep nesting": "алг\nнач\n" + "если да то\n" * 13_000 + "все\n" * 13_000 + "кон\n",
    "strings doubling": 'алг\nнач\n  лит с\n  с := "ab"\n  нц пока да\n    с := с + с\n'
                        "  кц\nкон\n",
    "ввод, stdin closed": "алг\nнач\n  цел н\n  ввод н\n  вывод н\nкон\n",
    "a huge table": "алг\nнач\n  цел таб т[1:2000000000]\nкон\n",
    "division by zero": "алг\nнач\n  вывод div(1, 0)\nкон\n",
    "an overflow": "алг\nнач\n  цел н\n  н := 2147483647\n  н := н + 1\nкон\n",
    "infinite recursion": "алг\nнач\n  ф\nкон\nалг ф\nнач\n  ф\nкон\n",
    "a syntax error": "алг\nнач\n  если то\nкон\n",
    "ESC in output": "алг\nнач\n  вывод юнисимвол(27), \"[2Jok\"\nкон\n",
    "an empty file": "",
    "not UTF-8": b"\xff\xfe\xfd",
    "a huge program": "алг\nнач\n" + "вывод 1\n" * 200_000 + "кон\n",
}


# What `portcheck exec` does by design (docs/exec.md): "a program's output goes to stdout"
# (this terminal's, as the language's own interpreter would print it: an ESC stays an ESC);
# an empty file and a lone surrogate (printed as U+FFFD) are valid programs that end well;
# `ввод` reads the "5" given on stdin.  exec has no time limit (an interactive run of one's
# own file, ended by Ctrl-C): an endless program is interrupted after INTERRUPT_AFTER s and
# must end at once, 130 (or 1 where its memory limit came first).
EXEC_ENDS_WELL = {"an empty file", "a lone surrogate", "ESC in output"}
EXEC_ENDLESS = {"strings doubling", "Добавить for ever", "a catastrophic regex",
                "an endless loop"}
INTERRUPT_AFTER = 5.0


def interpreter_try(suffix: str, why: str, text: str | bytes, words_after: list[str],
                    stdin: bytes | None, label: str) -> Try:
    name = f"x.{suffix}"
    if "--encoding" in words_after and isinstance(text, str):  # the file as that encoding
        text = text.encode(words_after[words_after.index("--encoding") + 1])
    codes: tuple[int, ...] = (1, 2)
    if why in EXEC_ENDS_WELL or (why == "ввод, stdin closed" and stdin):
        codes = (0,)
    endless = why in EXEC_ENDLESS
    if endless:
        codes = (1, 130)
    closed = stdin is None
    runner = exec_runner(closed, INTERRUPT_AFTER if endless else None) \
        if closed or endless else None
    return Try("interpreters", f"{suffix} {why}{label}", ["exec", *words_after, name],
               codes=codes, setup=write(name, text), bound=60, one_line=False,
               stdin=stdin, no_escape=why != "ESC in output", runner=runner)


def exec_runner(closed: bool, interrupt_after: float | None
                ) -> Callable[[Try, Path, dict[str, str]], subprocess.CompletedProcess[bytes]]:
    """``exec`` with stdin closed (not inherited: ``<&-``), and/or Ctrl-C (SIGINT to
    portcheck's process group, as a terminal sends it) after ``interrupt_after`` s; an end
    later than 5 s after the signal is the try's failure."""
    def runner(one: Try, suite: Path, env: dict[str, str]
               ) -> subprocess.CompletedProcess[bytes]:
        command = [sys.executable, "-m", "portcheck", *one.words]
        if closed:
            command = ["sh", "-c", 'exec "$@" <&-', "sh", *command]
        started = subprocess.Popen(command, cwd=suite, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE, start_new_session=True,
                                   stdin=None if closed else subprocess.PIPE)
        try:
            out, err = started.communicate(None if closed else one.stdin or b"",
                                           timeout=interrupt_after or one.bound)
        except subprocess.TimeoutExpired:
            os.killpg(started.pid, signal.SIGINT)
            try:
                out, err = started.communicate(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(started.pid, signal.SIGKILL)
                started.communicate()
                raise subprocess.TimeoutExpired(command, (interrupt_after or 0) + 5) from None
        return subprocess.CompletedProcess(command, started.returncode, out, err)
    return runner


def interpreters() -> Iterator[Try]:
    variants = [([], b"5\n", ""), ([], None, " (stdin closed)"),
                (["--engine", "embedded"], b"", " (embedded)"),
                (["--encoding", "cp1251"], b"", " (cp1251)")]
    for words, stdin, label in variants:
        for why, text in BSL.items():
            yield interpreter_try("bsl", why, text, words, stdin, label)
        for why, text in KUMIR.items():
            yield interpreter_try("kum", why, text, words, stdin, label)
    rng = random.Random(29)
    alphabet = [*"Если Тогда КонецЕсли Пока Цикл ;()=+\"\n[]{}.,алгначкон|", "\x00"]
    for number in range(40):
        text = "".join(rng.choice(alphabet) for _ in range(rng.randint(1, 400)))
        suffix = "bsl" if number % 2 else "kum"
        yield interpreter_try(suffix, f"random text #{number}", text, [], b"", "")


# ---- concurrency and atomicity -----------------------------------------------------------

def two_at_once(one: Try, suite: Path, env: dict[str, str]) -> subprocess.CompletedProcess[bytes]:
    command = [sys.executable, "-m", "portcheck", *one.words]
    first = subprocess.Popen(command, cwd=suite, env=env, stdout=subprocess.PIPE,
                             stderr=subprocess.PIPE)
    second = subprocess.run(command, cwd=suite, env=env, capture_output=True,
                            timeout=one.bound, check=False)
    out, err = first.communicate(timeout=one.bound)
    code = first.returncode if first.returncode != 0 else second.returncode
    return subprocess.CompletedProcess(command, code, out + second.stdout, err + second.stderr)


def killed_midway(after: float) -> Callable[[Try, Path, dict[str, str]],
                                             subprocess.CompletedProcess[bytes]]:
    def runner(one: Try, suite: Path, env: dict[str, str]
               ) -> subprocess.CompletedProcess[bytes]:
        command = [sys.executable, "-m", "portcheck", *one.words]
        started = subprocess.Popen(command, cwd=suite, env=env, stdout=subprocess.PIPE,
                                   stderr=subprocess.PIPE)
        time.sleep(after)
        started.send_signal(signal.SIGKILL)
        started.communicate(timeout=one.bound)
        again = subprocess.run([sys.executable, "-m", "portcheck", "golden", "check"],
                               cwd=suite, env=env, capture_output=True, timeout=one.bound,
                               check=False)
        return again  # what is left must still be a whole suite
    return runner


def concurrency() -> Iterator[Try]:
    for words in (["verify"], ["golden", "check"], ["render", "check"],
                  ["golden", "update"], ["render", "write"]):
        yield Try("concurrency and atomicity", f"two {' '.join(words)} at once", words,
                  codes=(0,), runner=two_at_once, bound=120)
    for after in (0.3, 0.8, 1.2, 1.6, 2.0, 2.5, 3.0):
        for words in (["golden", "update"], ["render", "write"]):
            yield Try("concurrency and atomicity", f"SIGKILL at {after} s: {' '.join(words)}",
                      words, codes=(0,), runner=killed_midway(after), bound=120)


# ---- environment -------------------------------------------------------------------------

ENVIRONMENTS: dict[str, dict[str, str | None]] = {
    "HOME unset": {"HOME": None},
    "HOME a file": {"HOME": "/etc/hostname"},
    "cache a file": {"PORTCHECK_CACHE": "/etc/hostname"},
    "cache unwritable": {"PORTCHECK_CACHE": "/proc/portcheck-cache"},
    "LANG=C": {"LANG": "C", "LC_ALL": "C"},
    "PYTHONIOENCODING ascii": {"PYTHONIOENCODING": "ascii"},
    "PATH empty": {"PATH": ""},
    "COLUMNS=-1": {"COLUMNS": "-1"},
    "COLUMNS=abc": {"COLUMNS": "abc"},
    "TMPDIR missing": {"TMPDIR": "/nonexistent/tmp"},
    "TERM odd": {"TERM": "\x1b[2J"},
    "PORTCHECK_REQUIRE_RUNTIMES=1": {"PORTCHECK_REQUIRE_RUNTIMES": "1"},
}


def environment() -> Iterator[Try]:
    for why, env in ENVIRONMENTS.items():
        for words, codes in ((["verify", "--lang", "python"], (0,)), (["list"], (0,)),
                             (["golden", "check"], (0,)), (["verify", "--timeout", "x"], (2,)),
                             (["exec", "x.bsl"], (0,))):
            yield Try("environment", f"{why}: {' '.join(words)}", words, codes=codes,
                      extra_env=env, setup=write("x.bsl", "Сообщить(1);\n"))
    for words in (["list"], ["verify"], ["listing", "collatz", "--format", "md"]):
        yield Try("environment", f"stdout /dev/full: {words[0]}", words, codes=(2,),
                  runner=to_dev_full)
        yield Try("environment", f"stdout closed: {words[0]}", words, codes=(0, 2),
                  runner=closed_stdout)


def to_dev_full(one: Try, suite: Path, env: dict[str, str]
                ) -> subprocess.CompletedProcess[bytes]:
    with open("/dev/full", "wb") as full:
        done = subprocess.run([sys.executable, "-m", "portcheck", *one.words], cwd=suite,
                              env=env, stdout=full, stderr=subprocess.PIPE, timeout=60,
                              check=False)
    return subprocess.CompletedProcess(done.args, done.returncode, b"", done.stderr)


def closed_stdout(one: Try, suite: Path, env: dict[str, str]
                  ) -> subprocess.CompletedProcess[bytes]:
    done = subprocess.run(["sh", "-c", 'exec "$@" >&-', "sh", sys.executable, "-m",
                           "portcheck", *one.words], cwd=suite, env=env,
                          stderr=subprocess.PIPE, timeout=60, check=False)
    return subprocess.CompletedProcess(done.args, done.returncode, b"", done.stderr)


# ---- security ----------------------------------------------------------------------------

def security() -> Iterator[Try]:
    outputs = {"listing -o": ["listing", "collatz", "--format", "md", "-o", "{target}"],
               "report -o": ["report", "-o", "{target}"],
               "verify --junit-xml": ["verify", "--junit-xml", "{target}"]}
    targets = {"a link to a file outside": ("out", "../outside/secret.txt"),
               "a link to a folder outside": ("out", "../outside/keep"),
               "a link to /dev/full": ("out", "/dev/full")}
    for what, words in outputs.items():
        for why, (name, target) in targets.items():
            yield Try("security", f"{what} {why}", [w.replace("{target}", name)
                                                    for w in words],
                      codes=(1, 2), setup=link(name, target))
        yield Try("security", f"{what} /dev/full", [w.replace("{target}", "/dev/full")
                                                   for w in words], codes=(1, 2))
    yield Try("security", "report -o beside a .out.old of someone else",
              ["report", "-o", "out"], codes=(0, 1), setup=both(
                  link(".out.old", "../outside/keep")))
    for relative in (f"{PORT}/transcript.txt", f"{PORT}/collatz.py"):
        for words in (["verify"], ["report", "-o", "site"]):
            yield Try("security", f"{relative} a link outside: {words[0]}", words,
                      codes=(1, 2), setup=link(relative, "../../../../outside/secret.txt"))
    yield Try("security", "a planted pickle in the interpreters' cache",
              ["exec", "x.bsl"], codes=(0,), setup=both(write("x.bsl", "Сообщить(1);\n"),
                                                         plant_cache))
    yield Try("security", "a planted pickle in portcheck's cache", ["verify"], codes=(0,),
              setup=plant_cache)


def plant_cache(suite: Path, outside: Path) -> None:
    """Every file of a cache a try may use replaced by a pickle that writes outside."""
    import pickle

    class Evil:
        def __reduce__(self) -> tuple[object, tuple[str]]:
            return (os.system, (f"echo pwned > {outside}/keep/file.txt",))
    cache = suite.parent / "cache"
    for folder in ("", "portinterp", "bytecode", "builds"):
        (cache / folder).mkdir(parents=True, exist_ok=True)
        (cache / folder / "entry.pickle").write_bytes(pickle.dumps(Evil()))


def tries() -> list[Try]:
    """Every try: this module's, then those for what came later (benchmarks/_sweep_later.py:
    grade, --format json, the limits' options, KuMir's files, 1C's processes)."""
    import _sweep_later

    return [*command_line(), *suite_files(), *misbehaving_ports(), *interpreters(),
            *concurrency(), *environment(), *security(), *_sweep_later.tries()]

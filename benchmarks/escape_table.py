"""What the box prevents, from real runs: each hostile try, in each language that can
express it (Python, C where gcc is present, 1C and KuMir on the embedded interpreters —
forked from verify's zygote, as verify runs them — and the reference's own process), run
once boxed (``--sandbox on``) and once with ``--sandbox off``, and what happened on the
machine written in a table (``--write``: into docs/sandbox.md, block ``escapes``).

What happened is read from the machine, not from what the program says: the file outside
exists or not, the planted secret was printed or not, the listener on 127.0.0.1 got a
connection or not, a process carrying the try's token is alive after the run or not, the
run's verdict (the memory, time or output limit).  Tries a language cannot express are
"—" (KuMir has no network or processes; the embedded 1C has no network objects).
A fork bomb and filling the disk are not run: unboxed they would harm the machine, and
boxed nothing bounds them yet but the time limit (docs/sandbox.md says so).

    python benchmarks/escape_table.py [--write]
"""

from __future__ import annotations

import argparse
import os
import re
import secrets
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from _page import Measurement, add_write_option, replace_block, table

from portcheck.processes import sandbox
from portcheck.runners import get_runner
from portcheck.runners.base import RunResult
from portcheck.runners.environment import RunEnvironment
from portcheck.runners.zygote import session as zygote_session
from portcheck.suite import reference_host

SANDBOX_PAGE = Path(__file__).resolve().parents[1] / "docs" / "sandbox.md"
TIMEOUT = 4.0
MAX_OUTPUT = 1 << 20
TRIES = ("write a file outside its folder", "write into the suite's golden/",
         "read a file in HOME", "connect to 127.0.0.1", "leave a setsid daemon",
         "allocate 8 GiB", "sleep for ever", "print for ever")
NOT_RUN = {"fork without end": "not run: unboxed it would harm the machine; boxed, nothing "
                               "counts its processes (its PID namespace ends with the run)",
           "fill the disk": "not run: nothing counts a run's files' total (64 MiB a file)"}


@dataclass
class Setting:
    """The paths and tokens one try is written with, and the listener it may reach."""

    outside: Path
    golden: Path
    home: Path
    secret: str
    port: int
    token: str


PYTHON = {
    TRIES[0]: "open({outside!r}, 'w').write('x')",
    TRIES[1]: "open({golden!r}, 'a').write('x')",
    TRIES[2]: "print(open({home!r}).read())",
    TRIES[3]: "import socket; socket.create_connection(('127.0.0.1', {port}), timeout=3)",
    TRIES[4]: ("import os\nif os.fork() == 0:\n    os.setsid()\n    if os.fork() == 0:\n"
               "        os.execvp('sleep', ['sleep', {token!r}])\n    os._exit(0)\nos.wait()"),
    TRIES[5]: "b = bytearray(8 * 1024 ** 3); b[::4096] = b'x' * len(b[::4096])",
    TRIES[6]: "import time; time.sleep(10 ** 6)",
    TRIES[7]: "while True: print('x' * 100)",
}
C_HEAD = ("#include <stdio.h>\n#include <stdlib.h>\n#include <string.h>\n#include <unistd.h>\n"
          "#include <arpa/inet.h>\n#include <sys/socket.h>\n#include <sys/wait.h>\n"
          "int main(void) {{\n")
C = {
    TRIES[0]: ('FILE *f = fopen("{outside}", "w"); if (f) {{ fputs("x", f); fclose(f); }}'
               ' else perror("ERR");'),
    TRIES[1]: ('FILE *f = fopen("{golden}", "a"); if (f) {{ fputs("x", f); fclose(f); }}'
               ' else perror("ERR");'),
    TRIES[2]: ('char t[256] = {{0}}; FILE *f = fopen("{home}", "r");'
               ' if (f) {{ fgets(t, 255, f); puts(t); }} else perror("ERR");'),
    TRIES[3]: ("int s = socket(AF_INET, SOCK_STREAM, 0); struct sockaddr_in a = {{0}};"
               " a.sin_family = AF_INET; a.sin_port = htons({port});"
               ' inet_pton(AF_INET, "127.0.0.1", &a.sin_addr);'
               ' if (connect(s, (struct sockaddr *)&a, sizeof a)) perror("ERR");'),
    TRIES[4]: ('if (fork() == 0) {{ setsid(); if (fork() == 0) {{ close(0); close(1); close(2);'
               ' execlp("sleep", "sleep", "{token}", (char *)0); }} _exit(0); }} wait(0);'),
    TRIES[5]: ("size_t n = (size_t)8 << 30; char *p = malloc(n);"
               " if (p) for (size_t i = 0; i < n; i += 4096) p[i] = 1;"),
    TRIES[6]: "for (;;) sleep(1000);",
    TRIES[7]: 'for (;;) puts("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx");',
}
BSL_TRY = ("Попытка\n{body}\nИсключение\nСообщить(\"ERR \" + ИнформацияОбОшибке().Описание);"
           "\nКонецПопытки;\n")
BSL = {
    TRIES[0]: 'Т = Новый ТекстовыйДокумент; Т.УстановитьТекст("x"); Т.Записать("{outside}");',
    TRIES[1]: 'Т = Новый ТекстовыйДокумент; Т.УстановитьТекст("x"); Т.Записать("{golden}");',
    TRIES[2]: 'Т = Новый ТекстовыйДокумент; Т.Прочитать("{home}"); Сообщить(Т.ПолучитьТекст());',
    TRIES[4]: 'ЗапуститьПриложение("setsid sleep {token}");',
    TRIES[5]: 'С = "x"; Пока Истина Цикл С = С + С; КонецЦикла;',
    TRIES[6]: "Пока Истина Цикл КонецЦикла;",
    TRIES[7]: 'Пока Истина Цикл Сообщить("xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx"); КонецЦикла;',
}
KUMIR_FILE = "алг\nнач\n  файл ф\n  лит s\n{body}\n  закрыть(ф)\n  вывод \"done\", нс\nкон\n"
KUMIR = {
    TRIES[0]: KUMIR_FILE.format(body='  ф := открыть на запись("{outside}")\n  вывод ф, "x"'),
    TRIES[1]: KUMIR_FILE.format(body='  ф := открыть на добавление("{golden}")\n  вывод ф, "x"'),
    TRIES[2]: KUMIR_FILE.format(body='  ф := открыть на чтение("{home}")\n  ввод ф, s\n'
                                     '  вывод s, нс'),
    TRIES[5]: "алг\nнач\n  лит s\n  s := \"x\"\n  нц пока да\n    s := s + s\n  кц\nкон\n",
    TRIES[6]: "алг\nнач\n  нц пока да\n  кц\nкон\n",
    TRIES[7]: "алг\nнач\n  нц пока да\n    вывод \"xxxxxxxxxxxxxxxxxxxxxxxx\", нс\n  кц\nкон\n",
}
REFERENCE = {try_: PYTHON[try_] for try_ in TRIES[:7]}  # what it prints goes nowhere


def program_text(language: str, try_: str, s: Setting) -> str | None:
    names = {"outside": str(s.outside), "golden": str(s.golden), "home": str(s.home),
             "port": s.port, "token": s.token}
    if language == "python":
        return PYTHON[try_].format(**names) + "\nprint('done')\n"
    if language == "c":
        return C_HEAD.format() + C[try_].format(**names) + '\nputs("done"); return 0;\n}\n'
    if language == "bsl" and try_ in BSL:
        return BSL_TRY.format(body=BSL[try_].format(**names)) + 'Сообщить("done");\n'
    if language == "kumir" and try_ in KUMIR:
        return KUMIR[try_].format(**names)
    return None


def run_port(language: str, text: str, suite: Path) -> RunResult:
    """The program run as verify runs a port of its language (1C and KuMir: forked from a
    zygote, or run the ordinary way when the zygote does not take the run)."""
    suffix = {"python": "py", "c": "c", "bsl": "bsl", "kumir": "kum"}[language]
    folder = suite / "ports" / "collatz" / f"try-{secrets.token_hex(3)}"
    folder.mkdir(parents=True)
    source = folder / f"escape.{suffix}"
    source.write_text(text, encoding="utf-8")
    with zygote_session(readable=[folder]) as forks:
        runner = get_runner(language, environment=RunEnvironment(zygote=forks))
        return runner.run(runner.build(source), timeout=TIMEOUT, max_output=MAX_OUTPUT)


def run_reference(try_: str, suite: Path, s: Setting) -> RunResult:
    """The try as the reference's ``output``: its answer, or the failure it ended in."""
    module = suite / "reference" / "collatz.py"
    plain = module.read_text(encoding="utf-8")
    body = PYTHON[try_].format(outside=str(s.outside), golden=str(s.golden),
                               home=str(s.home), port=s.port, token=s.token)
    module.write_text(plain + "\n\ndef _try() -> str:\n    import io, contextlib\n"
                      "    said = io.StringIO()\n    with contextlib.redirect_stdout(said):\n"
                      + "".join(f"        {line}\n" for line in body.splitlines())
                      + "    return said.getvalue()\n\n\n_plain = output\n\n\n"
                      "def output(n: int) -> str:\n    return _try() + _plain(n)\n",
                      encoding="utf-8")
    host = reference_host.ReferenceHost(suite)
    try:
        host.declarations()
        answer = host.call("output", "collatz", {"n": 1})
        error = answer.get("error", {})
        text = str(answer.get("value", "")) if "value" in answer else \
            f"ERR {error.get('type', '')}: {error.get('message', '')}"
        return RunResult(stdout=text, stderr="", returncode=0, seconds=0.0)
    except Exception as error:  # the reference's failure is what happened
        return RunResult(stdout=f"ERR {error}", stderr="", returncode=1, seconds=0.0)
    finally:
        host.close()
        module.write_text(plain, encoding="utf-8")


def what_happened(try_: str, result: RunResult, s: Setting,
                  listener: socket.socket) -> str:
    if try_ == TRIES[4]:
        time.sleep(0.3)
        held = " (the run: at the time limit, its output held)" if result.timed_out else ""
        return "**outlived the run**" if _alive(s.token) else "ended with the run" + held
    if "did not finish within" in result.stdout:
        return f"stopped at the time limit ({TIMEOUT:g} s)"
    if result.memory_limited:
        return "stopped: memory limit"
    if result.timed_out:
        return f"stopped at the time limit ({TIMEOUT:g} s)"
    if result.output_limited:
        return "stopped: output limit"
    if try_ == TRIES[0]:
        return "**wrote it**" if s.outside.exists() else _refused(result)
    if try_ == TRIES[1]:
        return "**wrote it**" if s.golden.exists() else _refused(result)
    if try_ == TRIES[2]:
        return "**read it**" if s.secret in result.stdout else _refused(result)
    if try_ == TRIES[3]:
        return "**connected**" if _connected(listener) else _refused(result)
    return _refused(result)


def _refused(result: RunResult) -> str:
    for line in (result.stdout + "\n" + result.stderr).splitlines():
        if line.startswith("ERR") or "Error" in line or "error" in line:
            return "refused: " + _short(line.removeprefix("ERR ").strip())
    if "done" in result.stdout:
        return "no effect outside the box"
    said = result.stderr.strip().splitlines()
    return f"failed (exit {result.returncode})" + (f": {_short(said[-1])}" if said else "")


def _short(text: str) -> str:
    located = re.match(r"^.*?:\d+:\d+: (.*)$", text)  # file:line:col: message
    text = located.group(1) if located else text
    for marker in ("Ошибка доступа к файлу", "Нет доступа к файлу", "Read-only file system",
                   "MemoryError", "No such file or directory", "Network is unreachable",
                   "Connection refused", "не поддерживает", "Permission denied"):
        if marker in text:
            return marker
    return text[:50]


def _connected(listener: socket.socket) -> bool:
    try:
        listener.accept()[0].close()
    except BlockingIOError:
        return False
    return True


def _alive(token: str) -> bool:
    for name in os.listdir("/proc"):
        try:
            if name.isdigit() and token.encode() in Path(f"/proc/{name}/cmdline").read_bytes():
                os.kill(int(name), 9)  # never left behind by this script
                return True
        except OSError:
            continue
    return False


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--folder", default="/var/tmp", help="where the suites and the "
                        "file outside go: on the disk, not in /tmp (the box's own there)")
    add_write_option(parser)
    args = parser.parse_args()
    reference_host.configure(timeout=TIMEOUT, max_output=MAX_OUTPUT)
    measurement = Measurement()
    if sandbox.probe() is not None:
        raise SystemExit(f"bubblewrap is not usable here: {sandbox.probe()}")
    languages: dict[str, Callable[..., RunResult] | None] = {"python": None}
    if shutil.which("gcc"):
        languages["c"] = None
    languages.update({"bsl": None, "kumir": None})
    titles = {"python": "Python", "c": "C", "bsl": "1C (embedded)", "kumir": "KuMir (embedded)",
              "reference": "the reference"}
    rows = []
    with tempfile.TemporaryDirectory(prefix="portcheck-escapes-", dir=args.folder) as folder, \
            socket.socket() as listener:
        listener.bind(("127.0.0.1", 0))
        listener.listen(16)
        listener.setblocking(False)
        home = Path(os.path.expanduser("~")) / f".portcheck-escape-{secrets.token_hex(4)}"
        secret = "secret-" + secrets.token_hex(4)
        home.write_text(secret)
        try:
            for try_ in TRIES:
                for language in [*languages, "reference"]:
                    cells = [try_, titles[language]]
                    for mode in ("on", "off"):
                        suite = Path(folder) / f"suite-{secrets.token_hex(3)}"
                        subprocess.run([sys.executable, "-m", "portcheck", "init", str(suite)],
                                       check=True, capture_output=True)
                        s = Setting(Path(folder) / f"outside-{secrets.token_hex(3)}.txt",
                                    suite / "golden" / "evil.yaml", home, secret,
                                    listener.getsockname()[1],
                                    f"{900 + secrets.randbelow(99)}.{secrets.randbelow(10**6)}")
                        sandbox.configure(mode, hidden=[suite])
                        if language == "reference":
                            if try_ not in REFERENCE:
                                cells.append("—")
                                continue
                            result = run_reference(try_, suite, s)
                        else:
                            text = program_text(language, try_, s)
                            if text is None:
                                cells.append("—")
                                continue
                            result = run_port(language, text, suite)
                        cells.append(what_happened(try_, result, s, listener))
                        print(" | ".join(cells), file=sys.stderr)
                    rows.append(cells)
        finally:
            home.unlink()
    rows += [[try_, "every language", why, why] for try_, why in NOT_RUN.items()]
    body = table(["try", "language", "boxed (`--sandbox on`)", "`--sandbox off`"], rows)
    text = f"{measurement.context()}\n\n{body}\n"
    print(text)
    if args.write:
        replace_block("escapes", text, page=SANDBOX_PAGE)
        print("wrote docs/sandbox.md (bench:escapes)")


if __name__ == "__main__":
    main()

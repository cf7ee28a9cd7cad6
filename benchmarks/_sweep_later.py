"""The tries of benchmarks/hostile_sweep.py for what came after its first full runs: `grade`
(hostile submission folders and students), `--format json` (on check, verify and grade),
the limits' options (`--max-memory`, `--max-processes`, `--max-cpu`, `--max-disk`), KuMir's
file module (in `exec` and in a port) and 1C's process functions in `verify` (those two in
benchmarks/_sweep_interpreter_files.py).  In the categories of benchmarks/_sweep_tries.py,
judged the same way."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

from _sweep_tries import (
    PORT,
    PORTS,
    RECORD,
    Setup,
    Try,
    both,
    closed_stdout,
    fifo,
    link,
    no_problems,
    port_program,
    to_dev_full,
    two_at_once,
    write,
)

SUBS = "subs"  # the class's folder, inside the suite
GOOD = PORT / "collatz.py"  # the suite's own Python port: a student who passes
SECRET_FROM_PORT = "../../../../outside/secret.txt"  # from ports/collatz/<lang>/<file>
ALL_CASES = "n-1,n-6,n-27,n-97,n-871,n-1000000"  # what GOOD prints: check must be told


def good_student(name: str) -> Setup:
    """``subs/<name>``: the suite's own port, a program that passes every case."""
    def setup(suite: Path, outside: Path) -> None:
        path = suite / SUBS / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes((suite / GOOD).read_bytes())
    return setup


def student(name: str, code: str) -> Setup:
    """``subs/<name>``: a Python student whose program is ``code`` (its processes recorded
    for the sweep, as a port's are)."""
    return write(f"{SUBS}/{name}", RECORD + code)


def raw_name(name: bytes, code: str | None) -> Setup:
    """A student whose file name is ``name`` as bytes (not UTF-8, a control character):
    a good program, or ``code``; a name ending in ``/`` is a folder holding a good one."""
    def setup(suite: Path, outside: Path) -> None:
        folder = os.fsencode(suite / SUBS)
        os.makedirs(folder, exist_ok=True)
        target = os.path.join(folder, name)
        if name.endswith(b"/"):
            os.makedirs(target, exist_ok=True)
            target = os.path.join(target, b"collatz.py")
        text = (suite / GOOD).read_text() if code is None else RECORD + code
        with open(target, "w", encoding="utf-8") as handle:
            handle.write(text)
    return setup


def fifo_in(relative: str) -> Setup:
    """A FIFO at ``relative``, its folder made first."""
    def setup(suite: Path, outside: Path) -> None:
        (suite / relative).parent.mkdir(parents=True, exist_ok=True)
        fifo(relative)(suite, outside)
    return setup


def sparse(relative: str, size: int) -> Setup:
    """A file of ``size`` bytes that takes no room: a student's huge program."""
    def setup(suite: Path, outside: Path) -> None:
        path = suite / relative
        path.parent.mkdir(parents=True, exist_ok=True)
        with open(path, "wb") as handle:
            handle.truncate(size)
    return setup


def json_results(suite: Path, outside: Path, done: subprocess.CompletedProcess[bytes]
                 ) -> list[str]:
    """``--format json``: stdout is one JSON document of UTF-8 with no raw control a terminal
    would act on (docs/grading.md, "--format json"), and it says what the exit code says:
    no ``pass`` where portcheck failed; for a usage error nothing at all."""
    if done.returncode == 2:
        return ["JSON on stdout with a usage error"] if done.stdout.strip() else []
    if done.returncode not in (0, 1):
        return []
    try:
        text = done.stdout.decode("utf-8")
    except UnicodeDecodeError:
        return ["stdout is not UTF-8"]
    try:
        document = json.loads(text)
    except ValueError as error:
        return [f"stdout is not one JSON document ({error})"]
    if any(0x80 <= ord(c) <= 0x9F or c in "\u202a\u202b\u202c\u202d\u202e\x7f" for c in text):
        return ["a raw control character in the JSON"]
    objects = [document] if "version" in document else list(document.values())
    statuses = {one.get("status") for one in objects}
    if done.returncode == 1 and statuses == {"pass"}:
        return ["exit 1, yet every status is pass"]
    if done.returncode == 0 and statuses != {"pass"}:
        return [f"exit 0, yet the statuses are {sorted(map(str, statuses))}"]
    return []


# ---- command line: grade, --format, the limits' options -----------------------------------

LIMIT_BAD = {
    "--max-memory": ["0", "-1", "abc", "", "1P", "15M", "9" * 30, "99999999999999999999G"],
    "--max-processes": ["0", "7", "-1", "abc", "", "1e9", "9" * 30],
    "--max-cpu": ["0", "-1", "abc", "", "nan", "inf", "1e99", "3601"],
    "--max-disk": ["0", "1023k", "-1", "abc", "", "1P", "9" * 30, "99999999999999999999G"],
}
LIMITED = {"verify": [], "grade": ["collatz", SUBS],
           "check": ["collatz", str(GOOD), "--cases", ALL_CASES],
           "run": ["collatz", "--lang", "python"], "reference": ["collatz", "n=6"],
           "render": ["check"], "exec": ["x.bsl"], "mutate": ["collatz"]}
FEW_BAD = ("abc", "9" * 30)  # for the commands other than verify and grade


def command_line() -> Iterator[Try]:
    from _sweep_tries import BAD_OPTIONS

    a_class = both(good_student("ann.py"), write("x.bsl", "Сообщить(1);\n"))
    for command, words in LIMITED.items():
        for option, values in LIMIT_BAD.items():
            for value in values if command in ("verify", "grade") else FEW_BAD:
                shown = repr(value) if len(value) < 24 else f"{value[:8]!r}… ({len(value)})"
                yield Try("command line", f"{command} {option} {shown}",
                          [command, *words, option, value], setup=a_class, bound=30)
    for bad in BAD_OPTIONS:
        yield Try("command line", f"grade {' '.join(bad)[:30]!r}",
                  ["grade", "collatz", SUBS, *bad], setup=a_class)
    for words, why, setup in [
            (["grade"], "grade: no ALGO", a_class),
            (["grade", "collatz"], "grade: no SUBMISSIONS", a_class),
            (["grade", "nosuch", SUBS], "grade: an unknown algorithm", a_class),
            (["grade", "collatz", "nosuch"], "grade: a missing folder", a_class),
            (["grade", "collatz", "x.bsl"], "grade: a file, not a folder", a_class),
            (["grade", "collatz", "empty"], "grade: an empty folder",
             both(a_class, write("empty/.hidden.py", "print(1)\n"))),
            (["grade", "collatz", "/dev/zero"], "grade: /dev/zero", a_class),
            (["grade", "collatz", "pipe"], "grade: a FIFO", both(a_class, fifo("pipe"))),
            (["grade", "collatz", SUBS, "--csv", SUBS], "grade: --csv a folder", a_class),
            (["grade", "collatz", SUBS, "--report", "x.bsl"], "grade: --report a file",
             a_class),
            (["grade", "collatz", SUBS, "--engine", "kumir"], "grade: an engine of no student",
             a_class),
            (["verify", "--format", "xml"], "verify --format xml", a_class),
            (["check", "collatz", str(GOOD), "--format", "yaml"], "check --format yaml",
             a_class),
            (["grade", "collatz", SUBS, "--format", ""], "grade --format ''", a_class),
            (["list", "--format", "json"], "list --format json", a_class),
            (["check", "collatz", str(GOOD), "--format", "json", "--cases", ""],
             "check --format json of no case", a_class),
            (["verify", "nosuch", "--format", "json"], "verify --format json nosuch", a_class),
            (["grade", "collatz", "nosuch", "--format", "json"], "grade --format json, no folder",
             a_class),
    ]:
        yield Try("command line", why, words, setup=setup, bound=30, check=json_results)


# ---- suite files: the shapes of a submissions folder --------------------------------------

CLASS_PASSES = {"a FIFO beside a student's program", "a name not UTF-8",
                "a folder name not UTF-8"}


def class_shapes() -> Iterator[Try]:
    ann = good_student("ann.py")
    shapes: dict[str, Setup] = {
        "a FIFO student": fifo(f"{SUBS}/eve.py"),
        "a FIFO in a student's folder": fifo_in(f"{SUBS}/bob/collatz.py"),
        "a FIFO beside a student's program": both(good_student("bob/collatz.py"),
                                                  fifo(f"{SUBS}/bob/data.txt")),
        "a student linking to the secret": link(f"{SUBS}/eve.py", "../../outside/secret.txt"),
        "a link to the secret in a student's folder":
            link(f"{SUBS}/bob/collatz.py", "../../../outside/secret.txt"),
        "a Java link to the secret in a student's folder":  # javac quotes the bad line
            link(f"{SUBS}/bob/Collatz.java", "../../../outside/secret.txt"),
        "a link to a program outside in a student's folder": both(
            write("../outside/keep/evil.py", "print(open('{outside}/secret.txt').read())\n"),
            link(f"{SUBS}/bob/collatz.py", "../../../outside/keep/evil.py")),
        "a link to /dev/zero in a student's folder": link(f"{SUBS}/bob/collatz.py",
                                                         "/dev/zero"),
        "a link to /dev/zero as a student": link(f"{SUBS}/eve.py", "/dev/zero"),
        "a student folder linking outside": link(f"{SUBS}/eve", "../../outside/keep"),
        "a student that is /etc/passwd": link(f"{SUBS}/eve.py", "/etc/passwd"),
        "a link loop": link(f"{SUBS}/eve.py", "eve.py"),
        "a huge sparse Python file": sparse(f"{SUBS}/eve.py", 4 << 30),
        "a huge sparse 1C file": sparse(f"{SUBS}/eve.bsl", 4 << 30),
        "a huge sparse KuMir file": sparse(f"{SUBS}/eve.kum", 4 << 30),
        "a 50 MB comment": write(f"{SUBS}/eve.py", "#" + "x" * 50_000_000 + "\n"),
        "a name not UTF-8": raw_name(b"\xff\xfe.py", None),
        "a folder name not UTF-8": raw_name(b"\xc3\x28/", None),
        "an ESC in a name": raw_name(b"\x1b[2J\x1b[1Apassed.py", "print('x')\n"),
        "a newline in a name": raw_name(b"eve\npassed.py", "print('x')\n"),
        "a name like an option": raw_name(b"--csv=x.py", "print('x')\n"),
        "a 250-character name": raw_name(b"e" * 247 + b".py", "print('x')\n"),
        "a name with a bidi override": raw_name("\u202edessap.py".encode(), "print('x')\n"),
        "ann.py and ann/ both": both(good_student("ann/collatz.py"),
                                     student("ann.py", "print('x')\n")),
        "a nested folder only": good_student("bob/inner/collatz.py"),
        "a Java student of a wrong class": write(f"{SUBS}/eve.java",
                                                 "class Nope { public static void main("
                                                 "String[] a) { System.out.println(1); } }\n"),
        "a student in cp1251 1C": write(f"{SUBS}/eve.bsl", "Сообщить(\"привет\");\n"
                                        .encode("cp1251")),
    }
    for why, setup in shapes.items():
        # the class has one student who passes and one of that shape, who cannot pass —
        # except where the shape is harmless: files of no known language beside a program
        # are left alone, and a student is named by the file's stem, whatever its bytes
        # (docs/grading.md, "Who is a student")
        codes = (0,) if why in CLASS_PASSES else (1,)
        yield Try("suite files", f"grade: {why}", ["grade", "collatz", SUBS, "--timeout", "5"],
                  codes=codes, setup=both(ann, setup), bound=120, one_line=False)
    for words in (["verify"], ["verify", "--fresh"]):
        yield Try("suite files", f"a 4 GiB sparse file in a port's folder: {' '.join(words)}",
                  words, codes=(0,), setup=sparse(f"{PORT}/data.bin", 4 << 30), bound=120)
    yield Try("suite files", "a 4 GiB sparse program: check", ["check", "collatz", "big.py",
                                                               "--cases", "n-1"],
              codes=(1,), setup=sparse("big.py", 4 << 30), bound=60, one_line=False)
    for why, relative in (("SUBMISSIONS a link to a folder outside", "../outside/keep"),
                          ("SUBMISSIONS the suite itself", ".")):
        yield Try("suite files", f"grade: {why}", ["grade", "collatz", relative, "--timeout",
                                                    "5"], codes=(1,), bound=120,
                  one_line=False)


# ---- misbehaving ports: students, and --format json ---------------------------------------

STUDENTS = dict(PORTS, **{
    "a bounded fork bomb": "import os, time\nfor _ in range(600):\n    pid = os.fork()\n"
                           "    if pid == 0:\n        time.sleep(300)\n        os._exit(0)\n"
                           "    record(pid)\n",
    "reads the secret": "print(open('{outside}/secret.txt').read())\n",
    "writes outside": "open('{outside}/keep/file.txt', 'w').write('gone')\n",
    "sleeps": "import time\ntime.sleep(300)\n",
    "prints a fake table": "print('ann      python      6/6  passed\\neve      python      "
                           "6/6  passed')\n",
    "prints fake JSON": "print('{\"version\": 3, \"status\": \"pass\", \"tests\": []}')\n",
})
UNBOXED_ONLY_HARMFUL = {"reads the secret", "writes outside"}  # --sandbox off lets them


def misbehaving_ports() -> Iterator[Try]:
    for boxing, label in ((None, ""), ("off", " (unboxed)")):
        for why, code in STUDENTS.items():
            if boxing == "off" and why in UNBOXED_ONLY_HARMFUL:
                continue  # documented: unboxed, a program can read and write what you can
            codes: tuple[int, ...] = (1,)
            if why == "kills portcheck":
                codes = (-9, 1)  # unboxed it can kill its parent (reliability.md, Signals)
            setup = both(good_student("ann.py"), student("eve.py", code))
            yield Try("misbehaving ports", f"grade, a student that {why}{label}",
                      ["grade", "collatz", SUBS, "--timeout", "2", "--max-output", "64k"],
                      codes=codes, setup=setup, bound=60, one_line=False,
                      extra_env={"PORTCHECK_SANDBOX": boxing})
    for why, code in STUDENTS.items():
        codes = (-9, 1) if why == "kills portcheck" else (1,)
        program = port_program(code)
        for words in (["verify", "--format", "json", "--timeout", "2", "--max-output", "64k"],
                      ["check", "collatz", f"{PORT}/collatz.py", "--cases", "n-1,n-6",
                       "--timeout", "2", "--format", "json"],
                      ["grade", "collatz", SUBS, "--timeout", "2", "--format", "json"]):
            setup = program if words[0] != "grade" else both(
                good_student("ann.py"), student("eve.py", code))
            yield Try("misbehaving ports", f"{words[0]} --format json, {why}", words,
                      codes=codes, setup=setup, bound=60, one_line=False, check=json_results)


# A port that passes within the default limits and not within tighter ones: verify, then
# verify with the tighter limit must run it again and fail it, never answer from the cache.
NEEDS_MORE = {
    "--max-memory 32M": "x = bytearray(200 * 1024 * 1024)\n",
    "--max-processes 8": "import threading, time\nfor _ in range(12):\n"
                          "    threading.Thread(target=time.sleep, args=(1,)).start()\n"
                          "time.sleep(1.5)\n",
    "--max-disk 1M": "open('big', 'wb').write(bytes(8 * 1024 * 1024))\n",
}


def after_a_pass(one: Try, suite: Path, env: dict[str, str]
                 ) -> subprocess.CompletedProcess[bytes]:
    """``verify`` (it passes and is remembered), then ``one``'s words.  A first verify
    that did not pass would prove nothing: its exit code plus 100 is the answer then."""
    first = subprocess.run([sys.executable, "-m", "portcheck", "verify"], cwd=suite, env=env,
                           capture_output=True, timeout=one.bound, check=False)
    if first.returncode != 0:
        return subprocess.CompletedProcess(first.args, 100 + first.returncode, first.stdout,
                                           first.stderr)
    return subprocess.run([sys.executable, "-m", "portcheck", *one.words], cwd=suite, env=env,
                          capture_output=True, timeout=one.bound, check=False)


def no_template(suite: Path, outside: Path) -> None:
    """The Python template gone with its port (a template no port renders fails verify)."""
    (suite / "templates/python/collatz.py.j2").unlink()


def tighter_limits() -> Iterator[Try]:
    for limit, code in NEEDS_MORE.items():
        # its own failure without a Python traceback: the sweep looks for portcheck's
        guarded = "".join(f"    {line}\n" for line in code.splitlines())
        program = (f"import os\ntry:\n{guarded}except Exception:\n    os._exit(3)\n"
                   "print('1: 0 steps, peak 1')\nprint('6: 8 steps, peak 16')\n")
        yield Try("misbehaving ports", f"verify {limit} after a pass",
                  ["verify", *limit.split()], codes=(1,), runner=after_a_pass, bound=60,
                  setup=both(port_program(program), write(f"{PORT}/transcript.txt",
                                                           "1: 0 steps, peak 1\n"
                                                           "6: 8 steps, peak 16\n"),
                             no_template),
                  one_line=False)


# ---- concurrency: a class at once ---------------------------------------------------------

def thirty_students(suite: Path, outside: Path) -> None:
    """Thirty students: ten who pass, and four each that hang, flood, fork twenty children,
    print escapes and crash."""
    kinds = ["", "loops for ever", "prints for ever", "twenty children", "ANSI to fake ok",
             "segfaults"]
    for number in range(30):
        kind = kinds[number % 6] if number % 3 else ""
        if kind:
            student(f"s{number:02}.py", PORTS[kind])(suite, outside)
        else:
            good_student(f"s{number:02}.py")(suite, outside)


def concurrency() -> Iterator[Try]:
    for words, label in ((["--jobs", "2"], ""), (["--jobs", "8"], ", --jobs 8"),
                         (["--format", "json"], ", --format json"),
                         (["--csv", "grades.csv", "--report", "page"], ", --csv and --report")):
        yield Try("concurrency and atomicity", f"grade thirty students at once{label}",
                  ["grade", "collatz", SUBS, "--timeout", "2", "--max-output", "64k", *words],
                  codes=(1,), setup=thirty_students, bound=300, one_line=False,
                  check=json_results if "json" in words else no_problems)
    yield Try("concurrency and atomicity", "two grades at once, one --csv",
              ["grade", "collatz", SUBS, "--timeout", "2", "--csv", "grades.csv"], codes=(1,),
              setup=thirty_students, runner=two_at_once, bound=300, one_line=False)


# ---- environment and security: where JSON and grade's files go ----------------------------

def environment() -> Iterator[Try]:
    for words in (["verify", "--format", "json"],
                  ["check", "collatz", str(GOOD), "--cases", ALL_CASES, "--format", "json"],
                  ["grade", "collatz", SUBS, "--format", "json"]):
        yield Try("environment", f"stdout /dev/full: {words[0]} --format json", words,
                  codes=(2,), runner=to_dev_full, setup=good_student("ann.py"))
        yield Try("environment", f"stdout closed: {words[0]} --format json", words,
                  codes=(0, 2), runner=closed_stdout, setup=good_student("ann.py"))
        yield Try("environment", f"LANG=C: {words[0]} --format json", words, codes=(0,),
                  setup=good_student("ann.py"), check=json_results,
                  extra_env={"LANG": "C", "LC_ALL": "C", "PYTHONIOENCODING": "ascii"})


def security() -> Iterator[Try]:
    targets = {"a link to a file outside": ("out", "../outside/secret.txt"),
               "a link to a folder outside": ("out", "../outside/keep"),
               "a link to /dev/full": ("out", "/dev/full"),
               "a link to /dev/null": ("out", "/dev/null")}
    for option in ("--csv", "--report"):
        for why, (name, target) in targets.items():
            yield Try("security", f"grade {option} {why}",
                      ["grade", "collatz", SUBS, option, name], codes=(1, 2),
                      setup=both(good_student("ann.py"), link(name, target)))
        yield Try("security", f"grade {option} /dev/full",
                  ["grade", "collatz", SUBS, option, "/dev/full"], codes=(1, 2),
                  setup=good_student("ann.py"))
    yield Try("security", "grade --report beside a .out.old of someone else",
              ["grade", "collatz", SUBS, "--report", "out"], codes=(0, 1),
              setup=both(good_student("ann.py"), link(".out.old", "../outside/keep")))
    yield Try("security", "grade --csv onto a student's own program",
              ["grade", "collatz", SUBS, "--csv", f"{SUBS}/ann.py"], codes=(0, 1, 2),
              setup=good_student("ann.py"))
    for relative in (f"{PORT}/transcript.txt", f"{PORT}/collatz.py"):
        yield Try("security", f"{relative} a link outside: verify --format json",
                  ["verify", "--format", "json"], codes=(1, 2), check=json_results,
                  setup=link(relative, SECRET_FROM_PORT))


def tries() -> list[Try]:
    import _sweep_interpreter_files

    return [*command_line(), *class_shapes(), *misbehaving_ports(), *tighter_limits(),
            *_sweep_interpreter_files.interpreters(),
            *concurrency(), *environment(), *security()]

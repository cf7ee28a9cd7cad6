"""KuMir 2's own test programs on the real KuMir 2 and on the embedded interpreter.

Usage (KuMir 2's ``testing/prg`` folder extracted somewhere, a built ``kumir2-bc`` and
``kumir2-run``)::

    python benchmarks/kumir_suite.py --programs /tmp/kumir2/testing/prg \\
        --bc /tmp/kumir2/build/bin/kumir2-bc --run /tmp/kumir2/build/bin/kumir2-run \\
        [--failures failing.txt] [--jobs 2] [--files] [--write]

Every ``.kum`` of ``kumir_prog``, ``tOurNew``, ``new_files``, ``NewErrors`` and
``maly/misc``, except those that use an actor (``использовать`` anything but ``Строки``:
the robot, the drawer, files; ``--files``: only those using the file module, in a table
of their own), runs on KuMir 2 — ``kumir2-bc`` compiles it (its first error
by line is where KuMir rejects it), ``kumir2-run`` runs the bytecode (``ОШИБКА ВЫПОЛНЕНИЯ В
СТРОКЕ N: …`` on its standard error is a run-time error) — and on ``python -m
portinterp.kumir``, both with the same standard input.  A program KuMir runs twice with
different output (it seeds ``rnd`` from the clock) is not deterministic and not counted.
KuMir's results are cached in a JSON file keyed by the program's bytes.  Every program is
given to both in UTF-8 with a byte-order mark (KuMir reads a file without it as CP1251):
many of KuMir's own test files are UTF-16 (some without a mark) or CP1251.  Each runs in a
fresh folder of its own on both (a file it writes goes there; KuMir's messages name the
folder, read as ``{cwd}``).  Nothing is downloaded or built here.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import re
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE))

from _page import Measurement, add_write_option, table  # noqa: E402

FOLDERS = ("kumir_prog", "tOurNew", "new_files", "NewErrors", "maly/misc")
STDIN = "3\n" * 40
ACTOR = re.compile(r"(?im)^\s*использовать\s+(?!строки\b)\S")
COMPILE_ERROR = re.compile(r"^Ошибка: .*?:(\d+):\d+(?:-\d+)?: (.*)$", re.M)
OTHER_ACTOR = re.compile(r"(?im)^\s*использовать\s+(?!строки\b|файлы\b)\S")
FILE_MODULE = re.compile(r"(?im)^\s*использовать\s+файлы\b|(?<!\w)файл(?!\w)")
RUN_ERROR = re.compile(r"^ОШИБКА ВЫПОЛНЕНИЯ В СТРОКЕ (\d+): (.*)$", re.M)


@dataclass(frozen=True)
class Ending:
    """How a run ended: ``ok``, ``compile-error``, ``run-error`` or ``timeout``; for an
    error its line and message; the standard output."""

    status: str
    line: int
    message: str
    output: str


def programs(root: Path, files: bool = False) -> list[Path]:
    """The programs that use no actor; with ``files``, instead, those that use KuMir's file
    module (``использовать Файлы`` or the type ``файл``) and no other actor."""
    found = []
    for folder in FOLDERS:
        for path in sorted((root / folder).rglob("*.kum")):
            text = _text(path)[0]
            if not files and not ACTOR.search(text):
                found.append(path)
            elif files and not OTHER_ACTOR.search(text) and FILE_MODULE.search(text):
                found.append(path)
    return found


def _text(path: Path) -> tuple[str, str]:
    """The program's text: UTF-16 after its byte-order mark, UTF-8, else CP1251 (a byte
    CP1251 lacks becomes U+FFFD)."""
    data = path.read_bytes()
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return data.decode("utf-16"), "utf-16"
    odd = data[1::2]
    if odd and sum(b in (0, 4) for b in odd) > 0.9 * len(odd):  # Cyrillic UTF-16LE, no mark
        return data.decode("utf-16-le", "replace"), "utf-16"
    try:
        return data.decode("utf-8-sig"), "utf-8"
    except UnicodeDecodeError:
        return data.decode("cp1251", "replace"), "cp1251"


def run_kumir(path: Path, bc: str, run: str, timeout: float) -> Ending:
    text, _encoding = _text(path)
    env = dict(os.environ, LANG="ru_RU.UTF-8", LC_ALL="ru_RU.UTF-8",
               QT_QPA_PLATFORM="offscreen")
    with tempfile.TemporaryDirectory(prefix="kumir-suite-") as folder:
        source = Path(folder) / "program.kum"
        source.write_bytes(b"\xef\xbb\xbf" + text.encode("utf-8"))
        try:
            done = subprocess.run([bc, source.name], cwd=folder, env=env, capture_output=True,
                                  timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return Ending("timeout", 0, "kumir2-bc", "")
        errors = [(int(m.group(1)), m.group(2).strip())
                  for m in COMPILE_ERROR.finditer(done.stderr.decode("utf-8", "replace"))]
        if errors:
            line, message = min(errors, key=lambda e: e[0])
            return Ending("compile-error", line, message, "")
        try:
            ran = subprocess.run([run, "program.kod"], cwd=folder, env=env, input=STDIN.encode(),
                                 capture_output=True, timeout=timeout, check=False)
        except subprocess.TimeoutExpired:
            return Ending("timeout", 0, "kumir2-run", "")
    out = ran.stdout.decode("utf-8", "replace")
    failed = RUN_ERROR.search(ran.stderr.decode("utf-8", "replace"))
    if failed:
        return Ending("run-error", int(failed.group(1)), failed.group(2).strip(), out)
    return Ending("ok", 0, "", out)


def run_embedded(path: Path, timeout: float, python: str = sys.executable) -> Ending:
    """The program's text as KuMir got it (UTF-8), run by ``python -m portinterp.kumir``."""
    with tempfile.TemporaryDirectory(prefix="kumir-suite-") as folder:
        source = Path(folder) / "program.kum"
        source.write_text(_text(path)[0], encoding="utf-8")
        return _run_embedded(source, timeout, python, cwd=folder)


# One run on the embedded interpreter: a compile error and a run-time error are told apart
# by the API (``CompileError``, ``RunError``), one process per program.
_RUN = """
import sys
from pathlib import Path
from portinterp.errors import CompileError, RunError
from portinterp.kumir import compile_file, run_program
try:
    program = compile_file(Path(sys.argv[1]))
except CompileError as error:
    sys.stderr.write(f"compile-error {error.line} {error.message}\\n")
    sys.exit(1)
try:
    run_program(program, stdin=sys.stdin, stdout=sys.stdout)
except RunError as error:
    sys.stdout.flush()
    sys.stderr.write(f"run-error {error.line} {error.message}\\n")
    sys.exit(1)
"""
_ENDED = re.compile(r"^(compile-error|run-error) (\d+) (.*)$", re.M)


def _run_embedded(path: Path, timeout: float, python: str, cwd: str | None = None) -> Ending:
    try:
        done = subprocess.run([python, "-c", _RUN, str(path)], input=STDIN.encode(), cwd=cwd,
                              capture_output=True, timeout=timeout, check=False)
    except subprocess.TimeoutExpired:
        return Ending("timeout", 0, "", "")
    out = done.stdout.decode("utf-8", "replace")
    err = done.stderr.decode("utf-8", "replace")
    ended = _ENDED.search(err)
    if ended is not None:
        return Ending(ended.group(1), int(ended.group(2)), ended.group(3).strip(), out)
    if done.returncode != 0:
        lines = err.strip().splitlines()
        return Ending("traceback", 0, lines[-1] if lines else f"exit {done.returncode}", out)
    return Ending("ok", 0, "", out)


# The run's own folder, which KuMir's file module names in its messages («Файл не существует:
# /tmp/kumir-suite-…/input_1.txt»): each program runs in a fresh one, on both.
_FOLDER = re.compile(re.escape(tempfile.gettempdir()) + r"/kumir-suite-[^/\s]+")


def _same_ending(kumir: Ending, ours: Ending) -> tuple[bool, bool]:
    """(the same line and output before it, and also KuMir's words) of two run-time errors."""
    k_out, o_out = (_FOLDER.sub("{cwd}", e.output) for e in (kumir, ours))
    line = ours.status == "run-error" and ours.line == kumir.line and k_out == o_out
    return line, line and _FOLDER.sub("{cwd}", ours.message) == _FOLDER.sub("{cwd}", kumir.message)


def same_words(kumir: str, ours: str) -> bool:
    """KuMir's message, or KuMir's words followed by the name ``Имя не объявлено: x``."""
    return kumir in (ours, ours.rpartition(": ")[0])


def measure(paths: list[Path], kumir: dict[str, Ending], ours: dict[str, Ending],
            deterministic: set[str]) -> tuple[list[list[object]], list[str]]:
    counts = {"ok": [0, 0], "compile-error": [0, 0, 0], "run-error": [0, 0, 0]}
    failing: list[str] = []
    tracebacks = 0
    for path in paths:
        key = str(path)
        k, o = kumir[key], ours[key]
        tracebacks += o.status == "traceback"
        if k.status == "ok" and key in deterministic:
            counts["ok"][0] += 1
            same = o.status == "ok" and o.output == k.output
            counts["ok"][1] += same
            if not same:
                failing.append(f"{key}: runs; embedded {o.status} {o.line} {o.message}")
        elif k.status == "compile-error":
            counts["compile-error"][0] += 1
            line = o.status == "compile-error" and o.line == k.line
            words = line and same_words(k.message, o.message)
            counts["compile-error"][1] += line
            counts["compile-error"][2] += words
            if not words:
                failing.append(f"{key}: KuMir {k.line} «{k.message}»; embedded {o.status} "
                               f"{o.line} «{o.message}»")
        elif k.status == "run-error":
            counts["run-error"][0] += 1
            line, words = _same_ending(k, o)
            counts["run-error"][1] += line
            counts["run-error"][2] += words
            if not words:
                failing.append(f"{key}: KuMir run {k.line} «{k.message}»; embedded {o.status} "
                               f"{o.line} «{o.message}»" + ("" if o.output == k.output
                                                            else " (output differs)"))
    ok, rejected, stopped = counts["ok"], counts["compile-error"], counts["run-error"]
    rows: list[list[object]] = [
        ["KuMir runs it (deterministic): identical output", f"{ok[1]} / {ok[0]}"],
        ["KuMir rejects it: same first line", f"{rejected[1]} / {rejected[0]}"],
        ["… and KuMir's words", f"{rejected[2]} / {rejected[0]}"
         f" ({100 * rejected[2] / max(rejected[0], 1):.1f} %)"],
        ["KuMir stops at run time: same line, same output before", f"{stopped[1]} / {stopped[0]}"],
        ["… and KuMir's words", f"{stopped[2]} / {stopped[0]}"],
        ["Python traceback", tracebacks],
    ]
    return rows, failing


def _kumir_outcomes(paths: list[Path], args: argparse.Namespace) -> tuple[dict[str, Ending],
                                                                          set[str]]:
    cache: dict[str, dict] = {}
    if args.cache.exists():
        cache = json.loads(args.cache.read_text(encoding="utf-8"))

    def key(path: Path) -> str:
        return hashlib.sha256(path.read_bytes()).hexdigest()[:20]

    def one(path: Path) -> tuple[str, dict]:
        first = run_kumir(path, args.bc, args.run, args.timeout)
        second = run_kumir(path, args.bc, args.run, args.timeout) if first.status == "ok" \
            else first
        return key(path), {**asdict(first), "deterministic": first == second}

    todo = [p for p in paths if key(p) not in cache]
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        cache.update(dict(pool.map(one, todo)))
    if todo:
        args.cache.write_text(json.dumps(cache, ensure_ascii=False, indent=0), encoding="utf-8")
    endings, deterministic = {}, set()
    for path in paths:
        entry = dict(cache[key(path)])
        if entry.pop("deterministic"):
            deterministic.add(str(path))
        endings[str(path)] = Ending(**entry)
    return endings, deterministic


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--programs", type=Path, default=Path("/tmp/kumir2/testing/prg"))
    parser.add_argument("--bc", default="/tmp/kumir2/build/bin/kumir2-bc")
    parser.add_argument("--run", default="/tmp/kumir2/build/bin/kumir2-run")
    parser.add_argument("--cache", type=Path, default=Path("/tmp/kumir2/suite_cache.json"))
    parser.add_argument("--files", action="store_true",
                        help="only the programs that use KuMir's file module (another table)")
    parser.add_argument("--failures", type=Path, help="write the programs that differ here")
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--timeout", type=float, default=20.0)
    parser.add_argument("--python", default=sys.executable,
                        help="the Python whose portinterp is measured (another checkout's)")
    add_write_option(parser)
    args = parser.parse_args(argv)
    measurement = Measurement()
    paths = programs(args.programs, args.files)
    if not paths:
        print(f"error: no programs under {args.programs}", file=sys.stderr)
        return 2
    kumir, deterministic = _kumir_outcomes(paths, args)
    with ThreadPoolExecutor(max_workers=args.jobs) as pool:
        ours = dict(zip(map(str, paths), pool.map(lambda p: run_embedded(p, 60.0, args.python),
                                                paths),
                        strict=True))
    rows, failing = measure(paths, kumir, ours, deterministic)
    context = (f"{measurement.context()} KuMir 2 (`--bc`, `--run`), {len(paths)} of its test "
               "programs (`--programs`), the same standard input for both.")
    block = "kumir-suite-files" if args.files else "kumir-suite"
    measurement.publish(block, table(["what", "programs"], rows), args.write, context)
    if args.failures:
        args.failures.write_text("\n".join(failing) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
